// The lead repository's changes by a person: status, owner and notes, one transaction with
// their timeline entries, the index items' mirrored status and the CRM delivery
// (docs/decisions/0043-lead-statuses.md, docs/decisions/0186-lead-owners.md; the split:
// docs/decisions/0441-data-modules-by-concern.md).
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../core/domain-errors.ts';
import { leadFormId, type LeadStatus } from '../../shared/leads/basics.ts';
import { contactItem, contactKey } from '../contacts.ts';
import { formLeadItem } from '../form-leads.ts';
import { keys } from '../keys.ts';
import { newOutboxItem, outboxParts } from '../outbox.ts';
import { putNew, type TransactPart } from '../table.ts';
import { LeadExport } from './export.ts';
import { LEADS_PK, leadKey, statusPk, type LeadRecord } from './lead-item.ts';

/** The lead was changed by someone else between read and write. */
export class LeadConflictError extends ConflictError {
  override name = 'LeadConflictError';
}

export class LeadChanges extends LeadExport {
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
    const parts: TransactPart[] = [];
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
    const changed = [
      ...(statusChanges ? (['status'] as const) : []),
      ...(ownerChanges ? (['owner'] as const) : []),
      ...(change.note !== undefined ? (['note'] as const) : []),
    ];
    await this.transact({
      items: parts,
      events: changed.length
        ? [
            {
              type: 'lead.updated',
              data: {
                id: lead.id,
                name: lead.name,
                status: statusChanges ? to : lead.status,
                owner: newOwner ?? null,
                changes: changed,
                by: actor,
              },
            },
          ]
        : [],
      onConflict: () =>
        new LeadConflictError('This lead was changed by someone else; reload it and try again'),
    });
  }
}
