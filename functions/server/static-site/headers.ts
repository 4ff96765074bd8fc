// The headers of the local server's static answers (docs/decisions/0002-static-site-served-from-memory.md,
// docs/decisions/0352-http-answers-of-the-local-server-and-the-edge.md): the content type
// by extension, the cache rules (hashed assets, HTML, an experiment's variant, the rest)
// and the security headers with the site's CSP, defined once with CloudFront
// (functions/shared/security-headers.ts).
import {
  siteContentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
} from '../../shared/security-headers.ts';

export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // An event block's Add to calendar file (site/pages/calendar/[slug]/[block].ics.ts).
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};

/** Every static response: the shared headers plus the site's CSP (one definition with CloudFront). */
export const SECURITY_HEADERS: Record<string, string> = {
  ...STATIC_SECURITY_HEADERS,
  'Content-Security-Policy': siteContentSecurityPolicy(),
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML is revalidated on every visit (cheap 304s) so a rebuild shows at once. */
export const HTML_CACHE = 'public, max-age=0, must-revalidate';
export const OTHER_CACHE = 'public, max-age=3600';
/**
 * A page answered with an experiment's variant: the browser may keep it (and revalidate it),
 * a shared cache must not store it under the page's URL, which other visitors share. In AWS
 * no such header is needed: the viewer-request function runs before CloudFront's cache
 * lookup, so CloudFront caches the variant under its own, rewritten URI.
 */
export const EXPERIMENT_CACHE = 'private, no-cache';
