// The lead repository's storing and reading of one lead: a submission stored with its
// contact and form index items (and its CRM delivery) in one transaction, a lead read alone
// or with its timeline, and the new-lead e-mail's outcome (the keys:
// functions/data/leads/lead-item.ts; docs/decisions/0044-lead-keys-and-reads.md,
// docs/decisions/0045-notification-status.md; the split:
// docs/decisions/0441-data-modules-by-concern.md).
import { webhookPayload } from '../../webhooks/lead-payload.ts';
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactSubmission } from '../../shared/contact.ts';
import { leadFormId, type LeadStatus } from '../../shared/leads/basics.ts';
import type { LeadAttribution, LeadNotification } from '../../shared/leads/lead.ts';
import { contactItem, contactKey, ContactIndex } from '../contacts.ts';
import { FormIndex, formLeadItem } from '../form-leads.ts';
import { SK } from '../keys.ts';
import { newOutboxItem, OUTBOX_SK, toOutboxItem } from '../outbox.ts';
import { conditionally, putNew, TableRepository } from '../table.ts';
import {
  LEADS_PK,
  leadKey,
  NOTE_PREFIX,
  statusPk,
  toLead,
  toTimelineEntry,
  type Lead,
  type LeadRecord,
} from './lead-item.ts';

export class LeadStore extends TableRepository {
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
      form?: Pick<Lead, 'formId' | 'formTitle' | 'fields' | 'phones' | 'consent' | 'locale'>;
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
      ...(options.form?.locale ? { locale: options.form.locale } : {}),
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
    await this.transact({
      items: [
        putNew(this.table, item),
        putNew(this.table, contactItem(lead)),
        putNew(this.table, formLeadItem(lead)),
        ...(options.forward && !options.spam
          ? [putNew(this.table, newOutboxItem(id, createdAt))]
          : []),
      ],
      // The subscriptions to lead.created get the CRM webhook's very body (issue 40).
      events: options.spam ? [] : [{ type: 'lead.created', data: webhookPayload(lead).data }],
    });
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

  protected async partition(id: string, keysOnly = false): Promise<Record<string, unknown>[]> {
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
