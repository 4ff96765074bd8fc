// Conversion event types (docs/requirements.md §7) plus page_view and the site-wide script's
// events, and the visit attribution a page view and a lead carry (referrer host, UTM tags):
// one schema for the browser and the API.
import * as z from 'zod';
import { CONTROL, HOST, HOST_MAX_LENGTH, UTM_MAX_LENGTH, type Attribution } from './attribution.ts';
import { localeSchema } from './locales.ts';

export const EVENT_TYPES = [
  'page_view',
  'hero_primary_cta',
  'pricing_contact',
  'contact_form_submit',
  'nav_cta_click',
  'final_cta_primary',
  'final_cta_secondary',
  // The site-wide script's own events (docs/decisions/0085-site-wide-tracking.md).
  'outbound_click',
  'file_download',
  'not_found',
  // A form sent (a lead stored), counted by the server with the form's id, never sent by a
  // browser (docs/decisions/0412-form-and-file-goals.md).
  'form_submit',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What a landing page sends (docs/requirements.md §7): its view, its buttons, its dialog. */
export const LANDING_EVENT_TYPES = [
  'page_view',
  'hero_primary_cta',
  'pricing_contact',
  'contact_form_submit',
  'nav_cta_click',
  'final_cta_primary',
  'final_cta_secondary',
] as const satisfies readonly EventType[];

/**
 * What the site-wide script sends from the marketing pages (functions/shared/site-routes.ts):
 * the view, outbound link clicks, file downloads, and on the 404 page `not_found` instead
 * of the view.
 */
export const SITE_EVENT_TYPES = [
  'page_view',
  'outbound_click',
  'file_download',
  'not_found',
] as const satisfies readonly EventType[];

/** The buttons of a landing page: what the dashboard calls CTA clicks. */
export const CTA_EVENT_TYPES = [
  'hero_primary_cta',
  'nav_cta_click',
  'pricing_contact',
  'final_cta_primary',
  'final_cta_secondary',
] as const satisfies readonly EventType[];

export const EVENT_LABELS: Record<EventType, string> = {
  page_view: 'Page view',
  hero_primary_cta: 'Hero: primary button',
  pricing_contact: 'Pricing: contact',
  contact_form_submit: 'Contact form submitted',
  nav_cta_click: 'Navigation: Contact Us',
  final_cta_primary: 'Closing section: primary button',
  final_cta_secondary: 'Closing section: secondary button',
  outbound_click: 'Outbound link click',
  file_download: 'File download',
  not_found: 'Page not found (404)',
  form_submit: 'Form sent',
};

/** Device classes, derived by the server from the user agent (never sent by the browser). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export { attributionFrom } from './attribution.ts';
export type { Attribution } from './attribution.ts';

/**
 * The referrer's host name only, never its path or query (which may carry personal
 * data). `www.` is dropped so www.example.com and example.com count as one source.
 */
export const referrerHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(HOST_MAX_LENGTH, `must be at most ${HOST_MAX_LENGTH} characters`)
  .regex(HOST, 'must be a host name (letters, digits, hyphens and dots)')
  .transform((host) => host.replace(/^www\./, ''));

const utmValue = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(UTM_MAX_LENGTH, `must be at most ${UTM_MAX_LENGTH} characters`)
  .refine((value) => !CONTROL.test(value), 'must not contain control characters');

/** Where a visit came from: sent with a page view and with a contact submission. */
export const attributionSchema = z.strictObject({
  referrerHost: referrerHostSchema.optional(),
  utmSource: utmValue.optional(),
  utmMedium: utmValue.optional(),
  utmCampaign: utmValue.optional(),
}) satisfies z.ZodType<Attribution>;

/**
 * An experiment's variants (functions/shared/experiments.ts): the first is the control. A
 * page under an experiment carries its variant on <html data-variant>, and every event and
 * lead of that page sends it back (docs/decisions/0151-experiment-serving.md).
 */
export const VARIANT_IDS = ['a', 'b', 'c', 'd'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];
export const variantIdSchema = z.enum(VARIANT_IDS);

export const conversionEventSchema = z.strictObject({
  landingPageId: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  eventType: z.enum(EVENT_TYPES),
  /**
   * Required on the site-wide script's events, and checked by the API
   * (siteEventSourceIssue in functions/shared/site-routes.ts, kept out of this module, which
   * the contact form's bundle carries).
   */
  metadata: z
    .strictObject({ source: z.string().trim().max(100, 'must be at most 100 characters') })
    .optional(),
  /** Counted for page_view only (the visit's source); absent when there is none. */
  attribution: attributionSchema.optional(),
  /** The variant the page was served as, when an experiment runs on it. */
  variantId: variantIdSchema.optional(),
  /** ... and its experiment (the pricing dialog's lead names the default page, not this one). */
  experimentId: z.uuid().optional(),
  /**
   * The page's `<html lang>` (issue 39): the locale whose figures the event counts in, when
   * the site has it configured (docs/decisions/0574-analytics-by-locale.md). Absent from old
   * scripts and cached pages: the default locale.
   */
  locale: localeSchema.optional(),
});

export type ConversionEvent = z.infer<typeof conversionEventSchema>;

/**
 * Device class from a user agent, as analytics tools do it: tablets first (iPad,
 * Android without "Mobile", Kindle, Silk), then phones; everything else is a desktop.
 * iPadOS Safari sends a Mac user agent by default and is counted as a desktop.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Kindle|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) {
    return 'mobile';
  }
  return 'desktop';
}
