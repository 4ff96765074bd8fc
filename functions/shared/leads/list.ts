// The Leads inbox's list (/api/admin/leads): the filters it shares with the CSV export, the
// list's query and answer, the count on the tab and the Form filter's choices. Part of
// functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { FORM_TYPES } from '../contact.ts';
import { formIdSchema } from '../forms/form-id.ts';
import { DEFAULT_LOCALE, localeSchema } from '../locales.ts';
import { isoTime, leadStatusSchema, leadSummarySchema } from './lead.ts';

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
    /**
     * The locale the lead was sent in (issue 39, docs/decisions/0575-leads-by-locale.md): a
     * BCP 47 code; leads from before locales count as en-US (leadLocale). Checked per item.
     */
    locale: optionalQuery(localeSchema),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to), {
    path: ['to'],
    message: 'must be after from',
  });
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/**
 * The locale a lead was sent in, for the Language filter and the CSV: its own, or the default
 * locale for a lead stored before locales existed (it came from the English site).
 */
export const leadLocale = (lead: { locale?: unknown }): string =>
  typeof lead.locale === 'string' && lead.locale ? lead.locale : DEFAULT_LOCALE;

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

/**
 * GET /api/admin/leads/locales: the Language filter's choices (issue 39): the site's locales
 * (the `locales` setting, readable here without the accounts permission), the default first.
 */
export const leadLocalesSchema = z.object({
  locales: z.array(
    z.object({
      code: z.string(),
      /** The locale's name in English ("German (Germany)"). */
      label: z.string(),
      default: z.boolean(),
    }),
  ),
});
export type LeadLocales = z.infer<typeof leadLocalesSchema>;
