// The site-wide tracking script (docs/decisions/0085-site-wide-tracking.md): every
// marketing page (BaseLayout, through SiteTracking.astro) sends its page view, with the
// cookieless rules of the landing pages (site/islands/landing/tracking.ts): nothing at all
// for Global Privacy Control or Do Not Track, no cookie, no storage, the visit's referrer
// host and UTM tags with the view. On the 404 page it sends `not_found` with the missing
// path (never its query) instead of the view; clicks on links to another host send
// `outbound_click` with the host, and downloads (`a[download]`, as the logo tool makes
// them) `file_download` with the file name. Budget: 1,024 bytes gzip with the attribution
// chunk it loads (site-tracking.test.ts), so it imports only attribution.ts (no zod) and
// types. Landing pages have their own script and never load this one.
import { attributionFrom, type Attribution } from '../../functions/shared/attribution.ts';
import type { EventType } from '../../functions/shared/events.ts';

type SiteEventType = Extract<
  EventType,
  'page_view' | 'outbound_click' | 'file_download' | 'not_found'
>;

const ENDPOINT = '/api/conversions';

/** Global Privacy Control or Do Not Track: the visitor is not tracked at all (as tracking.ts). */
export const optedOut = (
  nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null },
  win: { doNotTrack?: string | null },
): boolean => !!nav.globalPrivacyControl || nav.doNotTrack === '1' || win.doNotTrack === '1';

/**
 * What a click on `link` sends, if anything: a download's file name (its `download`
 * attribute; the logo tool names its files), else for a link to another host that host.
 * mailto:, tel: and same-host links send nothing. The anchor's own URL parts: an address
 * the browser cannot parse throws nothing.
 */
export const clickEvent = (
  link: Pick<HTMLAnchorElement, 'protocol' | 'hostname' | 'download'> | null | undefined,
  ownHost: string,
): [SiteEventType, string] | undefined =>
  link?.download
    ? ['file_download', link.download]
    : link && /^https?:$/.test(link.protocol) && link.hostname !== ownHost
      ? ['outbound_click', link.hostname]
      : undefined;

export function startSiteTracking(): void {
  if (optedOut(navigator, window as { doNotTrack?: string })) return;
  // The page's wire id: its canonical path without the leading slash. That is the path
  // itself on every page of the sitemap; `/site/pricing` counts as `pricing` and
  // `/foundations/x` as `deep-dive/x` (a copy names its canonical page), and the 404 page,
  // whatever the missing address, says `404`.
  const landingPageId = new URL(
    document.querySelector<HTMLLinkElement>('link[rel=canonical]')?.href || location.href,
  ).pathname.slice(1);
  // The page's `<html lang>` when it is a locale code (`de-DE`): the locale the event counts
  // in (docs/decisions/0574-analytics-by-locale.md); left out otherwise, never refused.
  const lang = document.documentElement.lang;
  const locale = /^[a-z]{2,3}-[A-Z]{2}$/.test(lang) ? lang : undefined;
  // Fire and forget: a beacon (text/plain: no preflight, survives the navigation), else
  // fetch with the same body, which the API takes as text/plain too (a failure shows in the
  // console only, as the landing pages' does). Undefined fields (no metadata, no
  // attribution) are left out of the JSON; every source passed is non-empty.
  const track = (eventType: SiteEventType, source?: string, attribution?: Attribution) => {
    const body = JSON.stringify({
      landingPageId,
      eventType,
      metadata: source && { source },
      attribution,
      locale,
    });
    if (!navigator.sendBeacon?.(ENDPOINT, body)) {
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'omit' });
    }
  };
  // metadata.source is at most 100 characters (conversionEventSchema).
  if (landingPageId === '404') track('not_found', location.pathname.slice(0, 100));
  else
    track(
      'page_view',
      undefined,
      attributionFrom(document.referrer, location.search, location.hostname),
    );
  // Capture: a handler that stops the click's propagation cannot hide it. An SVG <a> has
  // none of an anchor's URL parts and sends nothing.
  document.addEventListener(
    'click',
    (event) => {
      const found = clickEvent(
        (event.target as Element).closest?.<HTMLAnchorElement>('a[href]'),
        location.hostname,
      );
      if (found) track(...found);
    },
    true,
  );
}
