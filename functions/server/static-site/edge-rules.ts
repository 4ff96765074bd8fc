// The local server's copy of the edge's path rules (docs/decisions/0141-redirects-served-twice.md,
// docs/decisions/0126-admin-urls.md): infra/edge/clean-urls.js's own functions (redirects,
// experiments, /legacy/<slug>, the session cookie) loaded to run here as CloudFront runs
// them, the client-rendered sections' shells, and the same-origin rule for a trailing-slash
// redirect. StaticSite (site.ts) applies them to each request.
import { loadEdgeScript } from '../../../infra/edge/edge-script.ts';

/**
 * Client-rendered sections: any path below the prefix is served its shell with status
 * 200 (the island reads the path). infra/edge/clean-urls.js mirrors this list.
 */
export const SPA_FALLBACKS: readonly (readonly [prefix: string, shell: string])[] = [
  ['/legacy', '/legacy/index.html'],
  ['/admin', '/admin/index.html'],
];

/** What CloudFront's viewer-request function answers a redirect with. */
interface EdgeRedirect {
  statusCode: number;
  headers: Record<string, { value: string }>;
}

/**
 * The redirect and experiment rules of infra/edge/clean-urls.js, run here as CloudFront runs
 * them, so the two servers cannot answer a redirect or assign a variant differently
 * (docs/decisions/0141-redirects-served-twice.md, docs/decisions/0320-experiment-visitor-key.md).
 */
export const edge = loadEdgeScript<{
  redirectKey(uri: string): string;
  redirectResponse(value: string, query: string): EdgeRedirect | undefined;
  experimentKey(uri: string, method: string | undefined): string;
  variantPage(uri: string): { key: string; prefix: string } | null;
  experimentOf(value: string): EdgeExperiment | null;
  variantFor(experiment: EdgeExperiment | null, secret: string, ip: string, ua: string): string;
  legacySlug(uri: string): string | undefined;
  hasSession(cookies: Record<string, { value: string }>): boolean;
}>('clean-urls.js', [
  'redirectKey',
  'redirectResponse',
  'experimentKey',
  'variantPage',
  'experimentOf',
  'variantFor',
  'legacySlug',
  'hasSession',
]);

/** A Cookie header as CloudFront hands a function its cookies: name -> { value }. */
export function cookiesOf(header: string | undefined): Record<string, { value: string }> {
  const cookies: Record<string, { value: string }> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = { value: part.slice(at + 1).trim() };
  }
  return cookies;
}

/** A stored experiment as clean-urls.js's experimentOf reads it (only its prefix read here). */
export interface EdgeExperiment {
  prefix: string;
}

/**
 * The redirect target for a decoded path, always on this origin: backslashes (which
 * browsers read as slashes) become slashes, runs of slashes collapse, so neither
 * `//evil.example/`, `/%2F%2Fevil.example/` nor `/%5Cevil.example/` can yield a
 * protocol-relative Location; each segment is percent-encoded again so the header is
 * plain ASCII. infra/edge/clean-urls.js applies the same rule in CloudFront.
 */
export function sameOriginPath(decodedPath: string): string {
  const segments = decodedPath.replace(/\\/g, '/').split('/').filter(Boolean);
  return '/' + segments.map((segment) => encodeURIComponent(segment)).join('/');
}
