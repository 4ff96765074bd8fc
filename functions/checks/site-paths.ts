// The internal paths a landing page may link to (issue 38): the marketing site's routes
// (functions/shared/site-routes.ts, which a test holds to the sitemap), the page itself, its
// own calendar files (site/pages/calendar/, built with it), and what the store says is live:
// other landing pages and redirects.
import { NOT_FOUND_ROUTE, SITE_ROUTES } from '../shared/site-routes.ts';
import { publicPath } from '../shared/slug.ts';

const SITE_PATHS: ReadonlySet<string> = new Set([
  '/',
  ...SITE_ROUTES.filter((route) => route !== NOT_FOUND_ROUTE).map((route) => `/${route}`),
]);

/** Whether `path` (no query or fragment, no trailing slash) is served once `slug` is live. */
export const servedPath = (path: string, slug: string, livePaths: ReadonlySet<string>): boolean =>
  SITE_PATHS.has(path) ||
  livePaths.has(path) ||
  path === publicPath(slug) ||
  path.startsWith(`/calendar/${slug}/`);
