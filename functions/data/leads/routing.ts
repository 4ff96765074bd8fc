// The lead repository's routing: a new lead given to the owner an assignment rule chose, and
// the SLA reminder claimed once per lead (docs/decisions/0390-lead-assignment-rules.md,
// docs/decisions/0391-lead-sla-reminder.md; the split: docs/decisions/0441-data-modules-by-concern.md).
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.ts';
import { conditionally, GSI2, queryAll } from '../table.ts';
import { LeadChanges } from './changes.ts';
import { leadKey, statusPk, toLead, type Lead } from './lead-item.ts';

export class LeadRouting extends LeadChanges {
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
    return this.transact({
      now,
      items: [
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
      ],
      audit: { actor: by.actor, action: 'lead-owner', summary: by.summary, leadId: lead.id },
      onConflict: () => undefined,
    });
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
    return this.transact({
      now,
      items: [
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
      ],
      audit: { ...audit, action: 'lead-reminder', leadId: lead.id },
      onConflict: () => undefined,
    });
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
}
