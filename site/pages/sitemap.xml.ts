// /sitemap.xml: every canonical public page. Static pages are discovered from the files in
// site/pages (so pages added by anyone appear without touching this file), dynamic routes
// through their own getStaticPaths, landing pages from the build's active pages. Drafts are
// never built, and pages whose SEO settings say noindex are left out. A page in several locales
// lists its every locale's URL with `xhtml:link` alternates (issue 39, site/lib/locale-paths.ts).
import type { APIRoute } from 'astro';
import { activePages } from '../lib/landing-data.ts';
import { alternateGroups, hreflangLinks, type Alternate } from '../lib/locale-paths.ts';
import { siteLocales } from '../lib/site-locales.ts';
import { DEFAULT_SLUG, publicPath, RESERVED_SLUGS } from '../../functions/shared/slug.ts';

type PageModule = { getStaticPaths?: (options: unknown) => unknown };

const pageFiles = import.meta.glob<PageModule>('./**/*.{astro,md,mdx}');

/**
 * Not canonical or not public: the /site/... copies (canonical is unprefixed; /site itself
 * is the site home and is listed), the admin, the client-rendered legacy view,
 * reviewers' preview links and shared dashboards (site/pages/shared/), error
 * pages, and the deep-dive aliases of docs/requirements.md §2
 * (/foundations/..., /workflow/..., /security/..., /identity/..., /delivery/...), whose
 * canonical page is the /deep-dive/... one.
 */
const EXCLUDED = [
  /^\/site\//,
  /^\/admin(\/|$)/,
  /^\/legacy(\/|$)/,
  /^\/preview$/,
  /^\/shared(\/|$)/,
  /^\/api(\/|$)/,
  /^\/(404|500)$/,
  /^\/(foundations|workflow|security|identity|delivery)\//,
];

export const isListed = (path: string) => !EXCLUDED.some((pattern) => pattern.test(path));

/** './product/suppliers.astro' → '/product/suppliers'; './index.astro' → '/'. */
export function routeOf(file: string): string {
  const path = file
    .replace(/^\./, '')
    .replace(/\.(astro|mdx?)$/, '')
    .replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/** Fills a dynamic route pattern with one entry's params; undefined rest params vanish. */
function fill(route: string, params: Record<string, unknown>): string {
  const path = route.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    const value = params[name];
    return value === undefined ? '' : String(value);
  });
  return path.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') || '/';
}

async function dynamicPaths(route: string, load: () => Promise<PageModule>): Promise<string[]> {
  const module = await load();
  if (typeof module.getStaticPaths !== 'function') return [];
  const entries = await module.getStaticPaths({ paginate: () => [], routePattern: route });
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const params = (entry as { params?: Record<string, unknown> } | null)?.params;
    return params ? [fill(route, params)] : [];
  });
}

export async function sitemapPaths(): Promise<string[]> {
  const paths = new Set<string>();
  for (const [file, load] of Object.entries(pageFiles)) {
    const route = routeOf(file);
    if (!isListed(route)) continue;
    if (route.includes('[')) {
      for (const path of await dynamicPaths(route, load)) paths.add(path);
    } else {
      paths.add(route);
    }
  }
  // Landing pages: also found through /[slug]'s getStaticPaths; listed here too so the
  // sitemap never depends on how that route is written. The default page is `/`.
  const hidden = new Set<string>();
  for (const page of await activePages()) {
    if (page.content.seo?.noindex) hidden.add(publicPath(page.slug));
    else if (page.slug !== DEFAULT_SLUG && !RESERVED_SLUGS.has(page.slug))
      paths.add(`/${page.slug}`);
  }
  return [...paths].filter((path) => isListed(path) && !hidden.has(path)).sort();
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Each listed path that has other locales, with its group's alternates (its own included). */
export function alternatesByPath(groups: readonly Alternate[][]): Map<string, Alternate[]> {
  const byPath = new Map<string, Alternate[]>();
  for (const group of groups) for (const { path } of group) byPath.set(path, group);
  return byPath;
}

/** One <url> of the sitemap: its location and, for a page in several locales, its alternates. */
export function urlEntry(path: string, base: URL, alternates: readonly Alternate[] = []): string {
  const links = hreflangLinks(alternates, base).map(
    (link) =>
      `\n    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`,
  );
  const loc = `<loc>${escapeXml(new URL(path, base).href)}</loc>`;
  return links.length > 0
    ? `  <url>\n    ${loc}${links.join('')}\n  </url>`
    : `  <url>${loc}</url>`;
}

export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:3000');
  const byPath = alternatesByPath(alternateGroups(await activePages(), await siteLocales()));
  const urls = (await sitemapPaths())
    .map((path) => urlEntry(path, base, byPath.get(path)))
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
