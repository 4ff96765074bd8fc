// Conversion event types (docs/requirements.md §7) plus page_view, and the visit attribution a page
// view and a lead carry (referrer host, UTM tags): one schema for the browser and the API.
import { z } from 'zod';

export const EVENT_TYPES = [
  'page_view',
  'hero_primary_cta',
  'pricing_contact',
  'contact_form_submit',
  'nav_cta_click',
  'final_cta_primary',
  'final_cta_secondary',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The buttons of a landing page: what the dashboard calls CTA clicks. */
export const CTA_EVENT_TYPES = [
  'hero_primary_cta',
  'nav_cta_click',
  'pricing_contact',
  'final_cta_primary',
  'final_cta_secondary',
] as const satisfies readonly EventType[];

export type CtaEventType = (typeof CTA_EVENT_TYPES)[number];

export const EVENT_LABELS: Record<EventType, string> = {
  page_view: 'Page view',
  hero_primary_cta: 'Hero: primary button',
  pricing_contact: 'Pricing: contact',
  contact_form_submit: 'Contact form submitted',
  nav_cta_click: 'Navigation: Contact Us',
  final_cta_primary: 'Closing section: primary button',
  final_cta_secondary: 'Closing section: secondary button',
};

/** Device classes, derived by the server from the user agent (never sent by the browser). */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Longest UTM value kept; longer ones are cut by the browser and refused by the API. */
export const UTM_MAX_LENGTH = 100;
/** A DNS name is at most 253 characters. */
export const HOST_MAX_LENGTH = 253;

const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
// Control characters (C0, DEL, C1) never belong in a tag, and would break CSV and logs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

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
});

export type Attribution = z.infer<typeof attributionSchema>;

export const conversionEventSchema = z.strictObject({
  landingPageId: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  eventType: z.enum(EVENT_TYPES),
  metadata: z
    .strictObject({ source: z.string().trim().max(100, 'must be at most 100 characters') })
    .optional(),
  /** Counted for page_view only (the visit's source); absent when there is none. */
  attribution: attributionSchema.optional(),
});

export type ConversionEvent = z.infer<typeof conversionEventSchema>;

/**
 * The attribution of the visit the browser is on: the referrer's host when it is another
 * site (a link inside our own site is not a source), and the page URL's UTM tags, each
 * cut to its maximum. Undefined when there is nothing to say, so the wire stays docs/requirements.md
 * §7's {landingPageId, eventType} for a direct visit.
 */
export function attributionFrom(
  referrer: string,
  search: string,
  ownHost: string,
): Attribution | undefined {
  const result: Attribution = {};
  try {
    const host = referrer ? new URL(referrer).hostname.toLowerCase() : '';
    const parsed = referrerHostSchema.safeParse(host);
    if (host && host !== ownHost.toLowerCase() && parsed.success) result.referrerHost = parsed.data;
  } catch {
    // Not a URL (an app's referrer, say): no source.
  }
  const params = new URLSearchParams(search);
  const tag = (name: string) => {
    const value = (params.get(name) ?? '').replace(CONTROL_ALL, '').trim().slice(0, UTM_MAX_LENGTH);
    return value.trim() || undefined;
  };
  const utmSource = tag('utm_source');
  const utmMedium = tag('utm_medium');
  const utmCampaign = tag('utm_campaign');
  if (utmSource) result.utmSource = utmSource;
  if (utmMedium) result.utmMedium = utmMedium;
  if (utmCampaign) result.utmCampaign = utmCampaign;
  return Object.keys(result).length ? result : undefined;
}
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
