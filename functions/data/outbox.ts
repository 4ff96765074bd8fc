// The webhook outbox: one item per lead that is to be forwarded to the CRM, written in the
// same transaction as the lead (functions/data/leads/store.ts), so a stored lead can never miss
// its delivery and a delivery can never exist without its lead.
//
// Access patterns and keys:
//   a lead's delivery ....... GetItem  pk=LEAD#<id>   sk=OUTBOX#WEBHOOK
//                              (also returned by the lead's partition query with its notes)
//   deliveries due now ...... Query    gsi1pk=OUTBOX#DUE  gsi1sk <= <now>  (oldest first)
//                              gsi1sk=<when it may next be tried>#<lead id>
// The due index is sparse: only pending deliveries carry gsi1 keys; a delivered, failed
// or cancelled one drops them. While a worker holds a delivery (a lease), gsi1sk moves to
// the lease's end, so no other worker picks it up, and a worker that died mid-attempt
// only delays it until the lease runs out. Every change checks and bumps `version`, so two
// workers (the local drainer and an admin's manual retry, or two Lambda instances) can
// never both record an attempt.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  deliveryAttemptSchema,
  deliverySchema,
  isoTime,
  type DeliveryAttempt,
  type Delivery,
} from '../shared/leads/lead.ts';
import { GSI1, conditionally, isConditionalFailure, TableRepository } from './table.ts';
import { GSI1PK, keys, SK } from './keys.ts';

export const OUTBOX_SK = SK.outbox;
const DUE_PK = GSI1PK.outboxDue;
/** Attempts kept on the item (six automatic ones plus manual retries); older ones drop. */
export const MAX_KEPT_ATTEMPTS = 20;

export type DeliveryStatus = Delivery['status'];

/**
 * A delivery as the outbox stores it: the admin's view of it (functions/shared/leads/lead.ts
 * deliverySchema) with the lead, the counters and the lease. Items written before the
 * counters existed read with none.
 */
export const outboxItemSchema = deliverySchema.extend({
  leadId: z.string(),
  attempts: z.array(deliveryAttemptSchema).default([]),
  /** Automatic attempts made so far; the retry schedule is indexed by it. */
  automaticAttempts: z.number().int().default(0),
  /** A worker holds the delivery until then. */
  leaseUntil: isoTime.optional(),
  version: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

const outboxKey = keys.outbox;
const dueKey = (at: string, leadId: string) => ({ gsi1pk: DUE_PK, gsi1sk: `${at}#${leadId}` });

/** A new pending delivery, due at once; for the lead's creating transaction. */
export function newOutboxItem(leadId: string, now: string) {
  const item: OutboxItem = {
    leadId,
    // Standard Webhooks: the same id on every attempt, so the CRM can drop duplicates.
    webhookId: `lead_${leadId}`,
    status: 'pending',
    attempts: [],
    automaticAttempts: 0,
    nextAttemptAt: now,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  return { ...outboxKey(leadId), kind: 'outbox', ...dueKey(now, leadId), ...item };
}

/** An outbox item as read (the keys dropped). */
export const toOutboxItem = (item: Record<string, unknown>): OutboxItem =>
  outboxItemSchema.parse(item);

/** What the admin sees of a delivery. */
export function toDelivery(item: OutboxItem): Delivery {
  return {
    status: item.status,
    webhookId: item.webhookId,
    attempts: item.attempts,
    ...(item.status === 'pending' && item.nextAttemptAt
      ? { nextAttemptAt: item.nextAttemptAt }
      : {}),
    ...(item.deliveredAt ? { deliveredAt: item.deliveredAt } : {}),
  };
}

/**
 * Transaction parts the lead repository adds when a lead moves into spam (cancel a
 * pending delivery: spam is never forwarded) or out of it again (deliver after all).
 */
export const outboxParts = {
  cancel(table: string, item: OutboxItem, now: string) {
    return {
      Update: {
        TableName: table,
        Key: outboxKey(item.leadId),
        UpdateExpression:
          'SET #status = :cancelled, updatedAt = :now, version = version + :one REMOVE gsi1pk, gsi1sk, nextAttemptAt, leaseUntil',
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled',
          ':now': now,
          ':one': 1,
          ':version': item.version,
        },
      },
    };
  },
  reopen(table: string, item: OutboxItem, now: string) {
    const due = dueKey(now, item.leadId);
    return {
      Update: {
        TableName: table,
        Key: outboxKey(item.leadId),
        UpdateExpression:
          'SET #status = :pending, nextAttemptAt = :now, automaticAttempts = :zero, gsi1pk = :duePk, gsi1sk = :dueSk, updatedAt = :now, version = version + :one',
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':now': now,
          ':zero': 0,
          ':duePk': due.gsi1pk,
          ':dueSk': due.gsi1sk,
          ':one': 1,
          ':version': item.version,
        },
      },
    };
  },
};

/**
 * What follows an attempt: delivered, failed for good, pending until `nextAttemptAt`, or
 * cancelled (the lead turned out to be spam; nothing was sent).
 */
export type AttemptResult =
  | { status: 'delivered' }
  | { status: 'failed' }
  | { status: 'cancelled' }
  | { status: 'pending'; nextAttemptAt: string };

export class OutboxRepository extends TableRepository {
  /**
   * Claims this process holds (taken, neither completed nor released yet), so that a
   * stopping server can give back those its shutdown cut short (releaseHeld) instead of
   * leaving them to their lease.
   */
  private readonly held = new Map<string, OutboxItem>();

  async get(leadId: string): Promise<OutboxItem | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: outboxKey(leadId), ConsistentRead: true }),
    );
    return result.Item ? toOutboxItem(result.Item) : undefined;
  }

  /** Pending deliveries whose time has come (lease ended or next attempt due), oldest first. */
  async due(limit: number): Promise<OutboxItem[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        // '~' sorts after every character of "<ISO time>#<uuid>", so items due at this
        // very millisecond are included.
        ExpressionAttributeValues: { ':pk': DUE_PK, ':now': `${this.now().toISOString()}~` },
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map(toOutboxItem);
  }

  /**
   * Takes the delivery for one attempt until `leaseUntil`. Undefined when someone else
   * changed or holds it, or it is in a state that `allowed` excludes.
   */
  async claim(
    item: OutboxItem,
    leaseUntil: Date,
    allowed: readonly DeliveryStatus[] = ['pending'],
  ): Promise<OutboxItem | undefined> {
    const now = this.now().toISOString();
    const lease = leaseUntil.toISOString();
    const values: Record<string, unknown> = {
      ':lease': lease,
      ':version': item.version,
      ':one': 1,
      ':now': now,
    };
    allowed.forEach((status, index) => (values[`:s${index}`] = status));
    // A held delivery stays in the due index (if pending), keyed by its lease's end.
    const pending = item.status === 'pending';
    if (pending) Object.assign(values, { ':dueSk': dueKey(lease, item.leadId).gsi1sk });
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: outboxKey(item.leadId),
          UpdateExpression: `SET leaseUntil = :lease, version = version + :one${pending ? ', gsi1sk = :dueSk' : ''}`,
          ConditionExpression: `version = :version AND #status IN (${allowed.map((_, i) => `:s${i}`).join(', ')}) AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) return undefined;
      throw error;
    }
    const claimed = { ...item, leaseUntil: lease, version: item.version + 1 };
    this.held.set(item.leadId, claimed);
    return claimed;
  }

  /**
   * Records an attempt on a claimed delivery and what follows it. False when the
   * delivery is gone (the lead was erased meanwhile) or was changed by someone else.
   */
  async complete(
    claimed: OutboxItem,
    attempt: DeliveryAttempt | undefined,
    result: AttemptResult,
    automaticAttempts: number,
  ): Promise<boolean> {
    const now = this.now().toISOString();
    const attempts = [...claimed.attempts, ...(attempt ? [attempt] : [])].slice(-MAX_KEPT_ATTEMPTS);
    const set = [
      '#status = :status',
      'attempts = :attempts',
      'automaticAttempts = :automatic',
      'updatedAt = :now',
      'version = version + :one',
    ];
    const remove = ['leaseUntil'];
    const values: Record<string, unknown> = {
      ':status': result.status,
      ':attempts': attempts,
      ':automatic': automaticAttempts,
      ':now': now,
      ':one': 1,
      ':version': claimed.version,
    };
    if (result.status === 'pending') {
      const due = dueKey(result.nextAttemptAt, claimed.leadId);
      set.push('nextAttemptAt = :next', 'gsi1pk = :duePk', 'gsi1sk = :dueSk');
      Object.assign(values, {
        ':next': result.nextAttemptAt,
        ':duePk': due.gsi1pk,
        ':dueSk': due.gsi1sk,
      });
    } else {
      remove.push('nextAttemptAt', 'gsi1pk', 'gsi1sk');
      if (result.status === 'delivered') {
        set.push('deliveredAt = :now');
      }
    }
    this.forget(claimed);
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: outboxKey(claimed.leadId),
          UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  /** Gives a claimed delivery back untouched (the worker is shutting down mid-attempt). */
  async release(claimed: OutboxItem): Promise<void> {
    this.forget(claimed);
    const pending = claimed.status === 'pending' && claimed.nextAttemptAt;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: outboxKey(claimed.leadId),
          UpdateExpression: `REMOVE leaseUntil SET version = version + :one${pending ? ', gsi1sk = :dueSk' : ''}`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: {
            ':one': 1,
            ':version': claimed.version,
            ...(pending ? { ':dueSk': dueKey(claimed.nextAttemptAt!, claimed.leadId).gsi1sk } : {}),
          },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /**
   * Gives back every claim this process still holds: the server is stopping and their
   * attempts (an admin's retry cut off with its request, a drain interrupted) will not be
   * recorded, so another runner may take them at once rather than after the lease.
   * Returns how many were given back.
   */
  async releaseHeld(): Promise<number> {
    const claims = [...this.held.values()];
    await Promise.all(claims.map((claimed) => this.release(claimed)));
    return claims.length;
  }

  private forget(claimed: OutboxItem): void {
    // Only this very claim: a newer one of the same delivery stays held.
    if (this.held.get(claimed.leadId)?.version === claimed.version) {
      this.held.delete(claimed.leadId);
    }
  }
}
