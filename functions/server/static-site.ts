// Serves the built site the way the CDN will: the build's redirects and A/B experiments
// (with the CloudFront function's own code, infra/edge/clean-urls.js, over the same store:
// experiment-map.ts's readEdgeStore), clean URLs, the 404 page with status 404 (at its own
// address too), `/legacy/<slug>` with 200 only for a live page's slug (asked of the store,
// as the edge asks its live-slug keys), else 404, immutable caching of hashed assets, a short cache on HTML,
// precompressed br/gzip variants, single byte ranges of the identity body. The whole output
// is read into memory once, so a request is a map lookup, and a rebuild swaps in a new
// snapshot at once (never a half-written site).
import { siteContentSecurityPolicy, STATIC_SECURITY_HEADERS } from '../shared/security-headers.ts';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { loadEdgeScript } from '../../infra/edge/edge-script.ts';
import { partialHeaders, rangeAsked, unsatisfiableHeaders } from '../lib/byte-range.ts';
import { EXPERIMENT_SECRET_KEY, readEdgeStore } from './experiment-map.ts';

const TYPES: Record<string, string> = {
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

/** Headers the CDN's response-headers policy adds to every response (infra/ mirrors them). */
/** Every static response: the shared headers plus the site's CSP (one definition with CloudFront). */
export const SECURITY_HEADERS: Record<string, string> = {
  ...STATIC_SECURITY_HEADERS,
  'Content-Security-Policy': siteContentSecurityPolicy(),
};

/**
 * Client-rendered sections: any path below the prefix is served its shell with status
 * 200 (the island reads the path). infra/edge/clean-urls.js mirrors this list.
 */
export const SPA_FALLBACKS: readonly (readonly [prefix: string, shell: string])[] = [
  ['/legacy', '/legacy/index.html'],
  ['/admin', '/admin/index.html'],
];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML is revalidated on every visit (cheap 304s) so a rebuild shows at once. */
export const HTML_CACHE = 'public, max-age=0, must-revalidate';
const OTHER_CACHE = 'public, max-age=3600';
/**
 * A page answered with an experiment's variant: the browser may keep it (and revalidate it),
 * a shared cache must not store it under the page's URL, which other visitors share. In AWS
 * no such header is needed: the viewer-request function runs before CloudFront's cache
 * lookup, so CloudFront caches the variant under its own, rewritten URI.
 */
export const EXPERIMENT_CACHE = 'private, no-cache';

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
const edge = loadEdgeScript<{
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
function cookiesOf(header: string | undefined): Record<string, { value: string }> {
  const cookies: Record<string, { value: string }> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = { value: part.slice(at + 1).trim() };
  }
  return cookies;
}

/** A stored experiment as clean-urls.js's experimentOf reads it (only its prefix read here). */
interface EdgeExperiment {
  prefix: string;
}

export interface HandleOptions {
  /** Called with a redirect's `from` after it answered a visit (the hit counter). */
  onRedirect?: (from: string) => void;
  /**
   * The visitor's address, as the API resolves it (TRUST_PROXY): local-stack.ts gives
   * http.ts's front requestClientIp(services.clientIp). Without it, the socket's peer address.
   */
  clientIp?: (req: IncomingMessage) => string;
  /**
   * Whether a landing page of this slug is live now, asked of the store (local-stack.ts), so
   * `/legacy/<slug>` answers a page published after the build, as the edge's live-slug keys
   * do (docs/decisions/0353-legacy-slugs-live-at-the-edge.md). Without it no slug is live.
   */
  liveSlug?: (slug: string) => Promise<boolean>;
}

interface Variant {
  body: Buffer;
  headers: Record<string, string>;
  /** `headers` with EXPERIMENT_CACHE, made on the first answer under an experiment. */
  experimentHeaders?: Record<string, string>;
}

interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** Visitors whose assignment a snapshot remembers (about 3 MB at most). */
export const ASSIGNMENT_CACHE_SIZE = 10_000;

export class StaticSite {
  private readonly files: Map<string, Entry>;
  /** The build's redirects and experiments (experiment-map.ts's readEdgeStore): the edge's store. */
  private readonly store: ReadonlyMap<string, string>;
  /**
   * The store's experiments, each value read once by experimentOf (null: unreadable, the
   * page served as it is), and their secret: a snapshot's store never changes.
   */
  private readonly experiments = new Map<string, EdgeExperiment | null>();
  private readonly experimentSecret: string;
  /**
   * Visitors' assignments (page key, address and user agent to the variant's URI), so a
   * visitor's repeat views cost a map lookup instead of an HMAC. Bounded: cleared when full;
   * a snapshot (one build) has its own, so a new build never serves an old assignment.
   */
  private readonly assignments = new Map<string, string>();
  readonly notFound: Entry | undefined;
  readonly root: string;

  private constructor(root: string, files: Map<string, Entry>) {
    this.root = root;
    this.files = files;
    this.store = readEdgeStore(root);
    for (const [key, value] of this.store) {
      if (value.startsWith('x ')) this.experiments.set(key, edge.experimentOf(value));
    }
    this.experimentSecret = this.store.get(EXPERIMENT_SECRET_KEY) ?? '';
    this.notFound = files.get('/404.html');
  }

  static load(root: string): StaticSite {
    const files = new Map<string, Entry>();
    for (const path of walk(root)) {
      if (path.endsWith('.br') || path.endsWith('.gz')) continue;
      const urlPath = `/${relative(root, path).split(sep).join('/')}`;
      if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue;
      files.set(urlPath, entryFor(path, urlPath));
    }
    return new StaticSite(root, files);
  }

  get size(): number {
    return this.files.size;
  }

  /** Resolves a URL path to a file: exact, then clean URL (`/a` -> `/a/index.html`), then `/a.html`. */
  resolve(pathname: string): Entry | undefined {
    return (
      this.files.get(pathname) ??
      this.files.get(pathname === '/' ? '/index.html' : `${pathname}/index.html`) ??
      this.files.get(`${pathname}.html`) ??
      this.fallback(pathname)
    );
  }

  private fallback(pathname: string): Entry | undefined {
    for (const [prefix, shell] of SPA_FALLBACKS) {
      if (pathname.startsWith(`${prefix}/`)) return this.files.get(shell);
    }
    return undefined;
  }

  handle(req: IncomingMessage, res: ServerResponse, options: HandleOptions = {}): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
        ...SECURITY_HEADERS,
      });
      res.end('Method Not Allowed');
      return;
    }
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const visitor = () => ({
      ip: options.clientIp ? options.clientIp(req) : (req.socket.remoteAddress ?? ''),
      userAgent: req.headers['user-agent'] ?? '',
    });
    // A path under /variants/ (however spelled) is answered what its page would answer that
    // visitor under its experiment, or 404: never the variant it names.
    const direct = edge.variantPage(pathname);
    if (direct) {
      const experiment = this.experiments.get(direct.key);
      const variantUri =
        experiment?.prefix === direct.prefix ? this.assign(direct.key, visitor()) : '';
      return this.sendVariant(req, res, variantUri);
    }
    // Redirects first, on the raw path, as CloudFront's viewer-request function does; the
    // same lookup finds a page's experiment.
    const key = edge.redirectKey(pathname);
    const pageKey = edge.experimentKey(pathname, req.method);
    const value = key || pageKey ? this.store.get(key || pageKey) : undefined;
    const redirect =
      key && value !== undefined
        ? edge.redirectResponse(value, queryAt === -1 ? '' : url.slice(queryAt + 1))
        : undefined;
    if (redirect) {
      const headers: Record<string, string> = { ...SECURITY_HEADERS };
      for (const [name, { value: headerValue }] of Object.entries(redirect.headers)) {
        headers[name] = headerValue;
      }
      res.writeHead(redirect.statusCode, headers);
      res.end();
      options.onRedirect?.(key);
      return;
    }
    if (pageKey && value?.startsWith('x ')) {
      const variantUri = this.assign(pageKey, visitor());
      if (variantUri) return this.sendVariant(req, res, variantUri);
    }
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return this.send(req, res, this.notFound, 404);
    }
    if (pathname.includes('\0') || pathname.includes('/../') || pathname.endsWith('/..')) {
      return this.send(req, res, this.notFound, 404);
    }
    if (pathname.length > 1 && pathname.endsWith('/')) {
      res.writeHead(301, {
        Location: sameOriginPath(pathname) + (queryAt === -1 ? '' : url.slice(queryAt)),
        ...SECURITY_HEADERS,
      });
      res.end();
      return;
    }
    // clean-urls.js's rule for /legacy/<slug>: the shell for a live page's slug, or for a
    // request with a session cookie (an administrator's draft preview); any other slug gets
    // the shell with status 404, whose script says "Landing page not found".
    const slug = edge.legacySlug(pathname);
    if (slug !== undefined) {
      if (slug === '') return this.send(req, res, this.fallback(pathname), 404);
      if (!edge.hasSession(cookiesOf(req.headers.cookie))) {
        void this.sendLegacy(req, res, slug, options.liveSlug);
        return;
      }
    }
    const entry = this.resolve(pathname);
    // The 404 page's own addresses (/404, /404.html) answer 404 too, as any missing page.
    if (entry && entry !== this.notFound) this.send(req, res, entry, 200);
    else this.send(req, res, this.notFound, 404);
  }

  /**
   * clean-urls.js's assignment of a visitor to the experiment under `pageKey` (its value read
   * at load): the variant's URI, or '' when the experiment cannot be read or has no secret.
   */
  private assign(pageKey: string, visitor: { ip: string; userAgent: string }): string {
    const cacheKey = `${pageKey}\0${visitor.ip}\0${visitor.userAgent}`;
    let variantUri = this.assignments.get(cacheKey);
    if (variantUri === undefined) {
      variantUri = edge.variantFor(
        this.experiments.get(pageKey) ?? null,
        this.experimentSecret,
        visitor.ip,
        visitor.userAgent,
      );
      if (this.assignments.size >= ASSIGNMENT_CACHE_SIZE) this.assignments.clear();
      this.assignments.set(cacheKey, variantUri);
    }
    return variantUri;
  }

  /** A variant's page (200, kept out of shared caches), or 404 without one, as in AWS. */
  private sendVariant(req: IncomingMessage, res: ServerResponse, variantUri: string): void {
    const page = variantUri ? this.files.get(variantUri) : undefined;
    if (page) this.send(req, res, page, 200, true);
    else this.send(req, res, this.notFound, 404);
  }

  /** The `/legacy` shell: 200 when `slug` is a live page's (asked of the store), else 404. */
  private async sendLegacy(
    req: IncomingMessage,
    res: ServerResponse,
    slug: string,
    liveSlug: HandleOptions['liveSlug'],
  ): Promise<void> {
    let live: boolean;
    try {
      live = liveSlug ? await liveSlug(slug) : false;
    } catch {
      res.writeHead(503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': '5',
        ...SECURITY_HEADERS,
      });
      res.end('The page store did not answer; try again in a few seconds.');
      return;
    }
    this.send(req, res, this.fallback(`/legacy/${slug}`), live ? 200 : 404);
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    entry: Entry | undefined,
    status: number,
    underExperiment = false,
  ): void {
    if (!entry) {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
      res.end(status === 404 ? '404 Page Not Found' : '');
      return;
    }
    // A byte range is served of the identity body only (a range of a br or gzip body would
    // be a range of another representation, RFC 9110 14.2), so a Range request gets it.
    const range =
      status === 200
        ? rangeAsked(req, entry.identity.body.length, entry.identity.headers['ETag']!)
        : undefined;
    // One representation per content coding, each with its own ETag (RFC 9110 8.8.3: a
    // strong validator differs between a gzip and a br body); the 304 names that one.
    const variant =
      range && range.kind !== 'whole'
        ? entry.identity
        : negotiate(entry, req.headers['accept-encoding']);
    const headers = underExperiment
      ? (variant.experimentHeaders ??= { ...variant.headers, 'Cache-Control': EXPERIMENT_CACHE })
      : variant.headers;
    if (status === 200 && noneMatch(req.headers['if-none-match'], headers['ETag']!)) {
      res.writeHead(304, {
        ETag: headers['ETag']!,
        'Cache-Control': headers['Cache-Control']!,
        ...(variant.headers['Vary'] ? { Vary: variant.headers['Vary'] } : {}),
      });
      res.end();
      return;
    }
    if (range?.kind === 'unsatisfiable') {
      res.writeHead(416, { ...headers, ...unsatisfiableHeaders(variant.body.length) });
      res.end();
      return;
    }
    if (range?.kind === 'range') {
      res.writeHead(206, { ...headers, ...partialHeaders(range, variant.body.length) });
      res.end(variant.body.subarray(range.start, range.end + 1));
      return;
    }
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function entryFor(path: string, urlPath: string): Entry {
  const body = readFileSync(path);
  const hash = createHash('sha1').update(body).digest('base64url');
  const etag = `"${hash}"`;
  const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const cacheControl = urlPath.startsWith('/_astro/')
    ? IMMUTABLE
    : type.startsWith('text/html')
      ? HTML_CACHE
      : OTHER_CACHE;
  const base = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    ETag: etag,
    // Single byte ranges of the identity body (send()).
    'Accept-Ranges': 'bytes',
    ...SECURITY_HEADERS,
  };
  const variant = (file: string, encoding: string, tag: string): Variant | undefined => {
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch {
      return undefined;
    }
    return {
      body: data,
      headers: {
        ...base,
        ETag: tag,
        'Content-Length': String(data.length),
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
      },
    };
  };
  const br = variant(`${path}.br`, 'br', `"${hash}-br"`);
  const gzip = variant(`${path}.gz`, 'gzip', `"${hash}-gz"`);
  const identity: Variant = {
    body,
    headers: {
      ...base,
      'Content-Length': String(body.length),
      ...(br || gzip ? { Vary: 'Accept-Encoding' } : {}),
    },
  };
  return { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}

/**
 * The codings a client accepts, by RFC 9110 12.5.3: `q=0` refuses a coding, `*` stands for
 * every coding not named, and identity is acceptable unless refused. Weights only decide
 * between acceptable codings when the client prefers one; otherwise br before gzip (smaller).
 */
export function acceptedCodings(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  return weights;
}

function negotiate(entry: Entry, header: string | undefined): Variant {
  const weights = acceptedCodings(header);
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const candidates = [
    ...(entry.br ? [{ variant: entry.br, q: weight('br') }] : []),
    ...(entry.gzip ? [{ variant: entry.gzip, q: weight('gzip') }] : []),
  ].filter((candidate) => candidate.q > 0);
  // A stable sort: equal weights keep br first.
  candidates.sort((a, b) => b.q - a.q);
  return candidates[0]?.variant ?? entry.identity;
}

/**
 * If-None-Match (RFC 9110 13.1.2): true when the header is `*` or lists the ETag, compared
 * weakly (a `W/` prefix on either side is ignored), as a GET's revalidation requires.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === wanted);
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
