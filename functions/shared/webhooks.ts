// Webhook subscriptions for every event (issue 40, docs/decisions/0568-webhook-subscriptions.md,
// docs/webhooks.md): the events, each event's payload `{type, timestamp, data}`, and the
// admin API's subscription and delivery shapes (functions/routes/admin/webhooks.ts).
// WEBHOOK_EVENT_DOCS is what the OpenAPI document emits as its `webhooks`.
import * as z from 'zod';
import { isoTime, leadStatusSchema } from './leads/lead.ts';
import { leadWebhookPayloadSchema } from './leads/webhook.ts';

/** The events a subscription may ask for: the list, every one of whose features exists here. */
export const WEBHOOK_EVENTS = [
  'page.published',
  'page.unpublished',
  'page.expired',
  'page.submitted',
  'page.approved',
  'lead.created',
  'lead.updated',
  'experiment.started',
  'experiment.ended',
  'form.changed',
  'claim.withdrawn',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A landing page as an event names it. */
const pageData = {
  /** The page's id (the same for each of its language versions). */
  id: z.string(),
  /**
   * The locale of the version concerned (issue 39): the default locale's ('en-US') for the
   * page itself, another for its version in that language.
   */
  locale: z.string(),
  title: z.string(),
  /** Its address below the site's root ('' for the home page). */
  slug: z.string(),
  /** The e-mail of whoever did it (the scheduler acts as whoever scheduled it). */
  by: z.string(),
};

const event = <T extends WebhookEvent, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    type: z.literal(type),
    /** When the event happened (the same on every attempt and replay). */
    timestamp: isoTime,
    data,
  });

const experimentData = z.object({
  id: z.string(),
  name: z.string(),
  pageId: z.string(),
  /** The locale of the page's version the experiment runs on ('en-US': the page itself). */
  locale: z.string(),
  by: z.string(),
});

export const WEBHOOK_EVENT_DOCS = {
  'page.published': {
    summary: 'A landing page went live with new content: its publication (job code and version).',
    payload: event(
      'page.published',
      z.object({
        ...pageData,
        /** The publication's job code, "PB-2026-0042". */
        jobCode: z.string(),
        /** The page's publication number (the "v3" of "PB-2026-0042 v3"). */
        version: z.number().int().min(1),
      }),
    ),
  },
  'page.unpublished': {
    summary: 'A live landing page was taken off the site (by hand or as scheduled).',
    payload: event('page.unpublished', z.object(pageData)),
  },
  'page.expired': {
    summary: "A live landing page was taken off the site because its approval's period ran out.",
    payload: event('page.expired', z.object({ ...pageData, expiresAt: isoTime.optional() })),
  },
  'page.submitted': {
    summary: "A page's working copy was submitted for review.",
    payload: event(
      'page.submitted',
      z.object({ ...pageData, revision: z.number().int(), note: z.string().optional() }),
    ),
  },
  'page.approved': {
    summary: "A reviewer signed a page's working copy in review (an electronic signature).",
    payload: event(
      'page.approved',
      z.object({
        ...pageData,
        revision: z.number().int(),
        /** The signer's printed name. */
        signerName: z.string(),
        /** What the signature means (functions/shared/signatures.ts). */
        meaning: z.string(),
      }),
    ),
  },
  'lead.created': {
    summary:
      'A lead was received (never spam): the very body the CRM webhook of Lead settings receives.',
    payload: leadWebhookPayloadSchema,
  },
  'lead.updated': {
    summary: "A person changed a lead's status or owner, or added a note.",
    payload: event(
      'lead.updated',
      z.object({
        id: z.string(),
        name: z.string(),
        status: leadStatusSchema,
        /** The owner's e-mail after the change; null: nobody. */
        owner: z.string().nullable(),
        /** What this change did. */
        changes: z.array(z.enum(['status', 'owner', 'note'])),
        by: z.string(),
      }),
    ),
  },
  'experiment.started': {
    summary: 'An A/B experiment started on its page.',
    payload: event('experiment.started', experimentData),
  },
  'experiment.ended': {
    summary: 'An A/B experiment was stopped (with its winner, when one was promoted).',
    payload: event(
      'experiment.ended',
      experimentData.extend({ promotedVariantId: z.string().optional() }),
    ),
  },
  'form.changed': {
    summary: "A form's definition was saved (fields, consent, auto-reply).",
    payload: event(
      'form.changed',
      z.object({
        id: z.string(),
        title: z.string(),
        revision: z.number().int(),
        by: z.string(),
      }),
    ),
  },
  'claim.withdrawn': {
    summary: 'A claim of the claims library was withdrawn (final), with the reason.',
    payload: event(
      'claim.withdrawn',
      z.object({ id: z.string(), key: z.string(), reason: z.string(), by: z.string() }),
    ),
  },
} as const satisfies Record<WebhookEvent, { summary: string; payload: z.ZodType }>;

export type WebhookPayload<E extends WebhookEvent = WebhookEvent> = z.infer<
  (typeof WEBHOOK_EVENT_DOCS)[E]['payload']
>;
/** An event's `data`, as the data layer hands it over with its change. */
export type WebhookEventData<E extends WebhookEvent = WebhookEvent> = WebhookPayload<E>['data'];

/** What a data module passes with its transaction: the event and its data. */
export type WebhookEventInput = {
  [E in WebhookEvent]: { type: E; data: WebhookEventData<E> };
}[WebhookEvent];

/** Failures in a row after which a subscription is switched off and its creator e-mailed. */
export const MAX_CONSECUTIVE_FAILURES = 20;
/** Deliveries listed per subscription. */
export const DELIVERY_LIST_SIZE = 50;
/** The receiver's answer kept with an attempt, at most. */
export const ANSWER_EXCERPT_CHARS = 300;
/** The id under which the lead settings' CRM webhook is listed (read-only). */
export const CRM_SUBSCRIPTION_ID = 'crm';

const eventsField = z
  .array(webhookEventSchema, { error: 'must be a list of events' })
  .min(1, { error: 'must name at least one event' })
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, {
    error: 'must not name an event twice',
  });
const urlField = z.string().trim().min(1, { error: 'is required' }).max(2000);
const descriptionField = z.string().trim().max(200, { error: 'must be 200 characters or fewer' });

export const webhookCreateSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  description: descriptionField.optional(),
  format: z.enum(WEBHOOK_FORMATS).optional(),
});

export const webhookPatchSchema = z.strictObject({
  url: urlField.optional(),
  events: eventsField.optional(),
  description: descriptionField.optional(),
  enabled: z.boolean().optional(),
});

export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  format: z.enum(WEBHOOK_FORMATS),
  description: z.string(),
  enabled: z.boolean(),
  /** Failed attempts in a row (a delivered one resets it). */
  consecutiveFailures: z.number().int(),
  /** When it was switched off after MAX_CONSECUTIVE_FAILURES, if it was. */
  disabledAt: isoTime.optional(),
  createdBy: z.string(),
  createdAt: isoTime,
  /** True for the CRM webhook of Lead settings: listed here, changed there. */
  readOnly: z.boolean(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

/** The answer to a create: the subscription and its signing secret, shown this once. */
export const webhookCreatedSchema = webhookSubscriptionSchema.extend({
  /** "whsec_<base64>": the Standard Webhooks signing secret; never shown again. */
  secret: z.string(),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSubscriptionSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const webhookAttemptSchema = z.object({
  at: isoTime,
  trigger: z.enum(['automatic', 'manual', 'replay']),
  /** 1 for the first automatic attempt, 2 for its first retry, ... (0: a replay). */
  attempt: z.number().int(),
  outcome: z.enum(['delivered', 'failed']),
  httpStatus: z.number().int().optional(),
  /** Why it failed, when no answer says it (refused by the guard, timed out, ...). */
  error: z.string().optional(),
  /** The start of the receiver's answer body. */
  answer: z.string().optional(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: webhookEventSchema,
  status: z.enum(['pending', 'delivered', 'failed']),
  createdAt: isoTime,
  nextAttemptAt: isoTime.optional(),
  /** Newest last. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
