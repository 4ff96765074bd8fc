// The event outbox of the webhook subscriptions (issue 40, docs/decisions/0568-webhook-subscriptions.md):
// a change that is an event (a page published, a lead updated, ...) hands its events to
// transact() (functions/data/table.ts, `events`), which adds one delivery item per enabled
// subscription to the event to the very transaction of the change. So a change is never
// without its deliveries, and a delivery never without its change.
//
// Kept apart from functions/data/webhook-subscriptions.ts, which extends table.ts's
// TableRepository: table.ts imports this module, so this one must not import table.ts.
//
// Access patterns and keys (functions/data/keys.ts):
//   the subscriptions ...... Query   pk=WEBHOOKS                (cache-free: read per event)
//   a delivery ............. Put     pk=WEBHOOK#<sub id>  sk=DELIVERY#<delivery id>
//                            gsi1pk=WEBHOOK#DUE  gsi1sk=<when due>#<sub id>#<delivery id>
// A delivery id starts with its creation time in base 36, so a subscription's deliveries
// sort oldest first by their sort key.
import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEvent, WebhookEventInput, WebhookPayload } from '../shared/webhooks.ts';
import { GSI1PK, keys } from './keys.ts';

/** Deliveries are kept a month (DynamoDB's TTL attribute; functions/data/table.ts TTL_ATTRIBUTE). */
export const DELIVERY_RETENTION_DAYS = 30;
const TTL = 'expiresAt';

/** A delivery's id: "msg_" + creation time (base 36, fixed width) + random; no '.' in it. */
export const newDeliveryId = (now: Date) =>
  `msg_${now.getTime().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;

export const dueKey = (at: string, subscriptionId: string, deliveryId: string) => ({
  gsi1pk: GSI1PK.webhookDue,
  gsi1sk: `${at}#${subscriptionId}#${deliveryId}`,
});

/** Who is woken when deliveries were written (the local drainer; in AWS nobody: a schedule drains). */
const listeners = new Set<() => void>();
export function onWebhookEvents(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function webhookEventsWritten(): void {
  for (const listener of listeners) listener();
}

/** The subscriptions as stored, read afresh (no cache: a new subscription gets the next event). */
export async function readSubscriptionItems(
  db: DynamoDBDocumentClient,
  table: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.webhookSubscriptions() },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The payload `{type, timestamp, data}` of an event at `now`. */
export function eventPayload(event: WebhookEventInput, now: Date): WebhookPayload {
  // lead.created's timestamp is the lead's time, as the CRM webhook's (functions/webhooks/lead-webhook.ts).
  const timestamp = event.type === 'lead.created' ? event.data.createdAt : now.toISOString();
  return { type: event.type, timestamp, data: event.data } as WebhookPayload;
}

/** A new pending delivery of `payload` to one subscription, due at once. */
export function newDeliveryItem(
  subscriptionId: string,
  event: WebhookEvent,
  payload: WebhookPayload,
  now: Date,
  trigger: 'event' | 'replay' = 'event',
) {
  const id = newDeliveryId(now);
  const at = now.toISOString();
  return {
    ...keys.webhookDelivery(subscriptionId, id),
    ...dueKey(at, subscriptionId, id),
    kind: 'webhook-delivery',
    id,
    subscriptionId,
    event,
    trigger,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: [],
    automaticAttempts: 0,
    nextAttemptAt: at,
    version: 0,
    createdAt: at,
    updatedAt: at,
    [TTL]: Math.floor(now.getTime() / 1000) + DELIVERY_RETENTION_DAYS * 86400,
  };
}

/**
 * The transaction parts for `events`: one new delivery per enabled subscription to each
 * event (none when nobody subscribes). Read per call, never cached.
 */
export async function eventOutboxItems(
  db: DynamoDBDocumentClient,
  table: string,
  now: Date,
  events: readonly WebhookEventInput[],
): Promise<{ Put: { TableName: string; Item: Record<string, unknown> } }[]> {
  if (events.length === 0) return [];
  const subscriptions = await readSubscriptionItems(db, table);
  return events.flatMap((event) => {
    const payload = eventPayload(event, now);
    return subscriptions
      .filter(
        (sub) =>
          sub['enabled'] === true &&
          Array.isArray(sub['events']) &&
          (sub['events'] as unknown[]).includes(event.type),
      )
      .map((sub) => ({
        Put: {
          TableName: table,
          Item: newDeliveryItem(String(sub['id']), event.type, payload, now),
        },
      }));
  });
}
