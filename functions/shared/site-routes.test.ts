// The site routes (site-routes.ts) against the sitemap's own sources, without a build: the
// files of site/pages read with the sitemap's routeOf and isListed (site/pages/sitemap.xml.ts),
// its dynamic routes resolved from their content. A page added to the site and not to the
// list (or the reverse) fails here; e2e/site-tracking.spec.ts checks the built sitemap too.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isListed, routeOf } from '../../site/pages/sitemap.xml.ts';
import { RESERVED_SLUGS } from './slug.ts';
import {
  NOT_FOUND_ROUTE,
  SITE_ROUTES,
  siteEventSourceIssue,
  siteRouteAccepts,
  siteRouteScope,
  type SiteRoute,
} from './site-routes.ts';
import { EVENT_TYPES, LANDING_EVENT_TYPES, SITE_EVENT_TYPES } from './events.ts';

const root = join(import.meta.dirname, '../..');
const pagesDir = join(root, 'site/pages');

/** Paths of site/pages as the sitemap's glob names them ('./product/suppliers.astro'). */
function pageFiles(dir = pagesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(path);
    return /\.(astro|mdx?)$/.test(entry.name) ? [`./${relative(pagesDir, path)}`] : [];
  });
}

/** The deep dives' ids: the file names of content/deep-dives (its glob loader). */
const deepDives = () =>
  readdirSync(join(root, 'content/deep-dives'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''));

/**
 * Dynamic routes the sitemap lists, with their pages. The landing pages (`/[slug]` and an
 * experiment's variants) have their own script and are left out: they are tracked by id.
 */
const DYNAMIC: Record<string, () => string[]> = {
  '/[slug]': () => [],
  // Issue 39: landing pages' versions in other locales (tracked by id, as the landing pages),
  // and the marketing pages built under a locale's prefix (counted by siteRouteScope under
  // that prefix, checked below), none of them in the English list.
  '/[locale]': () => [],
  '/[locale]/[slug]': () => [],
  '/[locale]/pricing': () => [],
  '/[locale]/contact': () => [],
  '/variants/[slug]/[variant]': () => [],
  '/deep-dive/[slug]': () => deepDives().map((slug) => `/deep-dive/${slug}`),
};

/** Pages that send views besides the sitemap's: the forms (listed today too) and the 404 page. */
const ALSO = ['/demo', '/contact', '/pilot', '/404'];

describe('site routes', () => {
  it('are the sitemap’s pages (not the landing pages) plus the forms and the 404 page', () => {
    const paths = new Set<string>(ALSO);
    for (const file of pageFiles()) {
      const route = routeOf(file);
      if (!isListed(route)) continue;
      if (!route.includes('[')) {
        paths.add(route);
        continue;
      }
      const pages = DYNAMIC[route];
      expect(pages, `${file}: a new dynamic route; list its pages in site-routes.ts`).toBeDefined();
      for (const path of pages!()) paths.add(path);
    }
    // `/` is the default landing page: its own script sends `default`.
    paths.delete('/');
    const expected = [...paths].map((path) => path.slice(1)).sort();
    expect([...SITE_ROUTES].sort()).toEqual(expected);
    expect(new Set(SITE_ROUTES).size).toBe(SITE_ROUTES.length);
  });

  it('never name a landing page: each starts with a slug the admin refuses', () => {
    for (const route of SITE_ROUTES) {
      expect(RESERVED_SLUGS.has(route.split('/')[0]!), route).toBe(true);
    }
  });

  it('count under `/` + path, which no page id or site scope can be', () => {
    expect(siteRouteScope('pricing')).toBe('/pricing');
    expect(siteRouteScope('product/manufacturers')).toBe('/product/manufacturers');
    for (const other of ['default', 'legacy/pricing', 'site/pricing', '/pricing', 'pricing/']) {
      expect(siteRouteScope(other), other).toBeUndefined();
    }
  });

  it('count the German pricing and contact pages under their own prefixed path (issue 39)', () => {
    expect(siteRouteScope('de/pricing')).toBe('/de/pricing');
    expect(siteRouteScope('de-at/contact')).toBe('/de-at/contact');
    // Only the pages built in other locales, and only under a locale-shaped prefix.
    for (const other of ['de/faq', 'de/404', 'deutsch/pricing', 'de/pricing/x', 'DE/pricing']) {
      expect(siteRouteScope(other), other).toBeUndefined();
    }
  });

  it('accept the site script’s events: not_found on the 404 page instead of a view', () => {
    const accepted = (route: SiteRoute) =>
      EVENT_TYPES.filter((type) => siteRouteAccepts(route, type)).sort();
    expect(accepted('pricing')).toEqual(['file_download', 'outbound_click', 'page_view']);
    expect(accepted(NOT_FOUND_ROUTE)).toEqual(['file_download', 'not_found', 'outbound_click']);
    for (const type of LANDING_EVENT_TYPES.filter((type) => type !== 'page_view')) {
      expect(siteRouteAccepts('pricing', type), type).toBe(false);
    }
    expect(new Set([...accepted('pricing'), ...accepted(NOT_FOUND_ROUTE)])).toEqual(
      new Set(SITE_EVENT_TYPES),
    );
  });

  it('check the source each site event carries, and no other event’s', () => {
    expect(siteEventSourceIssue('outbound_click', 'partner.example')).toBeUndefined();
    expect(siteEventSourceIssue('file_download', 'pharmabridge-logo-white.png')).toBeUndefined();
    expect(siteEventSourceIssue('not_found', '/old/brochure.pdf')).toBeUndefined();
    expect(siteEventSourceIssue('not_found', '/reset?token=x')?.path).toEqual([
      'metadata',
      'source',
    ]);
    expect(siteEventSourceIssue('outbound_click', 'https://partner.example/')?.path).toEqual([
      'metadata',
      'source',
    ]);
    expect(siteEventSourceIssue('file_download', 'a/b.png')).toBeDefined();
    expect(siteEventSourceIssue('not_found', undefined)?.path).toEqual(['metadata']);
    expect(siteEventSourceIssue('page_view', undefined)).toBeUndefined();
    expect(siteEventSourceIssue('contact_form_submit', 'pricing_section')).toBeUndefined();
  });
});
