// /api/admin/webhooks (issue 40, docs/decisions/0568-webhook-subscriptions.md, docs/webhooks.md):
// subscriptions to the events of functions/shared/webhooks.ts; admins only (the accounts
// permission), as the CRM webhook's settings.
//   GET    /                                        the subscriptions (and the CRM webhook, read-only)
//   POST   /                                        adds one; answers its signing secret, this once
//   PATCH  /:id                                     URL, events, description, on/off
//   DELETE /:id                                     deletes it
//   GET    /:id/deliveries                          its last deliveries with their attempts
//   POST   /:id/deliveries/:deliveryId/replay       one attempt now; answers the delivery
// The URL passes the SSRF guard (functions/webhooks/url-guard.ts) at every save, and again at
// each delivery. The CRM webhook of Lead settings is listed as `crm` (events lead.created),
// with its delivery log; it is changed in Lead settings, so PATCH, DELETE and replay refuse it.
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv, Services } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { deliveryView, type StoredSubscription } from '../../data/webhook-subscriptions.ts';
import {
  CRM_SUBSCRIPTION_ID,
  DELIVERY_LIST_SIZE,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookPatchSchema,
  webhookSubscriptionSchema,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
  type WebhookSubscription,
} from '../../shared/webhooks.ts';
import { checkWebhookUrl, guardModeOf } from '../../webhooks/url-guard.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

/** A 400 naming one field, with the sentence the admin's form shows beside it. */
const fieldError = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: ${field} ${problem}`, {
    [field]: [problem],
  });

/** Ids as path segments: `wh_<hex>`, `crm`, `msg_<...>`; anything else of this shape is a 404 from the store. */
const pathId = z.string().regex(/^[\w-]{1,64}$/);
const idParams = z.object({ id: pathId });
const deliveryParams = z.object({ id: pathId, deliveryId: pathId });

/** What the admin sees: never the secret, not even sealed. */
const view = (subscription: StoredSubscription): WebhookSubscription => ({
  id: subscription.id,
  url: subscription.url,
  events: subscription.events,
  format: subscription.format,
  description: subscription.description,
  enabled: subscription.enabled,
  consecutiveFailures: subscription.consecutiveFailures,
  ...(subscription.disabledAt ? { disabledAt: subscription.disabledAt } : {}),
  createdBy: subscription.createdBy,
  createdAt: subscription.createdAt,
  readOnly: false,
});

const notFound = () => new ApiError(404, 'not_found', 'There is no such webhook.');
const managedElsewhere = () =>
  new ApiError(
    409,
    'conflict',
    'The CRM webhook is managed in Lead settings: change, test or switch it off there.',
  );

/** The CRM webhook of Lead settings as a read-only subscription to lead.created, if one is set. */
async function crmEntry(services: Services): Promise<WebhookSubscription | undefined> {
  const settings = await services.leadRouting.view();
  if (!settings.webhook.url) return undefined;
  return {
    id: CRM_SUBSCRIPTION_ID,
    url: settings.webhook.url,
    events: ['lead.created'],
    format: 'standard',
    description: 'The CRM webhook (Lead settings)',
    enabled: settings.webhook.enabled,
    consecutiveFailures: 0,
    createdBy: settings.updatedBy ?? 'environment',
    createdAt: settings.updatedAt ?? new Date(0).toISOString(),
    readOnly: true,
  };
}

async function checkedUrl(services: Services, url: string): Promise<string> {
  const problem = await checkWebhookUrl(url, guardModeOf(services.config));
  if (problem) throw fieldError('url', problem);
  return url;
}

async function existing(services: Services, id: string): Promise<StoredSubscription> {
  if (id === CRM_SUBSCRIPTION_ID) throw managedElsewhere();
  const subscription = await services.webhookSubscriptions.get(id);
  if (!subscription) throw notFound();
  return subscription;
}

export const listWebhooks = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary: 'The webhook subscriptions, with the CRM webhook of Lead settings (read-only)',
    responses: { 200: webhookListSchema },
  },
  async (c) => {
    const services = c.get('services');
    const crm = await crmEntry(services);
    const own = (await services.webhookSubscriptions.list()).map(view);
    return c.json<WebhookList>({ webhooks: [...(crm ? [crm] : []), ...own] });
  },
);

export const createWebhook = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'accounts',
    summary: 'Adds a webhook subscription; the answer holds its signing secret, shown this once',
    request: { json: webhookCreateSchema },
    responses: { 201: webhookCreatedSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const url = await checkedUrl(services, json.url);
    const box = services.leadRouting.box;
    if (!box) {
      throw new ApiError(
        409,
        'conflict',
        'This server cannot keep signing secrets: no encryption key is configured (LEAD_SETTINGS_KMS_KEY or LEAD_SETTINGS_KEY).',
      );
    }
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const stored = await services.webhookSubscriptions.create(
      {
        id: `wh_${randomBytes(8).toString('hex')}`,
        url,
        events: json.events,
        format: json.format ?? 'standard',
        description: json.description ?? '',
        secretCiphertext: await box.encrypt(secret),
      },
      actorOf(c),
    );
    return c.json<WebhookCreated>({ ...view(stored), secret }, 201);
  },
);

export const patchWebhook = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'accounts',
    summary: "Changes a webhook subscription's URL, events, description, or switches it on or off",
    request: { params: idParams, json: webhookPatchSchema },
    responses: { 200: webhookSubscriptionSchema },
  },
  async (c, { params, json }) => {
    const services = c.get('services');
    const current = await existing(services, params.id);
    if (json.url !== undefined) await checkedUrl(services, json.url);
    const next: StoredSubscription = {
      ...current,
      ...(json.url !== undefined ? { url: json.url } : {}),
      ...(json.events !== undefined ? { events: json.events } : {}),
      ...(json.description !== undefined ? { description: json.description } : {}),
      ...(json.enabled !== undefined ? { enabled: json.enabled } : {}),
    };
    if (json.enabled === true && !current.enabled) {
      // Switched on again: its failures start over.
      next.consecutiveFailures = 0;
      delete next.disabledAt;
    }
    const parts: string[] = [];
    if (next.url !== current.url) parts.push(`URL to host ${new URL(next.url).host}`);
    if (next.events.join() !== current.events.join())
      parts.push(`events ${next.events.join(', ')}`);
    if (next.description !== current.description) parts.push('description');
    if (next.enabled !== current.enabled) parts.push(next.enabled ? 'switched on' : 'switched off');
    const saved = await services.webhookSubscriptions.update(
      current,
      next,
      actorOf(c),
      `Webhook to host ${new URL(current.url).host} changed: ${parts.length ? parts.join(', ') : 'nothing'}`,
    );
    if (!saved) {
      throw new ApiError(
        409,
        'conflict',
        'This webhook changed meanwhile; reload it and try again.',
      );
    }
    return c.json<WebhookSubscription>(view({ ...next, version: current.version + 1 }));
  },
);

export const deleteWebhook = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'accounts',
    summary: 'Deletes a webhook subscription (its pending deliveries are not sent)',
    request: { params: idParams },
    responses: { 204: null },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const current = await existing(services, params.id);
    await services.webhookSubscriptions.delete(current, actorOf(c));
    return c.body(null, 204);
  },
);

export const listWebhookDeliveries = defineRoute(
  {
    method: 'get',
    path: '/:id/deliveries',
    permission: 'accounts',
    summary: "A webhook subscription's last deliveries with their attempts, newest first",
    request: { params: idParams },
    responses: { 200: webhookDeliveryListSchema },
  },
  async (c, { params }) => {
    const services = c.get('services');
    if (params.id === CRM_SUBSCRIPTION_ID) {
      // The CRM webhook's log (functions/data/lead-settings.ts): one line per attempt.
      const log = await services.leadSettings.deliveries(DELIVERY_LIST_SIZE);
      return c.json<WebhookDeliveryList>({
        deliveries: log
          .filter((entry) => entry.kind === 'lead')
          .map((entry, index) => ({
            id: `crm_${index}`,
            event: 'lead.created',
            status: entry.outcome,
            createdAt: entry.at,
            attempts: [
              {
                at: entry.at,
                trigger: entry.trigger === 'manual' ? 'manual' : 'automatic',
                attempt: 0,
                outcome: entry.outcome,
                ...(entry.httpStatus !== undefined ? { httpStatus: entry.httpStatus } : {}),
                ...(entry.error ? { error: entry.error } : {}),
                durationMs: entry.durationMs ?? 0,
              },
            ],
          })),
      });
    }
    const subscription = await services.webhookSubscriptions.get(params.id);
    if (!subscription) throw notFound();
    const deliveries = await services.webhookSubscriptions.deliveries(
      params.id,
      DELIVERY_LIST_SIZE,
    );
    return c.json<WebhookDeliveryList>({ deliveries: deliveries.map(deliveryView) });
  },
);

export const replayWebhookDelivery = defineRoute(
  {
    method: 'post',
    path: '/:id/deliveries/:deliveryId/replay',
    permission: 'accounts',
    summary: 'Sends a delivery again now, whatever its state; answers it with the new attempt',
    request: { params: deliveryParams },
    responses: { 200: webhookDeliverySchema },
  },
  async (c, { params }) => {
    const services = c.get('services');
    await existing(services, params.id);
    const outcome = await services.subscriptionWebhooks.replay(params.id, params.deliveryId);
    if (outcome.kind === 'not-found') {
      throw new ApiError(404, 'not_found', 'There is no such delivery (kept 30 days).');
    }
    if (outcome.kind === 'busy') {
      throw new ApiError(
        409,
        'conflict',
        'This delivery is being sent right now; try again in a minute.',
      );
    }
    return c.json<WebhookDelivery>(deliveryView(outcome.delivery));
  },
);

export const webhooks = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  listWebhooks,
  createWebhook,
  patchWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  replayWebhookDelivery,
]);
