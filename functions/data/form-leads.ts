// Leads by form (issue 35, docs/decisions/0393-leads-by-form-index.md): the inbox filters by one
// form, and its Form filter lists every form leads were sent with, deleted ones included. The
// lead items cannot be queried by form (the table's two indexes hold the inbox list and the
// status lists, functions/data/leads/list.ts), so each lead has a small index item of its own,
// written in the lead's create transaction, and each form that ever had a lead one summary:
//
//   a form's leads, newest ........ Query   pk=FORM-LEADS#<form id>  sk=<createdAt>#<leadId>  (descending)
//   ... within a date range ........ the same Query with  sk BETWEEN <from> AND <to>
//   the forms leads came with ...... Query   pk=LEAD-FORMS  (sk=<form id>: last title, last lead's time)
//   built for older leads .......... GetItem pk=SETTINGS  sk=FORM-INDEX
//
// The index item holds the lead's id, time and status; every status change rewrites it in
// the change's own transaction (as the contact index item, functions/data/contacts.ts), so a
// status filter and the exclusion of spam need no read of the leads. The other filters
// (owner, page, search) are checked on the leads themselves, read by BatchGet. A lead's form
// is its `formId`, or for leads from before forms its type's built-in form (leadFormId).
//
// The summary is written after the lead is stored, by a plain UpdateItem that only a newer
// lead may move (its title becomes the form's last known title): in the lead's transaction,
// two leads of one form sent at once would conflict. Erasing a form's last lead deletes its
// summary, so a deleted form leaves the filter when no lead names it any more.
//
// Leads stored before the index carry no `formIndex` attribute. The first read that needs the
// index builds it once per installation, as the contact index is built: every lead through the
// two lead indexes (no scan), each unindexed one in a transaction that checks it is still
// unindexed and still has the status read, then the marker, so later reads skip the work.
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { formTitleFromId, leadFormId, type LeadStatus } from '../shared/leads/basics.ts';
import type { FormType } from '../shared/contact.ts';
import { buildOnceBehind, indexEveryLead, markIndexed } from './contacts.ts';
import { isConditionalFailure, queryAll, TableRepository } from './table.ts';
import { keys } from './keys.ts';

/** What the index needs of a lead. */
interface IndexedLead {
  id: string;
  createdAt: string;
  status: LeadStatus;
  formId?: string | undefined;
  formType: FormType;
}

/** The status an index item mirrors: the first release's `closed` is read as lost. */
const mirrored = (status: string): LeadStatus =>
  status === 'closed' ? 'lost' : (status as LeadStatus);

/** The index item of a lead (a transaction part's Item). */
export function formLeadItem(lead: IndexedLead) {
  return {
    ...keys.formLead(leadFormId(lead), lead.createdAt, lead.id),
    leadId: lead.id,
    createdAt: lead.createdAt,
    status: mirrored(lead.status),
  };
}

/** A form leads were sent with. */
export interface LeadFormSummary {
  formId: string;
  /** The title of the form's newest lead (older leads: the form's id in words). */
  title: string;
  lastLeadAt: string;
}

export class FormIndex extends TableRepository {
  /** The build of this table's index, once per process (the marker makes it once per table). */

  /**
   * Records that a lead came with its form: the form's title becomes this lead's, unless a
   * newer lead was recorded already. Call after the lead is stored.
   */
  async touch(lead: IndexedLead & { formTitle?: string | undefined }): Promise<void> {
    const formId = leadFormId(lead);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.leadForm(formId),
          UpdateExpression: lead.formTitle
            ? 'SET title = :title, lastLeadAt = :at, formId = :formId'
            : 'SET title = if_not_exists(title, :title), lastLeadAt = :at, formId = :formId',
          ConditionExpression: 'attribute_not_exists(lastLeadAt) OR lastLeadAt <= :at',
          ExpressionAttributeValues: {
            ':title': lead.formTitle || formTitleFromId(formId),
            ':at': lead.createdAt,
            ':formId': formId,
          },
        }),
      );
    } catch (error) {
      // A newer lead of the form was recorded first: its title stands.
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** Every form leads were sent with (and not all erased), by id. */
  async forms(): Promise<LeadFormSummary[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.leadFormsPartition() },
    });
    return items.map((item) => ({
      formId: String(item['sk']),
      title: String(item['title'] ?? formTitleFromId(String(item['sk']))),
      lastLeadAt: String(item['lastLeadAt'] ?? ''),
    }));
  }

  /**
   * After a lead of this form was erased: when the form has no lead left, its summary goes,
   * unless a lead arrived meanwhile (the summary's time is the one read before the check).
   */
  async forget(formId: string): Promise<void> {
    const summary = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.leadForm(formId), ConsistentRead: true }),
    );
    if (!summary.Item) return;
    const left = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.formLeadsPartition(formId) },
        ConsistentRead: true,
        Limit: 1,
        ProjectionExpression: 'pk',
      }),
    );
    if ((left.Items ?? []).length > 0) return;
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.leadForm(formId),
          ConditionExpression: 'lastLeadAt = :seen',
          ExpressionAttributeValues: { ':seen': summary.Item['lastLeadAt'] },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** Builds the index for leads older than it, once (see the header); retried after a failure. */
  readonly ensureBuilt = buildOnceBehind(
    this.db,
    this.table,
    keys.formIndexDone(),
    () => this.now(),
    () => this.build(),
  );

  /** Indexes every lead that has no index item yet; returns how many it indexed. */
  build(): Promise<number> {
    return indexEveryLead(
      this.db,
      this.table,
      (item) => item['formIndex'] === undefined && typeof item['createdAt'] === 'string',
      (item) => this.indexOne(item),
    );
  }

  private async indexOne(item: Record<string, unknown>): Promise<boolean> {
    const lead: IndexedLead & { formTitle?: string } = {
      id: String(item['id']),
      createdAt: String(item['createdAt']),
      status: item['status'] as LeadStatus,
      formType: item['formType'] as FormType,
      ...(typeof item['formId'] === 'string' ? { formId: item['formId'] } : {}),
      ...(typeof item['formTitle'] === 'string' ? { formTitle: item['formTitle'] } : {}),
    };
    const indexed = await this.transact({
      items: [
        { Put: { TableName: this.table, Item: formLeadItem(lead) } },
        markIndexed(this.table, item, 'formIndex', leadFormId(lead)),
      ],
      // Changed (or indexed, or erased) meanwhile: that change wrote what it needed.
      onConflict: () => undefined,
    });
    if (!indexed) return false;
    await this.touch(lead);
    return true;
  }
}
