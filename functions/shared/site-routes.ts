// The marketing site's pages that send page views through the site-wide script
// (site/scripts/site-tracking.ts; docs/decisions.md "The site-wide tracking script"), as
// the wire's landingPageId: the path without its leading slash. Every page the sitemap
// lists (site/pages/sitemap.xml.ts: the files of site/pages and the deep dives of
// content/deep-dives) except the landing pages, which their own script tracks (`/` is the
// default landing page, `default` on the wire); the contact, demo and pilot forms; and the
// 404 page. POST /api/conversions counts these under SITE_SCOPE_PREFIX + path and drops
// anything else that is no landing page. site-routes.test.ts fails when this list and the
// sitemap's pages part ways. A plain module: the public Lambda bundles it.
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

/** The counter scope of a wire landingPageId that names a site route, else undefined. */
export function siteRouteScope(landingPageId: string): string | undefined {
  return ROUTES.has(landingPageId) ? `${SITE_SCOPE_PREFIX}${landingPageId}` : undefined;
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
