// The local server's front: /api/* to the Hono app, everything else to the static site.
// Static requests skip Hono entirely so the hot path stays a map lookup; the static site
// still sees the client's address as the API does (requestClientIp: the same resolver,
// TRUST_PROXY included), which its experiment assignment hashes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { socketIp, type ClientIpResolver } from '../lib/client-ip.ts';
import type { HandleOptions, StaticSite } from './static-site/site.ts';
import type { UploadsHandler } from '../storage/serve.ts';

export interface FrontOptions {
  /** The Hono app's fetch; `env` carries the Node request (the client's socket address). */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  /** The current site snapshot; undefined while the first build runs. */
  site: () => StaticSite | undefined;
  /** Published uploads (/objects/*) from the disk driver; undefined: none served here. */
  uploads?: () => UploadsHandler | undefined;
  /** Called after a redirect answered a visit (the redirects' hit counter). */
  onRedirect?: HandleOptions['onRedirect'];
  /**
   * The client's address for the static site (experiments): requestClientIp of the API's
   * resolver. Default: requestClientIp(socketIp()), the socket's address (TRUST_PROXY 0).
   */
  clientIp?: (req: IncomingMessage) => string;
  /** Whether a slug is a live page's, for /legacy/<slug> (HandleOptions['liveSlug']). */
  liveSlug?: HandleOptions['liveSlug'];
}

/**
 * The API's client-address resolver (functions/lib/client-ip.ts) applied to a request that
 * never reaches Hono: it reads what @hono/node-server would hand it, the Node request as
 * `env.incoming` and the request's headers, so both sides of the server name one visitor
 * by one address.
 */
export function requestClientIp(resolver: ClientIpResolver): (req: IncomingMessage) => string {
  return (req) => {
    const header = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    return resolver({ env: { incoming: req }, req: { header } });
  };
}

export function createFrontServer({
  fetch,
  site,
  uploads,
  onRedirect,
  clientIp = requestClientIp(socketIp()),
  liveSlug,
}: FrontOptions): Server {
  const api = getRequestListener(fetch);
  const options: HandleOptions = {
    clientIp,
    ...(onRedirect ? { onRedirect } : {}),
    ...(liveSlug ? { liveSlug } : {}),
  };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      void api(req, res);
      return;
    }
    if (url.startsWith('/objects/')) {
      const handler = uploads?.();
      if (handler) {
        handler(req, res);
        return;
      }
    }
    const current = site();
    if (!current) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
      res.end('PharmaBridge is starting; the site is being built. Try again in a few seconds.');
      return;
    }
    current.handle(req, res, options);
  });
  // Node closes idle keep-alive connections after 5 s, racing clients that reuse them at
  // that moment (ECONNRESET). Idle longer than the usual client/CDN pool timeouts.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * Stops the server for shutdown: no new connections from now on, idle keep-alive ones
 * closed, requests in flight given up to `boundMs` to finish (each connection closes
 * once its response is out), then whatever is left is cut off. Resolves when every
 * connection is gone. The store stops only after this (functions/server/local-stack.ts),
 * so a request in flight is answered rather than failing on a stopped store.
 */
export async function drainServer(server: Server, boundMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((done) => server.close(() => done()));
  // A keep-alive connection whose response has just gone out becomes idle; close those as
  // they appear instead of waiting for their 65 s keep-alive timeout.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const bound = new Promise<'bound'>((done) => setTimeout(() => done('bound'), boundMs).unref());
  try {
    server.closeIdleConnections();
    if ((await Promise.race([closed, bound])) === 'bound') server.closeAllConnections();
    await closed;
  } finally {
    clearInterval(sweeper);
  }
}
