// Serves the built site the way the CDN will: the build's redirects and A/B experiments
// (with the CloudFront function's own code, infra/edge/clean-urls.js, over the same store:
// experiment-map.ts's readEdgeStore), clean URLs, the 404 page with status 404 (at its own
// address too), `/legacy/<slug>` with 200 only for a live page's slug (asked of the store,
// as the edge asks its live-slug keys), else 404, immutable caching of hashed assets, a short cache on HTML,
// precompressed br/gzip variants, single byte ranges of the identity body. The whole output
// is read into memory once, so a request is a map lookup, and a rebuild swaps in a new
// snapshot at once (never a half-written site). This class routes a request; beside it:
// edge-rules.ts (clean-urls.js's rules run here), files.ts (the build in memory),
// headers.ts (types, caching, security headers) and answers.ts (codings, 304s, ranges).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EXPERIMENT_SECRET_KEY, readEdgeStore } from '../experiment-map.ts';
import { sendEntry } from './answers.ts';
import {
  cookiesOf,
  edge,
  sameOriginPath,
  SPA_FALLBACKS,
  type EdgeExperiment,
} from './edge-rules.ts';
import { readFiles, type Entry } from './files.ts';
import { SECURITY_HEADERS } from './headers.ts';

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
    return new StaticSite(root, readFiles(root));
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
      return sendEntry(req, res, this.notFound, 404);
    }
    if (pathname.includes('\0') || pathname.includes('/../') || pathname.endsWith('/..')) {
      return sendEntry(req, res, this.notFound, 404);
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
      if (slug === '') return sendEntry(req, res, this.fallback(pathname), 404);
      if (!edge.hasSession(cookiesOf(req.headers.cookie))) {
        void this.sendLegacy(req, res, slug, options.liveSlug);
        return;
      }
    }
    const entry = this.resolve(pathname);
    // The 404 page's own addresses (/404, /404.html) answer 404 too, as any missing page.
    if (entry && entry !== this.notFound) sendEntry(req, res, entry, 200);
    else sendEntry(req, res, this.notFound, 404);
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
    if (page) sendEntry(req, res, page, 200, true);
    else sendEntry(req, res, this.notFound, 404);
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
    sendEntry(req, res, this.fallback(`/legacy/${slug}`), live ? 200 : 404);
  }
}
