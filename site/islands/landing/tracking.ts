// Conversion tracking in the browser (docs/requirements.md §7, §10 (tracking)): fire and
// forget, never visible to the visitor, nothing sent when the visitor opted out. Loaded by
// the landing page's plain script at first paint, so it imports no values from
// functions/shared/events.ts (whose schemas would bring zod along): the attribution rules
// are repeated by hand here and tracking.test.ts holds them to attributionFrom there.
import type { Attribution, EventType } from '../../../functions/shared/events.ts';

const ENDPOINT = '/api/conversions';

/** UTM_MAX_LENGTH and HOST_MAX_LENGTH of functions/shared/events.ts. */
export const UTM_MAX = 100;
export const HOST_MAX = 253;
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
// Control characters (C0, DEL, C1) never belong in a tag.
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

/** docs/requirements.md §7: the path without its leading slash, or `default` for the home page. */
export function pageIdFromPath(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '') || 'default';
}

/** Global Privacy Control or Do Not Track: the visitor is not tracked at all. */
export function trackingAllowed(): boolean {
  if (typeof navigator === 'undefined') return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return !(nav.globalPrivacyControl === true || nav.doNotTrack === '1' || win.doNotTrack === '1');
}

/**
 * attributionFrom of functions/shared/events.ts without zod: the referrer's host when it
 * is another site (www. dropped), and the URL's UTM tags cut to their maximum.
 */
export function attributionOf(
  referrer: string,
  search: string,
  ownHost: string,
): Attribution | undefined {
  const result: Attribution = {};
  try {
    const host = referrer ? new URL(referrer).hostname.toLowerCase() : '';
    const clean = host.trim();
    if (host && host !== ownHost.toLowerCase() && clean.length <= HOST_MAX && HOST.test(clean)) {
      result.referrerHost = clean.replace(/^www\./, '');
    }
  } catch {
    // Not a URL (an app's referrer, say): no source.
  }
  const params = new URLSearchParams(search);
  const tag = (name: string) => {
    const value = (params.get(name) ?? '').replace(CONTROL_ALL, '').trim().slice(0, UTM_MAX);
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
 * Where this visit came from, for the page view and a contact submission: the
 * referrer's host (never its URL) when it is another site, and the URL's UTM tags.
 * Nothing for a visitor who opted out (docs/decisions.md, Analytics).
 */
export function visitAttribution(): Attribution | undefined {
  if (!trackingAllowed()) return undefined;
  return attributionOf(document.referrer, window.location.search, window.location.hostname);
}

/** `{ attribution }` for a contact submission's body, or nothing to add. */
export function attributionField(): { attribution?: Attribution } {
  const attribution = visitAttribution();
  return attribution ? { attribution } : {};
}

export function track(
  landingPageId: string,
  eventType: EventType,
  metadata?: { source: string },
  attribution?: Attribution,
): void {
  if (!trackingAllowed()) return;
  const body = JSON.stringify({
    landingPageId,
    eventType,
    ...(metadata ? { metadata } : {}),
    ...(attribution ? { attribution } : {}),
  });
  try {
    // A string beacon goes out as text/plain: a simple request that survives navigation.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body)) return;
  } catch (error) {
    console.error('Failed to track conversion', error);
  }
  fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'omit',
  }).then(
    (response) => {
      if (!response.ok) console.error('Failed to track conversion', response.status);
    },
    (error: unknown) => console.error('Failed to track conversion', error),
  );
}
