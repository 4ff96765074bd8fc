// Conversion tracking in the browser (docs/requirements.md §7, §10 (tracking)): fire and
// forget, never visible to the visitor, nothing sent when the visitor opted out. Loaded by
// the landing page's plain script at first paint, so it takes the attribution rules from
// functions/shared/attribution.ts, which has no zod, and only types from events.ts.
import { attributionFrom, type Attribution } from '../../../functions/shared/attribution.ts';
import type { EventType } from '../../../functions/shared/events.ts';

const ENDPOINT = '/api/conversions';

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
 * Where this visit came from, for the page view and a contact submission: the
 * referrer's host (never its URL) when it is another site, and the URL's UTM tags.
 * Nothing for a visitor who opted out (docs/decisions/0079-attribution.md).
 */
export function visitAttribution(): Attribution | undefined {
  if (!trackingAllowed()) return undefined;
  return attributionFrom(document.referrer, window.location.search, window.location.hostname);
}

/**
 * The experiment variant this page was served as (docs/decisions/0151-experiment-serving.md): the
 * edge chose the prerendered file, whose <html> carries it. Undefined outside an experiment.
 */
export function servedVariant(): { experimentId: string; variantId: string } | undefined {
  if (typeof document === 'undefined') return undefined;
  const { experiment, variant } = document.documentElement.dataset;
  return variant && experiment && /^[a-d]$/.test(variant) && /^[0-9a-f-]{36}$/.test(experiment)
    ? { experimentId: experiment, variantId: variant }
    : undefined;
}

/**
 * `{ attribution, experimentId, variantId }` for a contact submission's body, or nothing to add: both
 * only for a visitor who did not opt out (who is assigned a variant but counted by nobody).
 */
export function attributionField(): {
  attribution?: Attribution;
  experimentId?: string;
  variantId?: string;
} {
  const attribution = visitAttribution();
  const served = trackingAllowed() ? servedVariant() : undefined;
  return { ...(attribution ? { attribution } : {}), ...served };
}

/**
 * The page's `<html lang>` when it is a locale code (`de-DE`), which the API counts the event
 * in (docs/decisions/0574-analytics-by-locale.md); undefined (left out of the JSON) otherwise,
 * so a page with a bare language never has its events refused.
 */
export const pageLocale = (): string | undefined => {
  const lang = document.documentElement.lang;
  return /^[a-z]{2,3}-[A-Z]{2}$/.test(lang) ? lang : undefined;
};

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
    ...servedVariant(),
    locale: pageLocale(),
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
