// The marketing site's pages that send page views through the site-wide script
// (site/scripts/site-tracking.ts; docs/decisions/0085-site-wide-tracking.md), as
// the wire's landingPageId: the path without its leading slash. Every page the sitemap
// lists (site/pages/sitemap.xml.ts: the files of site/pages and the deep dives of
// content/deep-dives) except the landing pages, which their own script tracks (`/` is the
// default landing page, `default` on the wire); the contact, demo and pilot forms; and the
// 404 page. POST /api/conversions counts these under SITE_SCOPE_PREFIX + path and drops
// anything else that is no landing page. site-routes.test.ts fails when this list and the
// sitemap's pages part ways. A plain module: the public Lambda bundles it.
import { HOST } from './attribution.ts';
import type { EventType } from './events.ts';

export const SITE_ROUTES = [
  '404',
  'company',
  'contact',
  'deep-dive/audit-logging',
  'deep-dive/deliver-and-trust',
  'deep-dive/deterministic-tokenization',
  'deep-dive/encryption-at-rest',
  'deep-dive/patient-mastering-id-linking',
  'deep-dive/secure-data-transit',
  'deep-dive/set-and-share-requirements',
  'deep-dive/tenant-isolation',
  'deep-dive/upload-validate-verify',
  'demo',
  'faq',
  'how-it-works',
  'logo-download',
  'pilot',
  'presentation',
  'pricing',
  'privacy',
  'product/manufacturers',
  'product/platform-security',
  'product/suppliers',
  'resources/case-studies',
  'resources/docs',
  'resources/faq',
  'site',
  'solutions',
  'terms',
] as const;

export type SiteRoute = (typeof SITE_ROUTES)[number];

/** The error page: it sends `not_found` with the missing path instead of a page view. */
export const NOT_FOUND_ROUTE = '404' satisfies SiteRoute;

/**
 * Counters and raw events of a site route are kept under `/` + its path (`/pricing`): a
 * landing page's id is a UUID (or `default` in old data) and the other scopes are ALL and
 * OTHER (functions/data/keys.ts), none of which starts with a slash, so they never meet.
 */
export const SITE_SCOPE_PREFIX = '/';

const ROUTES: ReadonlySet<string> = new Set(SITE_ROUTES);

/**
 * The marketing pages also built in other locales (issue 39, site/pages/[locale]/), each under
 * its locale's prefix (`de/pricing`, `de-at/contact`): counted as pages of their own, so
 * analytics can tell the German page from the English one.
 */
export const LOCALIZED_SITE_ROUTES = ['pricing', 'contact'] as const satisfies SiteRoute[];
const LOCALIZED: ReadonlySet<string> = new Set(LOCALIZED_SITE_ROUTES);
const PREFIXED = /^[a-z]{2,3}(?:-[a-z]{2})?\/([a-z-]+)$/;

/** The counter scope of a wire landingPageId that names a site route, else undefined. */
export function siteRouteScope(landingPageId: string): string | undefined {
  if (ROUTES.has(landingPageId)) return `${SITE_SCOPE_PREFIX}${landingPageId}`;
  const route = PREFIXED.exec(landingPageId)?.[1];
  return route && LOCALIZED.has(route) ? `${SITE_SCOPE_PREFIX}${landingPageId}` : undefined;
}

/**
 * Whether a site route counts this event type (SITE_EVENT_TYPES in events.ts): `not_found`
 * on the 404 page only, which sends it instead of a page view; outbound clicks and
 * downloads anywhere. A landing page's buttons and dialog are no site page's events.
 */
export function siteRouteAccepts(route: string, eventType: EventType): boolean {
  switch (eventType) {
    case 'not_found':
      return route === NOT_FOUND_ROUTE;
    case 'page_view':
      return route !== NOT_FOUND_ROUTE;
    case 'outbound_click':
    case 'file_download':
      return true;
    default:
      return false;
  }
}

/**
 * metadata.source of the site-wide script's events, which they must carry: the link's host
 * (`outbound_click`), the file's name (`file_download`), the missing page's path without
 * query or fragment (`not_found`: a query may carry personal data, so it is refused, never
 * stored). Checked by the API only: events.ts, which the contact form's bundle carries, has
 * no need of them.
 */
const SITE_EVENT_SOURCES: Partial<Record<EventType, { pattern: RegExp; message: string }>> = {
  outbound_click: { pattern: HOST, message: "must be the link's host name" },
  file_download: {
    pattern: /^[A-Za-z0-9_][A-Za-z0-9_. ()-]*$/,
    message: 'must be a file name (letters, digits, spaces and _ . ( ) -)',
  },
  // eslint-disable-next-line no-control-regex
  not_found: { pattern: /^\/[^?#\s\u0000-\u001f\u007f]*$/, message: 'must be a path (no query)' },
};

/**
 * What is wrong with an event's metadata.source (already trimmed and at most 100
 * characters by conversionEventSchema), as a validation issue; undefined when nothing is.
 */
export function siteEventSourceIssue(
  eventType: EventType,
  source: string | undefined,
): { path: string[]; message: string } | undefined {
  const rule = SITE_EVENT_SOURCES[eventType];
  if (!rule) return undefined;
  if (!source) return { path: ['metadata'], message: `is required for ${eventType}` };
  return rule.pattern.test(source)
    ? undefined
    : { path: ['metadata', 'source'], message: rule.message };
}
