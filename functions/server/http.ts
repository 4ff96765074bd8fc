// The local server's front: /api/* to the Hono app, everything else to the static site.
// Static requests skip Hono entirely so the hot path stays a map lookup.
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { StaticSite } from './static-site.ts';
import type { UploadsHandler } from '../storage/serve.ts';

export interface FrontOptions {
  /** The Hono app's fetch; `env` carries the Node request (the client's socket address). */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  /** The current site snapshot; undefined while the first build runs. */
  site: () => StaticSite | undefined;
  /** Published uploads (/objects/*) from the disk driver; undefined: none served here. */
  uploads?: () => UploadsHandler | undefined;
}

export function createFrontServer({ fetch, site, uploads }: FrontOptions): Server {
  const api = getRequestListener(fetch);
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
    current.handle(req, res);
  });
  // Node closes idle keep-alive connections after 5 s, racing clients that reuse them at
  // that moment (ECONNRESET). Idle longer than the usual client/CDN pool timeouts.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
