// The lead a visitor submits: from the landing-page contact dialog (docs/requirements.md §2 "Contact
// dialog"), the contact page (/contact, /demo, /site/contact) or the pilot page. One
// schema for the browser forms and POST /api/contact.
import * as z from 'zod';
import { downloadLinkSchema, gateSchema } from './assets.ts';
import { attributionSchema, variantIdSchema } from './events.ts';
import { localeSchema } from './locales.ts';

export const INQUIRY_TYPES = ['demo', 'sales', 'support', 'partnership', 'other'] as const;
export const INQUIRY_LABELS: Record<(typeof INQUIRY_TYPES)[number], string> = {
  demo: 'Request Demo',
  sales: 'Sales Inquiry',
  support: 'Technical Support',
  partnership: 'Partnership',
  other: 'Other',
};

/** general and pricing come from the dialog; contact-page and pilot from site pages. */
export const FORM_TYPES = ['general', 'pricing', 'contact-page', 'pilot'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/**
 * Line breaks and other control characters: C0 (CR, LF, tab...), DEL, C1 (NEL...) and
 * the Unicode line and paragraph separators. A one-line field holding one could start a
 * line of its own in the team's notification e-mail (functions/mail/lead-notification.ts).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/** Control characters a text area does not keep: all but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const TEXT_AREA_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
export const stripControls = (text: string) => text.replace(TEXT_AREA_CONTROLS, '');

export const ONE_LINE_MESSAGE = 'must be on one line, without control characters';

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), ONE_LINE_MESSAGE);

/** The page and visit facts every body may carry, whichever shape it has. */
const visitFields = {
  /** docs/requirements.md §7: the path without its leading slash, or `default`; the default page's id for pricing. */
  landingPageId: oneLine(200).optional(),
  /** Where the visit came from (referrer host, UTM tags); the server adds the page's id. */
  attribution: attributionSchema.optional(),
  /** The experiment variant the page was served as (docs/decisions/0151-experiment-serving.md). */
  variantId: variantIdSchema.optional(),
  /** ... and its experiment (the pricing dialog's lead names the default page, not this one). */
  experimentId: z.uuid().optional(),
  /** Honeypot: invisible to people, filled by bots. Accepted (2xx) but stored as spam. */
  website: z.string().max(500).optional(),
  /** Whether the form's consent box was ticked (issue 26; absent: not shown or not ticked). */
  consent: z.boolean('must be true or false').optional(),
  /** The version of the consent text the visitor saw (GET /api/forms/:id consent.version). */
  consentVersion: z.string().max(64, 'must be at most 64 characters').optional(),
  /**
   * The locale of the page the form was sent from (issue 39): one of the site's locales,
   * en-US when absent. The consent version is checked against that locale's text, the lead
   * keeps it and the auto-reply speaks it.
   */
  locale: localeSchema.optional(),
};

/**
 * POST /api/contact with a form of functions/shared/forms/ (issue 26): its id and its
 * values, checked by the server against the stored definition.
 */
export const formPostSchema = z.strictObject({
  formId: z
    .string('must be text')
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'must be a form id'),
  fields: z.record(
    z.string().max(40, 'must be a field name of at most 40 characters'),
    z.unknown(),
    'must be an object of field names and values',
  ),
  ...visitFields,
});
export type FormPost = z.infer<typeof formPostSchema>;

export const contactSubmissionSchema = z
  .strictObject({
    name: oneLine(200).pipe(z.string().min(1, 'is required')),
    email: oneLine(254).pipe(
      z.string().min(1, 'is required').pipe(z.email('must be a valid email address')),
    ),
    company: oneLine(200).default(''),
    // A text area keeps its line breaks and tabs; every other control character (NUL, BEL,
    // DEL, C1, ...) is dropped, so none reaches the inbox, the CSV or the CRM webhook.
    message: z
      .string()
      .transform(stripControls)
      .pipe(z.string().trim().max(5000, 'must be at most 5000 characters'))
      .default(''),
    role: oneLine(200).optional(),
    inquiryType: z.enum(INQUIRY_TYPES).optional(),
    formType: z.enum(FORM_TYPES).default('general'),
    ...visitFields,
  })
  .superRefine((value, ctx) => {
    // The contact page asks for company and message as required fields (docs/requirements.md §5).
    if (value.formType === 'contact-page') {
      if (!value.company)
        ctx.addIssue({ code: 'custom', path: ['company'], message: 'is required' });
      if (!value.message)
        ctx.addIssue({ code: 'custom', path: ['message'], message: 'is required' });
    }
  });

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/**
 * POST /api/contact's body as the API description shows it: docs/requirements.md §7's body
 * or a form's, either with a gated download's `gate` (issue 27). The route checks it part by
 * part instead (functions/routes/contact.ts contactBody): `gate` first, then the shape that
 * `formId` picks, so a refusal names the fields of the shape sent rather than a union's.
 */
export const contactBodySchema = z.union([
  contactSubmissionSchema.safeExtend({ gate: gateSchema.optional() }),
  formPostSchema.extend({ gate: gateSchema.optional() }),
]);

/** POST /api/contact's 201: the lead is stored (a filled honeypot is answered alike). */
export const contactResponseSchema = z.object({
  id: z.string(),
  status: z.literal('received'),
  /** A gated submission's link to its file. */
  download: downloadLinkSchema.optional(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
