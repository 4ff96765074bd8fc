// A lead as the Leads inbox's API sends it (/api/admin/leads): its status, attribution,
// notification, timeline and CRM delivery, and the detail answer. The route validates with
// these and the admin island reads its answers with them, so neither re-declares a shape.
// Part of functions/shared/leads/, one module per concern (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { FORM_TYPES, INQUIRY_TYPES } from '../contact.ts';
import { consentRecordSchema } from '../forms/consent.ts';
import { fieldValueSchema } from '../forms/submission.ts';
import { LEAD_STATUSES, type LeadStatus } from './basics.ts';

export const leadStatusSchema = z.enum(LEAD_STATUSES);

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

/** An instant with its offset, as every lead time is sent. */
export const isoTime = z.iso.datetime({ offset: true });

/**
 * Where a lead came from, recorded at submission once the analytics work stores it: the
 * resolved page id, the referrer's host only (never the full URL) and the UTM tags.
 */
export const leadAttributionSchema = z.object({
  pageId: z.string().max(200).optional(),
  referrerHost: z.string().max(253).optional(),
  utmSource: z.string().max(200).optional(),
  utmMedium: z.string().max(200).optional(),
  utmCampaign: z.string().max(200).optional(),
});
export type LeadAttribution = z.infer<typeof leadAttributionSchema>;

/** The new-lead e-mail to NOTIFY_EMAIL: pending until the transport answered. */
export const NOTIFICATION_STATUSES = [
  'pending',
  'sent',
  'failed',
  'not-configured',
  'skipped',
] as const;
export const leadNotificationSchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES),
  at: isoTime.optional(),
  /** log, smtp or ses */
  transport: z.string().optional(),
  error: z.string().optional(),
});
export type LeadNotification = z.infer<typeof leadNotificationSchema>;

export const leadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string(),
  role: z.string().optional(),
  inquiryType: z.enum(INQUIRY_TYPES).optional(),
  formType: z.enum(FORM_TYPES),
  landingPageId: z.string().optional(),
  status: leadStatusSchema,
  /** Why a spam lead is spam: the honeypot field was filled, or an admin said so. */
  spamSource: z.enum(['honeypot', 'admin']).optional(),
  createdAt: isoTime,
  updatedAt: isoTime.optional(),
  attribution: leadAttributionSchema.optional(),
  notification: leadNotificationSchema.optional(),
  /** The form it was sent with (functions/shared/forms/); absent on leads before forms. */
  formId: z.string().optional(),
  /**
   * The form's title when the lead was sent (issue 35); for older leads of a custom form the
   * API fills in the form's last known title. Shown through leadFormName().
   */
  formTitle: z.string().optional(),
  /** The form's own fields (not the reserved ones above): name -> text or a checkbox's state. */
  fields: z.record(z.string(), fieldValueSchema).optional(),
  /**
   * The phone fields as numbers (functions/shared/phone.ts): E.164 with RFC 3966's extension
   * parameter (`+14155550100;ext=12`), for those whose country could be told; `fields` keeps
   * what the visitor typed.
   */
  phones: z.record(z.string(), z.string()).optional(),
  /** What the visitor agreed to, when the form asked (docs/decisions/0163-consent-records.md). */
  consent: consentRecordSchema.optional(),
  /**
   * The locale of the page the form was sent from (issue 39): the consent recorded is that
   * locale's text and version. Absent on leads from before locales (they were en-US).
   */
  locale: z.string().optional(),
  /** The account working the lead (an e-mail, lower-cased); absent while nobody owns it. */
  owner: z.string().optional(),
  /** The reminder sent because the lead was still new after the SLA (issue 35), once. */
  reminder: z
    .object({
      at: isoTime,
      /** The owner, or the lead's notification recipients when nobody owned it. */
      to: z.array(z.string()),
      hours: z.number().int(),
      outcome: z.enum(['pending', 'sent', 'failed']),
    })
    .optional(),
});
export type LeadView = z.infer<typeof leadSchema>;

/**
 * A list row: everything but the message and the notification outcome, with the lead's
 * place among its contact's submissions (same e-mail, case ignored; spam not counted):
 * `submission` is 3 for the third (absent on spam), `submissions` the contact's total.
 */
export const leadSummarySchema = leadSchema.omit({ message: true, notification: true }).extend({
  submission: z.number().int().min(1).optional(),
  submissions: z.number().int().min(0).optional(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

/** One entry of a lead's internal timeline: a note, a status change or an owner change. */
export const timelineEntrySchema = z.object({
  id: z.string(),
  at: isoTime,
  author: z.string(),
  kind: z.enum(['note', 'status', 'owner']),
  text: z.string().optional(),
  from: leadStatusSchema.optional(),
  to: leadStatusSchema.optional(),
  /** An owner change: who owned it before and who owns it now (absent: nobody). */
  fromOwner: z.string().optional(),
  toOwner: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** One POST to the CRM webhook. */
export const deliveryAttemptSchema = z.object({
  at: isoTime,
  trigger: z.enum(['automatic', 'manual']),
  outcome: z.enum(['delivered', 'failed']),
  /** The receiver's HTTP status, when it answered. */
  httpStatus: z.number().int().optional(),
  /** What went wrong: a status, a timeout, a refused connection. */
  error: z.string().optional(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export const deliverySchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  /** The Standard Webhooks `webhook-id`: the same on every attempt, for the CRM to dedupe. */
  webhookId: z.string(),
  attempts: z.array(deliveryAttemptSchema),
  /** When the next automatic attempt is due (pending only). */
  nextAttemptAt: isoTime.optional(),
  deliveredAt: isoTime.optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET /api/admin/leads/:id and the answer of every change to a lead. */
export const leadDetailSchema = z.object({
  lead: leadSchema,
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
  /** The CRM delivery; null when none was ever due (no webhook configured, or spam). */
  delivery: deliverySchema.nullable(),
  /** Whether LEAD_WEBHOOK_URL is set (a manual retry needs it). */
  webhookConfigured: z.boolean(),
  /** The lead's place among its contact's submissions (see leadSummarySchema). */
  contact: z
    .object({
      submission: z.number().int().min(1).optional(),
      submissions: z.number().int().min(0),
    })
    .optional(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;
