// Lead routing settings (issue 26, docs/decisions/0180-lead-routing-settings.md): who is
// e-mailed for a new lead (everyone, or per form), and the CRM webhook (URL, on/off, its
// signing secret). Shared by the API (functions/routes/admin/lead-settings.ts) and the
// Account area's "Lead routing" section, so both check a value the same way.
//
// The secret is write-only: a PUT may carry a new one (a whsec_ value, pasted from the CRM
// or made by the admin's browser with "Generate"), and without one the stored secret is
// kept. No answer ever holds it; GET says only whether one is set.
//
// Issue 35 (docs/decisions/0390-lead-assignment-rules.md, 0391-lead-sla-reminder.md): owner
// assignment rules, evaluated in order for each new lead (the first that matches wins), and
// the hours after which a lead still `new` earns its owner a reminder (null: off).
import * as z from 'zod';
import { CONTROL_CHARACTERS, ONE_LINE_MESSAGE } from '../contact.ts';
import { formIdSchema } from '../forms/form-id.ts';
import { fieldSchema } from '../forms/fields.ts';

/** As functions/webhooks/signing.ts (which uses node:crypto, so the browser cannot import it). */
const SECRET_PREFIX = 'whsec_';
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;

export const MAX_RECIPIENTS = 20;
export const MAX_FORM_ROUTES = 50;
/** Deliveries (lead deliveries and tests) the settings screen lists. */
export const DELIVERY_LOG_SIZE = 20;

const email = z
  .string('must be an email address')
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'));

const recipients = z
  .array(email, 'must be a list of email addresses')
  .max(MAX_RECIPIENTS, `must have at most ${MAX_RECIPIENTS} addresses`)
  .transform((list) => [...new Set(list.map((address) => address.toLowerCase()))]);

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A Standard Webhooks secret: whsec_ + base64 of 24 to 64 random bytes. */
export const webhookSecretSchema = z
  .string('must be text')
  .trim()
  .superRefine((secret, ctx) => {
    const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    if (!BASE64.test(encoded) || encoded === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'must be whsec_ followed by base64 (the Standard Webhooks form)',
      });
      return;
    }
    // Length of the decoded bytes, from the base64 text (no Buffer: this runs in browsers).
    const bytes = (encoded.length / 4) * 3 - (encoded.match(/=+$/)?.[0].length ?? 0);
    if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `must decode to ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes (it has ${bytes})`,
      });
    }
  });

const webhookUrl = z
  .string('must be text')
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .refine(
    (value) => value === null || /^https?:\/\//i.test(value),
    'must be a full URL such as https://crm.example.com/hooks/leads',
  );

export const MAX_ASSIGNMENT_RULES = 50;
export const MAX_RULE_OWNERS = 20;
/** The longest SLA a reminder waits for: 30 days. */
export const MAX_SLA_HOURS = 720;

/** How a rule picks among its owners. */
export const ASSIGNMENT_MODES = ['round-robin', 'first'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
export const ASSIGNMENT_MODE_LABELS: Record<AssignmentMode, string> = {
  'round-robin': 'Round-robin (each owner in turn)',
  first: 'First owner (the next ones stand in)',
};

/** A rule's id: given by the admin's browser, else by the server; keys its turn counter. */
export const RULE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** One owner assignment rule. Neither form nor field: it matches every lead. */
export const assignmentRuleSchema = z.strictObject({
  id: z
    .string('must be text')
    .regex(RULE_ID_PATTERN, 'must be lowercase letters, digits and hyphens (at most 40)')
    .optional(),
  /** Leads of this form only (functions/shared/forms/definition.ts ids; a lead without one: its type's). */
  formId: formIdSchema.optional(),
  /** Leads whose field `name` holds `equals` (case and surrounding spaces ignored). */
  field: z
    .strictObject({
      name: fieldSchema.shape.name,
      equals: z
        .string('must be text')
        .trim()
        .min(1, 'must not be empty')
        .max(200, 'must be at most 200 characters')
        .refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE),
    })
    .optional(),
  /** Accounts that may work leads (checked by the API against the accounts). */
  owners: z
    .array(email, 'must be a list of e-mail addresses of accounts')
    .min(1, 'must name at least one owner')
    .max(MAX_RULE_OWNERS, `must name at most ${MAX_RULE_OWNERS} owners`)
    .transform((list) => list.map((address) => address.toLowerCase()))
    .refine((list) => new Set(list).size === list.length, 'must not name an owner twice'),
  mode: z.enum(ASSIGNMENT_MODES, `must be one of: ${ASSIGNMENT_MODES.join(', ')}`),
});
export type AssignmentRuleInput = z.input<typeof assignmentRuleSchema>;
export type AssignmentRule = z.output<typeof assignmentRuleSchema> & { id: string };

export const assignmentSchema = z
  .array(assignmentRuleSchema, 'must be a list of rules')
  .max(MAX_ASSIGNMENT_RULES, `must have at most ${MAX_ASSIGNMENT_RULES} rules`)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      if (!rule.id) return;
      if (seen.has(rule.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'is the id of another rule' });
      }
      seen.add(rule.id);
    });
  });

/** Hours a lead may stay `new` before its owner is reminded; null: no reminders. */
export const slaHoursSchema = z
  .number('must be a number of hours, or null for no reminder')
  .int('must be a whole number of hours')
  .min(1, 'must be at least 1 hour')
  .max(MAX_SLA_HOURS, `must be at most ${MAX_SLA_HOURS} hours (30 days)`)
  .nullable();

/** PUT /api/admin/settings/leads: the whole settings. */
export const leadSettingsInputSchema = z
  .strictObject({
    recipients,
    /** Form id (functions/shared/forms/definition.ts) -> who gets that form's leads instead. */
    perForm: z
      .record(
        formIdSchema,
        recipients.refine(
          (list) => list.length > 0,
          'must name at least one address (remove the form to use the general recipients)',
        ),
        'must map form ids to lists of email addresses',
      )
      .refine(
        (routes) => Object.keys(routes).length <= MAX_FORM_ROUTES,
        `must have at most ${MAX_FORM_ROUTES} forms`,
      )
      .default({}),
    webhook: z.strictObject({
      url: webhookUrl.default(null),
      enabled: z.boolean('must be true or false'),
      /** A new signing secret; absent keeps the stored one. Never answered. */
      secret: webhookSecretSchema.optional(),
    }),
    /** Owner assignment rules, in order (issue 35); absent: none. */
    assignment: assignmentSchema.default([]),
    /** A reminder when a lead is still new this many hours after it arrived; absent: off. */
    slaHours: slaHoursSchema.default(null),
  })
  .superRefine((settings, ctx) => {
    if (settings.webhook.enabled && !settings.webhook.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['webhook', 'url'],
        message: 'is required while the webhook is on',
      });
    }
  });
export type LeadSettingsInput = z.input<typeof leadSettingsInputSchema>;
export type LeadSettingsChange = z.output<typeof leadSettingsInputSchema>;

/** GET /api/admin/settings/leads (and PUT's answer). Never the secret. */
export const leadSettingsSchema = z.object({
  /** 'environment': nothing saved yet, these are NOTIFY_EMAIL / LEAD_WEBHOOK_URL's defaults. */
  source: z.enum(['stored', 'environment']),
  recipients: z.array(z.string()),
  perForm: z.record(z.string(), z.array(z.string())),
  webhook: z.object({
    url: z.string().nullable(),
    enabled: z.boolean(),
    /** Whether a signing secret is set (stored, or LEAD_WEBHOOK_SECRET). */
    secretSet: z.boolean(),
  }),
  /** Owner assignment rules, in the order they are tried; each with its id. */
  assignment: z.array(
    z.object({
      id: z.string(),
      formId: z.string().optional(),
      field: z.object({ name: z.string(), equals: z.string() }).optional(),
      owners: z.array(z.string()),
      mode: z.enum(ASSIGNMENT_MODES),
    }),
  ),
  /** Hours after which a lead still new earns a reminder; null: off. */
  slaHours: z.number().int().nullable(),
  /** Whether this server can keep a new secret: 'kms' (AWS), 'local' (AES key) or 'none'. */
  secretStorage: z.enum(['kms', 'local', 'none']),
  updatedAt: z.string().optional(),
  updatedBy: z.string().optional(),
});
export type LeadSettings = z.infer<typeof leadSettingsSchema>;

/** POST /api/admin/settings/leads/test: the saved target, or another URL / secret to try. */
export const webhookTestSchema = z
  .strictObject({
    url: webhookUrl.optional(),
    secret: webhookSecretSchema.optional(),
  })
  .default({});

/** What the receiver answered a test delivery. */
export const webhookTestResultSchema = z.object({
  ok: z.boolean(),
  httpStatus: z.number().int().optional(),
  error: z.string().optional(),
  durationMs: z.number().int().min(0),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** One line of the delivery log: a lead's attempt or a test. */
export const deliveryLogEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(['lead', 'test']),
  leadId: z.string().optional(),
  /** automatic (the drainer), manual (an admin's retry) or test. */
  trigger: z.enum(['automatic', 'manual', 'test']),
  outcome: z.enum(['delivered', 'failed']),
  httpStatus: z.number().int().optional(),
  error: z.string().optional(),
  /** The receiver's host (never the path or query, which may hold a token). */
  host: z.string().optional(),
  durationMs: z.number().int().min(0).optional(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

/** GET /api/admin/settings/leads/deliveries: the last DELIVERY_LOG_SIZE, newest first. */
export const deliveryLogSchema = z.object({ deliveries: z.array(deliveryLogEntrySchema) });
export type DeliveryLog = z.infer<typeof deliveryLogSchema>;

/** The type of a test delivery's body (the CRM can tell it from `lead.created`). */
export const TEST_EVENT_TYPE = 'lead.test';
