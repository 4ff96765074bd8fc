// The Leads inbox's contract: one zod schema per request and response shape of
// /api/admin/leads, and the CRM webhook's body. The route validates with these and the
// admin island reads its answers with them, so neither re-declares a shape.
import * as z from 'zod';
import { LEAD_STATUSES, type LeadStatus } from './lead-basics.ts';
import { FORM_TYPES, INQUIRY_TYPES } from './contact.ts';
import { consentRecordSchema } from './forms/consent.ts';
import { formIdSchema } from './forms/definition.ts';
import { fieldValueSchema } from './forms/submission.ts';

export {
  LEAD_STATUSES,
  WORKFLOW_STATUSES,
  leadFormId,
  leadFormLabel,
  leadFormName,
  leadFromPage,
  type LeadStatus,
} from './lead-basics.ts';
export const leadStatusSchema = z.enum(LEAD_STATUSES);

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
  spam: 'Spam',
};

const isoTime = z.iso.datetime({ offset: true });

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

// Query strings: an empty parameter (an unset filter of a form) means "not given".
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankIsUnset, schema.optional());

/** The filters of the list and of the CSV export. */
export const leadFilterSchema = z
  .object({
    /** One status; unset lists every lead that is not spam. */
    status: optionalQuery(leadStatusSchema),
    /** A form type (docs/requirements.md's four); custom forms are all `general`. */
    form: optionalQuery(z.enum(FORM_TYPES)),
    /** One form by its id (issue 35): read from the form's own index, not filtered per item. */
    formId: optionalQuery(formIdSchema),
    /** A landing page's id (any of the values a lead may carry for it also matches). */
    page: optionalQuery(z.string().trim().max(200, 'must be at most 200 characters')),
    /** Received at or after this instant. */
    from: optionalQuery(isoTime),
    /** Received before this instant (exclusive). */
    to: optionalQuery(isoTime),
    /** Part of the name, e-mail or company; case and accents are ignored. */
    q: optionalQuery(z.string().trim().max(100, 'must be at most 100 characters')),
    /** The owner's e-mail, or `me` for the caller's own leads ("Mine"). */
    owner: optionalQuery(
      z
        .string()
        .trim()
        .max(254, 'must be me or an e-mail address')
        .refine((value) => value === 'me' || z.email().safeParse(value).success, {
          message: 'must be me or an e-mail address',
        })
        .transform((value) => value.toLowerCase()),
    ),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to), {
    path: ['to'],
    message: 'must be after from',
  });
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const LEAD_PAGE_SIZE = 25;

export const leadListQuerySchema = z.intersection(
  leadFilterSchema,
  z.object({
    cursor: optionalQuery(z.string().max(2000, 'must be at most 2000 characters')),
    limit: optionalQuery(
      z.coerce
        .number('must be a whole number from 1 to 100')
        .int('must be a whole number from 1 to 100')
        .min(1, 'must be a whole number from 1 to 100')
        .max(100, 'must be a whole number from 1 to 100'),
    ),
  }),
);

export const leadListSchema = z.object({
  leads: z.array(leadSummarySchema),
  /** Pass back as `cursor` for the next page; absent at the end. */
  cursor: z.string().optional(),
  /**
   * True when this page stopped at the read budget before filling up: a search or filter
   * over many leads; the cursor continues where it stopped.
   */
  partial: z.boolean(),
});
export type LeadList = z.infer<typeof leadListSchema>;

/** GET /api/admin/leads/stats: the figure on the tab label. */
export const leadStatsSchema = z.object({ newCount: z.number().int().min(0) });
export type LeadStats = z.infer<typeof leadStatsSchema>;

/**
 * GET /api/admin/leads/forms: the Form filter's choices. Every form of the site, then the
 * deleted forms that leads still name (their last known title), built-in ones first.
 */
export const leadFormsSchema = z.object({
  forms: z.array(
    z.object({
      id: z.string(),
      /** As the inbox shows the form's leads (leadFormName). */
      label: z.string(),
      builtIn: z.boolean(),
      /** No longer a form of the site; listed while leads name it. */
      deleted: z.boolean(),
    }),
  ),
});
export type LeadForms = z.infer<typeof leadFormsSchema>;

/** An owner in a change: an account's e-mail, or null for nobody. */
export const leadOwnerSchema = z
  .email('must be the e-mail address of an account, or null')
  .max(254, 'must be at most 254 characters')
  .toLowerCase()
  .nullable();

/** PATCH /api/admin/leads/:id */
export const leadPatchSchema = z
  .strictObject({
    status: leadStatusSchema.optional(),
    note: z
      .string('must be text')
      .trim()
      .min(1, 'must not be empty')
      .max(5000, 'must be at most 5000 characters')
      .optional(),
    owner: leadOwnerSchema.optional(),
  })
  .refine(
    (value) => value.status !== undefined || value.note !== undefined || value.owner !== undefined,
    { path: ['status'], message: 'give a status, a note, an owner, or several' },
  );
export type LeadPatch = z.infer<typeof leadPatchSchema>;

/** Accounts a lead may be given to: active, with a role that has the leads permission. */
export const leadOwnersSchema = z.object({
  owners: z.array(z.object({ email: z.string(), name: z.string().optional() })),
});
export type LeadOwners = z.infer<typeof leadOwnersSchema>;

export const BULK_ACTIONS = ['status', 'owner', 'spam'] as const;
export const BULK_MAX = 100;
const leadIdsSchema = z
  .array(z.uuid('must be lead ids'), 'must be a list of lead ids')
  .min(1, 'must name at least one lead')
  .max(BULK_MAX, `must name at most ${BULK_MAX} leads`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name a lead twice');

/** POST /api/admin/leads/bulk: one change to each of up to 100 leads. */
export const leadBulkSchema = z
  .strictObject({
    ids: leadIdsSchema,
    action: z.enum(BULK_ACTIONS),
    status: leadStatusSchema.optional(),
    owner: leadOwnerSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.action === 'status' && value.status === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'is required to set a status',
      });
    }
    if (value.action === 'owner' && value.owner === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['owner'],
        message: 'is required to set an owner (null for nobody)',
      });
    }
  });
export type LeadBulk = z.infer<typeof leadBulkSchema>;

/** What happened to each lead of a bulk change, in the order asked. */
export const BULK_OUTCOMES = ['ok', 'unchanged', 'not-found', 'conflict'] as const;
export const leadBulkResultSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), outcome: z.enum(BULK_OUTCOMES), message: z.string().optional() }),
  ),
  /** Changed or already as asked. */
  succeeded: z.number().int(),
  /** Not found or changed by someone else meanwhile. */
  failed: z.number().int(),
});
export type LeadBulkResult = z.infer<typeof leadBulkResultSchema>;

/** POST /api/admin/leads/export: the CSV of chosen leads. */
export const leadExportSelectionSchema = z.strictObject({ ids: leadIdsSchema });

/** One entry of a contact's timeline: a submission, or an entry of one of its leads. */
export const contactTimelineEntrySchema = z.union([
  z.object({
    kind: z.literal('submission'),
    at: isoTime,
    leadId: z.string(),
    formType: z.enum(FORM_TYPES),
    formId: z.string().optional(),
    formTitle: z.string().optional(),
    status: leadStatusSchema,
    submission: z.number().int().optional(),
  }),
  timelineEntrySchema.extend({ leadId: z.string() }),
]);
export type ContactTimelineEntry = z.infer<typeof contactTimelineEntrySchema>;

/** GET /api/admin/contacts/:email: everything one person (one e-mail address) sent. */
export const contactSchema = z.object({
  /** Lower-cased: the contact's key. */
  email: z.string(),
  /** From the newest submission that is not spam (the newest of all if every one is). */
  name: z.string(),
  company: z.string(),
  /** The owner of the newest submission that has one. */
  owner: z.string().optional(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  /** Newest first, spam included (without a submission number). */
  submissions: z.array(leadSummarySchema),
  /** Submissions, status and owner changes and notes of every lead, oldest first. */
  timeline: z.array(contactTimelineEntrySchema),
  /** True when the contact has more submissions than the view reads (CONTACT_MAX_LEADS). */
  truncated: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;

/** The lead as the CRM receives it (Standard Webhooks payload: type, timestamp, data). */
export const leadWebhookPayloadSchema = z.object({
  type: z.literal('lead.created'),
  /** When the lead was received (the event's time, the same on every attempt). */
  timestamp: isoTime,
  data: leadSchema
    .pick({
      id: true,
      name: true,
      email: true,
      company: true,
      message: true,
      role: true,
      inquiryType: true,
      formType: true,
      landingPageId: true,
      createdAt: true,
      attribution: true,
      formId: true,
      fields: true,
      phones: true,
      consent: true,
    })
    .strict(),
});
export type LeadWebhookPayload = z.infer<typeof leadWebhookPayloadSchema>;

/**
 * The CSV export's fixed columns, in order; then one column per custom field of the leads
 * exported (csvFieldColumns), so a value cannot pass for another field.
 */
export const LEAD_CSV_HEADER = [
  'Received (UTC)',
  'Name',
  'Email',
  'Company',
  'Role',
  'Form',
  'Inquiry type',
  'Landing page',
  'Status',
  'Message',
  'Referrer host',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Owner',
  'Form id',
  'Consent',
  'Consent version',
  'Consent text',
  'Lead id',
] as const;

/** A custom field's column: what was typed, or a phone field's E.164 form (`phones`). */
export interface CsvFieldColumn {
  header: string;
  name: string;
  from: 'fields' | 'phones';
}

/**
 * The custom fields' columns of an export: every field name its leads have, by name (so two
 * exports of the same forms have the same columns), each followed by its E.164 column when
 * one of the leads has a phone number under that name.
 */
export function csvFieldColumns(
  leads: readonly Pick<LeadView, 'fields' | 'phones'>[],
): CsvFieldColumn[] {
  const names = new Set<string>();
  const phones = new Set<string>();
  for (const lead of leads) {
    for (const name of Object.keys(lead.fields ?? {})) names.add(name);
    for (const name of Object.keys(lead.phones ?? {})) phones.add(name);
  }
  return [...new Set([...names, ...phones])]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap((name) => [
      ...(names.has(name) ? [{ header: `Field: ${name}`, name, from: 'fields' as const }] : []),
      ...(phones.has(name)
        ? [{ header: `Field: ${name} (E.164)`, name, from: 'phones' as const }]
        : []),
    ]);
}
