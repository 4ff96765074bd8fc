// Leads: contact submissions from the landing-page dialog, the contact page and /pilot,
// with their internal timeline (notes, status changes) and their CRM delivery.
//
// Access patterns and keys:
//   lead by id .................... GetItem  pk=LEAD#<id>  sk=LEAD
//   a lead with everything ........ Query    pk=LEAD#<id>  (sk LEAD, NOTE#<at>#<rand>, OUTBOX#WEBHOOK)
//   leads (not spam), newest ...... Query    gsi1pk=LEADS                  gsi1sk=<createdAt>#<id>  (descending)
//   leads by status, newest ....... Query    gsi2pk=LEADS#STATUS#<status>  gsi2sk=<createdAt>#<id>  (descending)
//   either within a date range .... the same Query with  gsiNsk BETWEEN <from> AND <to>
//   number of new leads ........... Query    gsi2pk=LEADS#STATUS#new, Select COUNT
//   a contact's submissions ....... Query    pk=CONTACT#<lower-cased e-mail>  (functions/data/contacts.ts)
//   a form's leads, newest ........ Query    pk=FORM-LEADS#<form id>  sk=<createdAt>#<id>  (descending,
//                                   a date range by key; then BatchGet of the leads; functions/data/form-leads.ts)
//   new leads past their SLA ...... Query    gsi2pk=LEADS#STATUS#new  gsi2sk BETWEEN <cutoff - 7 days> AND <cutoff>
// The gsi1 list is sparse: spam carries no gsi1 keys, so it is never listed or counted
// with the leads, yet stays reachable by status for review (and rescue). A status change
// rewrites gsi2pk and adds or removes the gsi1 keys when a lead moves out of or into spam.
// Form, landing page, owner and the name/e-mail/company search are applied to the items
// those queries return, within a read budget per request
// (docs/decisions/0044-lead-keys-and-reads.md). Everything about one lead shares its partition, so
// erasing it is one query and deletes, plus its contact index item (functions/data/contacts.ts),
// whose key the lead's e-mail and time give. The index item is written with the lead, in the same
// transaction, and rewritten with every status change (it mirrors the status for the submission
// numbers). Owner (issue 26): `owner` on the lead item, an account's lower-cased e-mail, changed
// like the status (a condition on the value read, a timeline entry in the same transaction). Leads
// are written with attribute_not_exists, once, before anything else happens with them, so an
// accepted submission is never lost; its CRM delivery (functions/data/outbox.ts) is written in the
// same transaction.
//
// Issue 35: every lead carries its form's id and title (`formTitle`) and has an index item under
// its form, written in the create transaction and rewritten with every status change
// (functions/data/form-leads.ts), so `formId` filters read that form's leads only
// (docs/decisions/0393-leads-by-form-index.md). An assignment rule sets the owner of a new lead
// with the same condition as a person's change (nobody owns it yet), its timeline entry and its
// audit entry in one transaction (docs/decisions/0390-lead-assignment-rules.md). The SLA
// reminder is claimed once per lead by a conditional write (still new, never reminded), its
// audit entry in the same transaction (docs/decisions/0391-lead-sla-reminder.md).
import { randomUUID } from 'node:crypto';
import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ConflictError, InvalidError } from '../lib/domain-errors.ts';
import type { ContactSubmission } from '../shared/contact.ts';
import { leadFormId, leadFromPage, type LeadStatus } from '../shared/lead-basics.ts';
import type {
  LeadAttribution,
  LeadFilter,
  LeadNotification,
  LeadView,
  TimelineEntry,
} from '../shared/leads.ts';
import { newOutboxItem, OUTBOX_SK, outboxParts, toOutboxItem, type OutboxItem } from './outbox.ts';
import { contactItem, contactKey, ContactIndex } from './contacts.ts';
import { auditItem } from './audit.ts';
import { FormIndex, formLeadItem } from './form-leads.ts';
import {
  getAll,
  conditionally,
  GSI1,
  GSI2,
  isConditionalFailure,
  putNew,
  queryAll,
  TableRepository,
} from './table.ts';
import { GSI1PK, keys, PK, SK, uuidKeyPattern } from './keys.ts';

export type { LeadStatus };

/** A stored lead, as the admin API shows it (functions/shared/leads.ts leadSchema). */
export type Lead = LeadView;

/** A lead with its timeline (oldest first) and its CRM delivery, if one was ever due. */
export interface LeadRecord {
  lead: Lead;
  timeline: TimelineEntry[];
  outbox: OutboxItem | undefined;
}

/** Items one list request may read before it answers with what it found (and a cursor). */
export const LIST_READ_BUDGET = 2000;
/** Items per DynamoDB page while filtering. */
const QUERY_PAGE = 200;
/** The export's limits: rows written, items read. */
export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_READ_BUDGET = 20_000;

const LEADS_PK = GSI1PK.leads;
const leadKey = keys.lead;
const statusPk = (status: LeadStatus) => keys.leadStatusPartition(status);
const NOTE_PREFIX = SK.leadNote;

// Refusals are domain errors (functions/lib/domain-errors.ts), answered 400 or 409 with
// these messages and fields by the app's error handler.
/** A page token no longer (or never) valid for this list. */
export class InvalidCursorError extends InvalidError {
  override name = 'InvalidCursorError';
  constructor(problem: string) {
    super(`Invalid request: cursor ${problem}`, { cursor: [problem] });
  }
}
/** The lead was changed by someone else between read and write. */
export class LeadConflictError extends ConflictError {
  override name = 'LeadConflictError';
}
/** The export filter matches more than EXPORT_MAX_ROWS (or reads past its budget). */
export class ExportTooLargeError extends InvalidError {
  override name = 'ExportTooLargeError';
  constructor(message: string) {
    super(message, { from: [message] });
  }
}

function toLead(item: Record<string, unknown>): Lead {
  const lead = item as unknown as Lead;
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    message: lead.message,
    formType: lead.formType,
    // 'closed' was a status of the first release that no code ever wrote; read any that
    // exists as lost, which claims no won deal (docs/decisions/0043-lead-statuses.md).
    status: (lead.status as string) === 'closed' ? 'lost' : lead.status,
    createdAt: lead.createdAt,
    ...(lead.role ? { role: lead.role } : {}),
    ...(lead.inquiryType ? { inquiryType: lead.inquiryType } : {}),
    ...(lead.landingPageId ? { landingPageId: lead.landingPageId } : {}),
    ...(lead.spamSource ? { spamSource: lead.spamSource } : {}),
    ...(lead.updatedAt ? { updatedAt: lead.updatedAt } : {}),
    ...(lead.attribution ? { attribution: lead.attribution } : {}),
    ...(lead.notification ? { notification: lead.notification } : {}),
    ...(lead.formId ? { formId: lead.formId } : {}),
    ...(lead.fields ? { fields: lead.fields } : {}),
    ...(lead.phones ? { phones: lead.phones } : {}),
    ...(lead.consent ? { consent: lead.consent } : {}),
    ...(lead.owner ? { owner: lead.owner } : {}),
    ...(lead.formTitle ? { formTitle: lead.formTitle } : {}),
    ...(lead.reminder ? { reminder: lead.reminder } : {}),
  };
}

function toTimelineEntry(item: Record<string, unknown>): TimelineEntry {
  const entry = item as unknown as TimelineEntry;
  return {
    id: String(item['sk']).slice(NOTE_PREFIX.length),
    at: entry.at,
    author: entry.author,
    kind: entry.kind,
    ...(entry.text !== undefined ? { text: entry.text } : {}),
    ...(entry.from ? { from: entry.from } : {}),
    ...(entry.to ? { to: entry.to } : {}),
    ...(entry.fromOwner ? { fromOwner: entry.fromOwner } : {}),
    ...(entry.toOwner ? { toOwner: entry.toOwner } : {}),
  };
}

/** Case- and accent-insensitive text for the search. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Which index a filter reads, and the key range within it: one form's index items
 * (functions/data/form-leads.ts) for a `formId`, else the status index or the all-leads one.
 */
function listQuery(filter: LeadFilter) {
  const index = filter.formId ? undefined : filter.status ? GSI2 : GSI1;
  const partition = filter.formId
    ? keys.formLeadsPartition(filter.formId)
    : filter.status
      ? statusPk(filter.status)
      : LEADS_PK;
  const prefix = index ?? '';
  // Sort keys are "<ISO time>#<id>": "<from>" sorts before every key of that instant, and
  // "<to>" before every key of that one, so BETWEEN from AND to is [from, to).
  const low = filter.from ? new Date(filter.from).toISOString() : undefined;
  const high = filter.to ? new Date(filter.to).toISOString() : undefined;
  const range =
    low && high
      ? { expression: ' AND #sk BETWEEN :low AND :high', values: { ':low': low, ':high': high } }
      : low
        ? { expression: ' AND #sk >= :low', values: { ':low': low } }
        : high
          ? { expression: ' AND #sk < :high', values: { ':high': high } }
          : { expression: '', values: {} };
  const input = {
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: `#pk = :pk${range.expression}`,
    ExpressionAttributeNames: {
      '#pk': `${prefix}pk`,
      ...(range.expression ? { '#sk': `${prefix}sk` } : {}),
    },
    ExpressionAttributeValues: { ':pk': partition, ...range.values },
    ScanIndexForward: false,
  } satisfies Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit' | 'TableName'>;
  return { index, partition, low, high, input };
}
type ListQuery = ReturnType<typeof listQuery>;

/**
 * Where the next page of a list starts: the last lead read (its table and index keys).
 * The route signs it (functions/lib/cursor.ts); list() also checks that it belongs to the
 * filter it is given, since an index key from another partition would read that one.
 */
export const leadCursorSchema = z.strictObject({
  pk: z.string().regex(uuidKeyPattern(PK.lead)),
  sk: z.literal(SK.lead),
  /** The index partition: a gsi's, or FORM-LEADS#<form id> (up to 75 characters). */
  ipk: z.string().max(80),
  isk: z.string().max(80),
});
export type LeadCursor = z.infer<typeof leadCursorSchema>;

export class LeadRepository extends TableRepository {
  private contactIndex: ContactIndex | undefined;
  private formIndex: FormIndex | undefined;

  /** The contact index over the same table (functions/data/contacts.ts). */
  get contacts(): ContactIndex {
    this.contactIndex ??= new ContactIndex(this.db, this.table, this.now);
    return this.contactIndex;
  }

  /** The form index and the forms leads came with (functions/data/form-leads.ts). */
  get forms(): FormIndex {
    this.formIndex ??= new FormIndex(this.db, this.table, this.now);
    return this.formIndex;
  }

  /**
   * Stores a submission; `spam` marks a filled honeypot. `notify` says whether an e-mail
   * will be sent (NOTIFY_EMAIL set), `forward` whether the CRM webhook is configured: its
   * delivery is then written in the same transaction, never for spam.
   */
  async create(
    submission: ContactSubmission,
    options: {
      spam: boolean;
      notify?: boolean;
      forward?: boolean;
      attribution?: LeadAttribution;
      /** The form it came with (id and title), its own fields and the consent record. */
      form?: Pick<Lead, 'formId' | 'formTitle' | 'fields' | 'phones' | 'consent'>;
    },
  ): Promise<Lead> {
    const id = randomUUID();
    const createdAt = this.now().toISOString();
    const status: LeadStatus = options.spam ? 'spam' : 'new';
    const lead: Lead = {
      id,
      name: submission.name,
      email: submission.email,
      company: submission.company,
      message: submission.message,
      formType: submission.formType,
      status,
      createdAt,
      ...(submission.role ? { role: submission.role } : {}),
      ...(submission.inquiryType ? { inquiryType: submission.inquiryType } : {}),
      ...(submission.landingPageId ? { landingPageId: submission.landingPageId } : {}),
      ...(options.spam ? { spamSource: 'honeypot' as const } : {}),
      ...(options.attribution ? { attribution: options.attribution } : {}),
      ...(options.form?.formId ? { formId: options.form.formId } : {}),
      ...(options.form?.formTitle ? { formTitle: options.form.formTitle } : {}),
      ...(options.form?.fields && Object.keys(options.form.fields).length
        ? { fields: options.form.fields }
        : {}),
      ...(options.form?.phones && Object.keys(options.form.phones).length
        ? { phones: options.form.phones }
        : {}),
      ...(options.form?.consent ? { consent: options.form.consent } : {}),
      notification: {
        status: options.spam ? 'skipped' : options.notify ? 'pending' : 'not-configured',
      },
    };
    const sortKey = `${createdAt}#${id}`;
    const item = {
      ...leadKey(id),
      ...(options.spam ? {} : { gsi1pk: LEADS_PK, gsi1sk: sortKey }),
      gsi2pk: statusPk(status),
      gsi2sk: sortKey,
      // Indexed under its contact (functions/data/contacts.ts) and its form
      // (functions/data/form-leads.ts) in this very transaction.
      contact: contactKey(lead.email),
      formIndex: leadFormId(lead),
      ...lead,
    };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(this.table, item),
          putNew(this.table, contactItem(lead)),
          putNew(this.table, formLeadItem(lead)),
          ...(options.forward && !options.spam
            ? [putNew(this.table, newOutboxItem(id, createdAt))]
            : []),
        ],
      }),
    );
    return lead;
  }

  async get(id: string): Promise<Lead | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: leadKey(id), ConsistentRead: true }),
    );
    return result.Item ? toLead(result.Item) : undefined;
  }

  /** The lead, its timeline and its delivery: one query over the lead's partition. */
  async record(id: string): Promise<LeadRecord | undefined> {
    const items = await this.partition(id);
    const leadItem = items.find((item) => item['sk'] === SK.lead);
    if (!leadItem) return undefined;
    const outboxItem = items.find((item) => item['sk'] === OUTBOX_SK);
    return {
      lead: toLead(leadItem),
      timeline: items
        .filter((item) => String(item['sk']).startsWith(NOTE_PREFIX))
        .map(toTimelineEntry),
      outbox: outboxItem ? toOutboxItem(outboxItem) : undefined,
    };
  }

  /** Records how the new-lead e-mail went; nothing happens if the lead was erased meanwhile. */
  async recordNotification(id: string, notification: LeadNotification): Promise<void> {
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET notification = :notification',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':notification': notification },
        }),
      ),
    );
  }

  /**
   * One page of leads, newest first. Reads the status index (or the all-leads index), in
   * the date range by key; form, page and search are checked per item, reading at most
   * LIST_READ_BUDGET items before answering with what matched so far (`partial`).
   */
  async list(
    filter: LeadFilter,
    options: {
      limit: number;
      cursor?: LeadCursor | undefined;
      page?: { id: string; slug: string };
      /** Items to read at most (LIST_READ_BUDGET); tests make it small. */
      budget?: number;
    },
  ): Promise<{ leads: Lead[]; cursor: LeadCursor | undefined; partial: boolean }> {
    const budget = options.budget ?? LIST_READ_BUDGET;
    // Leads from before the form index get their items first (once per installation).
    if (filter.formId) await this.forms.ensureBuilt();
    const query = listQuery(filter);
    let startKey: Record<string, unknown> | undefined = options.cursor
      ? startKeyOf(options.cursor, query)
      : undefined;
    const matches = matcher(filter, options.page);
    const filtered = Boolean(filter.form || filter.page || filter.q || filter.owner);
    const found: Record<string, unknown>[] = [];
    let examined = 0;
    let lastExamined: Record<string, unknown> | undefined;
    // Read one match past the page, so a cursor is given only when there is more.
    while (found.length <= options.limit && examined < budget) {
      const want = filtered
        ? Math.min(QUERY_PAGE, budget - examined)
        : options.limit + 1 - found.length;
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...query.input,
          Limit: want,
          ExclusiveStartKey: startKey,
        }),
      );
      const items = result.Items ?? [];
      const leads = await this.leadsOf(items, query, filter);
      for (const [index, item] of items.entries()) {
        examined++;
        lastExamined = item;
        const lead = leads[index];
        if (lead && matches(lead)) found.push(lead);
        if (found.length > options.limit) break;
      }
      startKey = result.LastEvaluatedKey;
      if (!startKey) break;
    }
    if (found.length > options.limit) {
      const page = found.slice(0, options.limit);
      return {
        leads: page.map(toLead),
        cursor: cursorOf(page.at(-1)!, query),
        partial: false,
      };
    }
    // Stopped at the budget: DynamoDB hands a start key whenever a page was full, so look
    // one item ahead before promising the caller that there is more.
    let partial = false;
    if (startKey && lastExamined) {
      const ahead = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...query.input,
          Limit: 1,
          ExclusiveStartKey: startKey,
          ProjectionExpression: 'pk',
        }),
      );
      partial = (ahead.Items ?? []).length > 0;
    }
    return {
      leads: found.map(toLead),
      cursor: partial ? positionOf(lastExamined!, query) : undefined,
      partial,
    };
  }

  /**
   * The lead items of a page a list query read, aligned with it: the items themselves, or
   * for a form's index (functions/data/form-leads.ts) their leads, read in one BatchGet per
   * 100; an index item whose mirrored status the filter excludes (spam, unless asked for;
   * another status than the one asked for) is undefined, and its lead is not read.
   */
  private async leadsOf(
    items: Record<string, unknown>[],
    query: ListQuery,
    filter: LeadFilter,
  ): Promise<(Record<string, unknown> | undefined)[]> {
    if (query.index) return items;
    const wanted = (item: Record<string, unknown>) =>
      filter.status ? item['status'] === filter.status : item['status'] !== 'spam';
    const read = await getAll(
      this.db,
      this.table,
      items.filter(wanted).map((item) => leadKey(String(item['leadId']))),
    );
    const byId = new Map(read.map((lead) => [String(lead['id']), lead]));
    return items.map((item) => (wanted(item) ? byId.get(String(item['leadId'])) : undefined));
  }

  /** Every lead matching the filter, newest first, for the CSV export. */
  async all(filter: LeadFilter, page?: { id: string; slug: string }): Promise<Lead[]> {
    if (filter.formId) await this.forms.ensureBuilt();
    const query = listQuery(filter);
    const matches = matcher(filter, page);
    const found: Lead[] = [];
    let examined = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({ TableName: this.table, ...query.input, ExclusiveStartKey: startKey }),
      );
      const items = result.Items ?? [];
      examined += items.length;
      for (const lead of await this.leadsOf(items, query, filter)) {
        if (lead && matches(lead)) found.push(toLead(lead));
      }
      if (found.length > EXPORT_MAX_ROWS || examined > EXPORT_READ_BUDGET) {
        throw new ExportTooLargeError(
          `The filter matches more than ${EXPORT_MAX_ROWS.toLocaleString('en')} leads (or needs more than ${EXPORT_READ_BUDGET.toLocaleString('en')} read); narrow the date range`,
        );
      }
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  /** How many leads have status new: the figure on the admin's tab. */
  async countNew(): Promise<number> {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: GSI2,
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': statusPk('new') },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += result.Count ?? 0;
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return count;
  }

  /** Leads that are not spam, newest first. */
  async newest(limit = 50): Promise<Lead[]> {
    return (await this.list({}, { limit })).leads;
  }

  async byStatus(status: LeadStatus, limit = 50): Promise<Lead[]> {
    return (await this.list({ status }, { limit })).leads;
  }

  /**
   * Changes the status and/or the owner and/or adds a note, as one transaction with the
   * timeline entries (and the delivery: cancelled when the lead becomes spam, made due when
   * it stops being spam and `forward` is on; and the contact index item's status).
   * LeadConflictError when the lead's status or owner changed since `current`.
   */
  async update(
    current: LeadRecord,
    change: {
      status?: LeadStatus | undefined;
      note?: string | undefined;
      /** An account's e-mail (checked by the caller), or null for nobody. */
      owner?: string | null | undefined;
    },
    actor: string,
    options: { forward: boolean },
  ): Promise<void> {
    const { lead, outbox } = current;
    const now = this.now().toISOString();
    const parts: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
    const entry = (
      kind: 'note' | 'status' | 'owner',
      fields: Record<string, unknown>,
      offset: number,
    ) => ({
      // Entries written by one request sort in the order they were made.
      ...keys.leadNote(lead.id, `${now}#${offset}${randomUUID().slice(0, 8)}`),
      kind,
      at: now,
      author: actor,
      ...fields,
    });
    const to = change.status;
    const statusChanges = to !== undefined && to !== lead.status;
    const newOwner = change.owner === undefined ? lead.owner : (change.owner ?? undefined);
    const ownerChanges = newOwner !== lead.owner;
    // The owner read must still be the owner: two people assigning at once conflict.
    const ownerCondition = lead.owner ? '#owner = :fromOwner' : 'attribute_not_exists(#owner)';
    const ownerValues: Record<string, unknown> = {
      ...(lead.owner ? { ':fromOwner': lead.owner } : {}),
      ...(newOwner ? { ':toOwner': newOwner } : {}),
    };
    if (statusChanges) {
      const sortKey = `${lead.createdAt}#${lead.id}`;
      const intoSpam = to === 'spam';
      const set = ['#status = :to', 'gsi2pk = :gsi2pk', 'updatedAt = :now'];
      // A lead read as lost may still hold the first release's 'closed'.
      const legacy = lead.status === 'lost';
      const values: Record<string, unknown> = {
        ':to': to,
        ':from': lead.status,
        ...(legacy ? { ':legacy': 'closed' } : {}),
        ':gsi2pk': statusPk(to),
        ':now': now,
      };
      const remove = intoSpam ? ['gsi1pk', 'gsi1sk'] : ['spamSource'];
      if (intoSpam) {
        set.push('spamSource = :admin');
        values[':admin'] = 'admin';
      } else {
        set.push('gsi1pk = :leads', 'gsi1sk = :sortKey');
        Object.assign(values, { ':leads': LEADS_PK, ':sortKey': sortKey });
      }
      // The lead is (now) indexed under its contact and its form: the items mirror the status.
      set.push('contact = :contact', 'formIndex = :formIndex');
      values[':contact'] = contactKey(lead.email);
      values[':formIndex'] = leadFormId(lead);
      if (ownerChanges) {
        if (newOwner) set.push('#owner = :toOwner');
        else remove.push('#owner');
      }
      parts.push({
        Update: {
          TableName: this.table,
          Key: leadKey(lead.id),
          UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
          ConditionExpression: `${legacy ? '#status IN (:from, :legacy)' : '#status = :from'}${ownerChanges ? ` AND ${ownerCondition}` : ''}`,
          ExpressionAttributeNames: {
            '#status': 'status',
            ...(ownerChanges ? { '#owner': 'owner' } : {}),
          },
          ExpressionAttributeValues: { ...values, ...(ownerChanges ? ownerValues : {}) },
        },
      });
      parts.push({
        Put: { TableName: this.table, Item: entry('status', { from: lead.status, to }, 0) },
      });
      parts.push({ Put: { TableName: this.table, Item: contactItem({ ...lead, status: to }) } });
      parts.push({ Put: { TableName: this.table, Item: formLeadItem({ ...lead, status: to }) } });
      if (intoSpam && outbox?.status === 'pending') {
        parts.push(outboxParts.cancel(this.table, outbox, now));
      }
      if (lead.status === 'spam' && options.forward) {
        if (!outbox) parts.push(putNew(this.table, newOutboxItem(lead.id, now)));
        else if (outbox.status === 'cancelled')
          parts.push(outboxParts.reopen(this.table, outbox, now));
      }
    } else if (ownerChanges) {
      parts.push({
        Update: {
          TableName: this.table,
          Key: leadKey(lead.id),
          UpdateExpression: newOwner
            ? 'SET #owner = :toOwner, updatedAt = :now'
            : 'SET updatedAt = :now REMOVE #owner',
          ConditionExpression: `attribute_exists(pk) AND ${ownerCondition}`,
          ExpressionAttributeNames: { '#owner': 'owner' },
          ExpressionAttributeValues: { ...ownerValues, ':now': now },
        },
      });
    } else {
      // A note alone: the lead must still exist.
      parts.push({
        ConditionCheck: {
          TableName: this.table,
          Key: leadKey(lead.id),
          ConditionExpression: 'attribute_exists(pk)',
        },
      });
    }
    if (ownerChanges) {
      const owners = {
        ...(lead.owner ? { fromOwner: lead.owner } : {}),
        ...(newOwner ? { toOwner: newOwner } : {}),
      };
      parts.push({ Put: { TableName: this.table, Item: entry('owner', owners, 1) } });
    }
    if (change.note !== undefined) {
      parts.push({
        Put: { TableName: this.table, Item: entry('note', { text: change.note }, 2) },
      });
    }
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: parts }));
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new LeadConflictError(
          'This lead was changed by someone else; reload it and try again',
        );
      }
      throw error;
    }
  }

  /**
   * Gives a new lead to the owner an assignment rule chose (docs/decisions/0390-lead-assignment-rules.md):
   * only while nobody owns it, with its owner timeline entry and its audit entry in one
   * transaction. False when someone took it meanwhile, or it was erased.
   */
  async assign(
    lead: Pick<Lead, 'id'>,
    owner: string,
    by: { actor: string; summary: string },
  ): Promise<boolean> {
    const now = this.now();
    const at = now.toISOString();
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: leadKey(lead.id),
                UpdateExpression: 'SET #owner = :owner, updatedAt = :now',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#owner)',
                ExpressionAttributeNames: { '#owner': 'owner' },
                ExpressionAttributeValues: { ':owner': owner, ':now': at },
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.leadNote(lead.id, `${at}#1${randomUUID().slice(0, 8)}`),
                  kind: 'owner',
                  at,
                  author: by.actor,
                  toOwner: owner,
                },
              },
            },
            auditItem(this.table, now, {
              actor: by.actor,
              action: 'lead-owner',
              summary: by.summary,
              leadId: lead.id,
            }).put,
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }

  /**
   * New leads received in [since, before) and never reminded: the SLA run's candidates
   * (docs/decisions/0391-lead-sla-reminder.md). One query of the new-status index by time.
   */
  async dueForReminder(since: Date, before: Date): Promise<Lead[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :low AND :high',
      ExpressionAttributeValues: {
        ':pk': statusPk('new'),
        ':low': since.toISOString(),
        ':high': before.toISOString(),
      },
    });
    return items.filter((item) => item['reminder'] === undefined).map(toLead);
  }

  /**
   * Claims the one reminder of a lead still new and never reminded, with its audit entry, in
   * one transaction: two runs at once (or one run twice) remind once. False when it was
   * claimed, worked on or erased meanwhile.
   */
  async claimReminder(
    lead: Pick<Lead, 'id'>,
    reminder: { to: string[]; hours: number },
    audit: { actor: string; summary: string },
  ): Promise<boolean> {
    const now = this.now();
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: leadKey(lead.id),
                UpdateExpression: 'SET reminder = :reminder',
                ConditionExpression:
                  'attribute_exists(pk) AND #status = :new AND attribute_not_exists(reminder)',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':new': 'new',
                  ':reminder': { at: now.toISOString(), ...reminder, outcome: 'pending' },
                },
              },
            },
            auditItem(this.table, now, { ...audit, action: 'lead-reminder', leadId: lead.id }).put,
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }

  /** How the reminder's e-mail went; nothing happens if the lead was erased meanwhile. */
  async recordReminder(id: string, outcome: 'sent' | 'failed'): Promise<void> {
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: leadKey(id),
          UpdateExpression: 'SET reminder.outcome = :outcome',
          ConditionExpression: 'attribute_exists(reminder)',
          ExpressionAttributeValues: { ':outcome': outcome },
        }),
      ),
    );
  }

  /**
   * Erases a lead for a data-subject request: its delivery first (nothing is forwarded
   * after this), then its timeline, then the lead. False when there was no such lead.
   * Run again after a failure, it deletes what is left.
   */
  async erase(id: string): Promise<boolean> {
    const items = await this.partition(id, true);
    if (items.length === 0) return false;
    const rank = (sk: unknown) => (sk === OUTBOX_SK ? 0 : sk === SK.lead ? 2 : 1);
    // The contact index item's key holds the e-mail: deleted before the lead, whose
    // e-mail and time a second run needs to find it.
    const leadItem = items.find((item) => item['sk'] === SK.lead);
    const contact =
      typeof leadItem?.['email'] === 'string' && typeof leadItem['createdAt'] === 'string'
        ? [keys.contactSubmission(contactKey(leadItem['email']), leadItem['createdAt'], id)]
        : [];
    // So is the form index item: its key holds the form and the time.
    const formId =
      leadItem && typeof leadItem['createdAt'] === 'string'
        ? leadFormId(leadItem as { formId?: string; formType: Lead['formType'] })
        : undefined;
    const form =
      formId && leadItem ? [keys.formLead(formId, String(leadItem['createdAt']), id)] : [];
    const deletions = [
      ...contact,
      ...form,
      ...items
        .map((item) => ({ pk: String(item['pk']), sk: String(item['sk']) }))
        .sort((a, b) => rank(a.sk) - rank(b.sk)),
    ];
    for (let start = 0; start < deletions.length; start += 25) {
      let requests: Record<string, unknown>[] = deletions
        .slice(start, start + 25)
        .map((key) => ({ DeleteRequest: { Key: key } }));
      // BatchWrite may leave some requests unprocessed under load; resend those.
      for (let round = 0; requests.length > 0; round++) {
        if (round > 0)
          await new Promise((done) => setTimeout(done, Math.min(1000, 50 * 2 ** round)));
        const result = await this.db.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (result.UnprocessedItems?.[this.table] ?? []) as Record<string, unknown>[];
        if (round > 8 && requests.length > 0) throw new Error('DynamoDB kept refusing the deletes');
      }
    }
    // A deleted form leaves the Form filter with its last lead.
    if (formId) await this.forms.forget(formId);
    return true;
  }

  private async partition(id: string, keysOnly = false): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': leadKey(id).pk },
          ConsistentRead: true,
          ...(keysOnly
            ? { ProjectionExpression: 'pk, sk, email, createdAt, formId, formType' }
            : {}),
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(result.Items ?? []));
      startKey = result.LastEvaluatedKey;
    } while (startKey);
    return items;
  }
}

/** The cursor after the lead `item` in the list `query` reads. */
function cursorOf(item: Record<string, unknown>, query: ListQuery): LeadCursor {
  return {
    pk: String(item['pk']),
    sk: SK.lead,
    ipk: query.index ? String(item[`${query.index}pk`]) : query.partition,
    // A form index item's sort key is the lead's time and id, as the lists' are.
    isk: query.index
      ? String(item[`${query.index}sk`])
      : `${String(item['createdAt'])}#${String(item['id'])}`,
  };
}

/** The cursor after an item a list query read: a lead, or a form index item. */
function positionOf(item: Record<string, unknown>, query: ListQuery): LeadCursor {
  if (query.index) return cursorOf(item, query);
  return { ...leadKey(String(item['leadId'])), ipk: query.partition, isk: String(item['sk']) };
}

/** DynamoDB's start key for a cursor, if the cursor belongs to this very list and range. */
function startKeyOf(cursor: LeadCursor, query: ListQuery) {
  const inRange =
    (query.low === undefined || cursor.isk >= query.low) &&
    (query.high === undefined || cursor.isk < query.high);
  if (cursor.ipk !== query.partition || !inRange) {
    throw new InvalidCursorError('belongs to another filter; start again from the first page');
  }
  if (!query.index) return { pk: cursor.ipk, sk: cursor.isk };
  return {
    pk: cursor.pk,
    sk: cursor.sk,
    [`${query.index}pk`]: cursor.ipk,
    [`${query.index}sk`]: cursor.isk,
  };
}

/** The per-item part of a filter: form, landing page, search. */
function matcher(
  filter: LeadFilter,
  page: { id: string; slug: string } | undefined,
): (item: Record<string, unknown>) => boolean {
  const q = filter.q ? fold(filter.q) : undefined;
  return (item) => {
    if (filter.form && item['formType'] !== filter.form) return false;
    // `me` is resolved to the caller's e-mail by the route.
    if (filter.owner && item['owner'] !== filter.owner) return false;
    if (filter.page) {
      const lead = item as { landingPageId?: string; attribution?: { pageId?: string } };
      const fromPage = page
        ? leadFromPage(lead, page)
        : lead.landingPageId === filter.page || lead.attribution?.pageId === filter.page;
      if (!fromPage) return false;
    }
    if (q) {
      const haystack = [item['name'], item['email'], item['company']]
        .map((value) => fold(typeof value === 'string' ? value : ''))
        .join('\n');
      if (!haystack.includes(q)) return false;
    }
    return true;
  };
}
