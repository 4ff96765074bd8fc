// Webhook subscriptions and their deliveries (issue 40, docs/decisions/0568-webhook-subscriptions.md).
//
// Access patterns and keys (functions/data/keys.ts):
//   the subscriptions ...... Query   pk=WEBHOOKS  sk=<id>   (one partition; few items)
//   a subscription ......... GetItem / transact Put / Delete, each with its audit entry
//   failures in a row ...... UpdateItem  ADD consecutiveFailures 1 / SET ... = 0
//   its deliveries ......... Query   pk=WEBHOOK#<id>  begins_with DELIVERY#  newest first
//   deliveries due now ..... Query   gsi1pk=WEBHOOK#DUE  gsi1sk <= <now>  (oldest first)
// Deliveries are written by the event's own transaction (functions/data/webhook-events.ts);
// the due index is sparse and leased as the CRM outbox's (functions/data/outbox.ts): a
// worker's claim moves gsi1sk to the lease's end and bumps `version`, so two workers never
// both record an attempt. The signing secret is stored only sealed (functions/webhooks/secret-box.ts).
import { GetCommand, QueryCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
  WebhookFormat,
  WebhookSubscription,
} from '../shared/webhooks.ts';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '../shared/webhooks.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { conditionally, GSI1, isConditionalFailure, putNew, TableRepository } from './table.ts';
import { dueKey, readSubscriptionItems } from './webhook-events.ts';
import { GSI1PK } from './keys.ts';

/** Attempts kept on a delivery (six automatic ones plus replays); older ones drop. */
export const MAX_KEPT_ATTEMPTS = 20;

export interface StoredSubscription extends Omit<WebhookSubscription, 'readOnly'> {
  /** The signing secret ("whsec_..."), sealed by the secret box. */
  secretCiphertext: string;
  version: number;
}

export type DeliveryStatus = WebhookDelivery['status'];

export interface StoredDelivery extends WebhookDelivery {
  subscriptionId: string;
  /** The body sent on every attempt, as JSON (the event's payload, fixed at the event). */
  payload: string;
  automaticAttempts: number;
  leaseUntil?: string;
  version: number;
}

export type DeliveryResult =
  { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; nextAttemptAt: string };

interface Actor {
  email: string;
  ip?: string | undefined;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function toSubscription(item: Record<string, unknown>): StoredSubscription {
  const events = Array.isArray(item['events']) ? (item['events'] as unknown[]) : [];
  return {
    id: str(item['id']),
    url: str(item['url']),
    events: WEBHOOK_EVENTS.filter((event) => events.includes(event)),
    format: WEBHOOK_FORMATS.find((format) => format === item['format']) ?? 'standard',
    description: str(item['description']),
    enabled: item['enabled'] === true,
    consecutiveFailures: Number(item['consecutiveFailures'] ?? 0),
    ...(typeof item['disabledAt'] === 'string' ? { disabledAt: item['disabledAt'] } : {}),
    createdBy: str(item['createdBy']),
    createdAt: str(item['createdAt']),
    secretCiphertext: str(item['secretCiphertext']),
    version: Number(item['version'] ?? 0),
  };
}

function toDelivery(item: Record<string, unknown>): StoredDelivery {
  const status = item['status'];
  return {
    id: str(item['id']),
    subscriptionId: str(item['subscriptionId']),
    event: WEBHOOK_EVENTS.find((event) => event === item['event']) ?? 'lead.created',
    status: status === 'delivered' || status === 'failed' ? status : 'pending',
    createdAt: str(item['createdAt']),
    ...(typeof item['nextAttemptAt'] === 'string' ? { nextAttemptAt: item['nextAttemptAt'] } : {}),
    attempts: Array.isArray(item['attempts']) ? (item['attempts'] as WebhookAttempt[]) : [],
    payload: str(item['payload']),
    automaticAttempts: Number(item['automaticAttempts'] ?? 0),
    ...(typeof item['leaseUntil'] === 'string' ? { leaseUntil: item['leaseUntil'] } : {}),
    version: Number(item['version'] ?? 0),
  };
}

/** What the admin sees of a delivery (no payload, no lease). */
export function deliveryView(delivery: StoredDelivery): WebhookDelivery {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    createdAt: delivery.createdAt,
    ...(delivery.nextAttemptAt && delivery.status === 'pending'
      ? { nextAttemptAt: delivery.nextAttemptAt }
      : {}),
    attempts: delivery.attempts,
  };
}

export class WebhookSubscriptionRepository extends TableRepository {
  async list(): Promise<StoredSubscription[]> {
    const items = await readSubscriptionItems(this.db, this.table);
    return items.map(toSubscription).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(id: string): Promise<StoredSubscription | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.webhookSubscription(id),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toSubscription(result.Item) : undefined;
  }

  /** Saves a new subscription with its audit entry (never the secret). */
  async create(
    input: {
      id: string;
      url: string;
      events: WebhookEvent[];
      format: WebhookFormat;
      description: string;
      secretCiphertext: string;
    },
    actor: Actor,
  ): Promise<StoredSubscription> {
    const at = this.now().toISOString();
    const stored: StoredSubscription = {
      ...input,
      enabled: true,
      consecutiveFailures: 0,
      createdBy: actor.email,
      createdAt: at,
      version: 1,
    };
    await this.transact({
      items: [
        putNew(this.table, {
          ...keys.webhookSubscription(input.id),
          kind: 'webhook',
          ...stored,
          updatedAt: at,
        }),
      ],
      audit: {
        ...auditActor(actor),
        action: 'webhook-create',
        summary: `Webhook to host ${new URL(input.url).host} added (${input.format}) for ${input.events.join(', ')}`,
      },
    });
    return stored;
  }

  /**
   * Saves a changed subscription with its audit entry, if it is still the version read
   * (false otherwise). Switching it on again clears its failures.
   */
  async update(
    current: StoredSubscription,
    next: StoredSubscription,
    actor: Actor,
    summary: string,
    action: 'webhook-update' | 'webhook-disable' = 'webhook-update',
  ): Promise<boolean> {
    const at = this.now().toISOString();
    const stored: StoredSubscription = { ...next, version: current.version + 1 };
    return this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...keys.webhookSubscription(current.id),
              kind: 'webhook',
              ...stored,
              updatedAt: at,
            },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': current.version },
          },
        },
      ],
      audit: { ...auditActor(actor), action, summary },
      onConflict: () => undefined,
    });
  }

  /** Deletes it with its audit entry; its deliveries go with their retention (TTL). */
  async delete(current: StoredSubscription, actor: Actor): Promise<void> {
    await this.transact({
      items: [{ Delete: { TableName: this.table, Key: keys.webhookSubscription(current.id) } }],
      audit: {
        ...auditActor(actor),
        action: 'webhook-delete',
        summary: `Webhook to host ${new URL(current.url).host} deleted`,
      },
    });
  }

  /**
   * Counts an attempt's outcome: a delivered one resets the failures in a row, a failed one
   * adds one. Returns the failures in a row after it.
   */
  async countOutcome(id: string, ok: boolean): Promise<number> {
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookSubscription(id),
          UpdateExpression: ok ? 'SET consecutiveFailures = :zero' : 'ADD consecutiveFailures :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: ok ? { ':zero': 0 } : { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.['consecutiveFailures'] ?? 0);
    } catch (error) {
      if (isConditionalFailure(error)) return 0; // deleted meanwhile
      throw error;
    }
  }

  /** The newest `limit` deliveries of a subscription, newest first. */
  async deliveries(subscriptionId: string, limit: number): Promise<StoredDelivery[]> {
    const { pk, skPrefix } = keys.webhookDeliveries(subscriptionId);
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map(toDelivery);
  }

  async delivery(subscriptionId: string, id: string): Promise<StoredDelivery | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.webhookDelivery(subscriptionId, id),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toDelivery(result.Item) : undefined;
  }

  /** Pending deliveries whose time has come (lease ended or next attempt due), oldest first. */
  async due(limit: number): Promise<StoredDelivery[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
        ExpressionAttributeValues: {
          ':pk': GSI1PK.webhookDue,
          ':now': `${this.now().toISOString()}~`,
        },
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map(toDelivery);
  }

  /** Takes a delivery for one attempt until `leaseUntil`; undefined when someone else holds or changed it. */
  async claim(
    item: StoredDelivery,
    leaseUntil: Date,
    allowed: readonly DeliveryStatus[] = ['pending'],
  ): Promise<StoredDelivery | undefined> {
    const lease = leaseUntil.toISOString();
    const values: Record<string, unknown> = {
      ':lease': lease,
      ':version': item.version,
      ':one': 1,
      ':now': this.now().toISOString(),
    };
    allowed.forEach((status, index) => (values[`:s${index}`] = status));
    const pending = item.status === 'pending';
    if (pending) values[':dueSk'] = dueKey(lease, item.subscriptionId, item.id).gsi1sk;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookDelivery(item.subscriptionId, item.id),
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
    return { ...item, leaseUntil: lease, version: item.version + 1 };
  }

  /** Records an attempt on a claimed delivery and what follows it; false when it changed meanwhile. */
  async complete(
    claimed: StoredDelivery,
    attempt: WebhookAttempt | undefined,
    result: DeliveryResult,
    automaticAttempts: number,
  ): Promise<boolean> {
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
      ':now': this.now().toISOString(),
      ':one': 1,
      ':version': claimed.version,
    };
    if (result.status === 'pending') {
      const due = dueKey(result.nextAttemptAt, claimed.subscriptionId, claimed.id);
      set.push('nextAttemptAt = :next', 'gsi1pk = :duePk', 'gsi1sk = :dueSk');
      Object.assign(values, {
        ':next': result.nextAttemptAt,
        ':duePk': due.gsi1pk,
        ':dueSk': due.gsi1sk,
      });
    } else {
      remove.push('nextAttemptAt', 'gsi1pk', 'gsi1sk');
    }
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookDelivery(claimed.subscriptionId, claimed.id),
          UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  /** Gives a claimed delivery back untouched (the worker is stopping mid-attempt). */
  async release(claimed: StoredDelivery): Promise<void> {
    const pending = claimed.status === 'pending' && claimed.nextAttemptAt;
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.webhookDelivery(claimed.subscriptionId, claimed.id),
          UpdateExpression: `REMOVE leaseUntil SET version = version + :one${pending ? ', gsi1sk = :dueSk' : ''}`,
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: {
            ':one': 1,
            ':version': claimed.version,
            ...(pending
              ? {
                  ':dueSk': dueKey(claimed.nextAttemptAt!, claimed.subscriptionId, claimed.id)
                    .gsi1sk,
                }
              : {}),
          },
        }),
      ),
    );
  }

  /** Removes a delivery whose subscription is gone. */
  async drop(delivery: StoredDelivery): Promise<void> {
    await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: keys.webhookDelivery(delivery.subscriptionId, delivery.id),
      }),
    );
  }
}
