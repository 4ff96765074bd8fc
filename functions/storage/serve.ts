// Serves published uploads from the disk driver on the local server, as CloudFront does
// from the uploads bucket in AWS (infra/constructs/site/site.ts): /objects/uploads/<id> and its
// variants, with the Content-Type verified at publish, nosniff and a sandboxing CSP, long
// caching only for the versioned variant names, single byte ranges (functions/lib/byte-range.ts). Only names of the exact published shapes
// are looked up, so `..`, encoded or NUL tricks and over-long ids never reach the disk:
// the raw path is matched before any decoding. Pending, unknown and deleted ids are 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { partialHeaders, rangeAsked, unsatisfiableHeaders } from '../lib/byte-range.ts';
import { UPLOADS_CONTENT_SECURITY_POLICY } from '../shared/media.ts';
import { CROSS_ORIGIN_HEADERS } from '../shared/security-headers.ts';
import type { DiskObjectStore } from './disk.ts';
import type { ServedObject } from './disk-served.ts';

export const UPLOADS_PREFIX = '/objects/uploads/';

/** <uuid> or <uuid>.v<version>.w<width>.webp, nothing else. */
const NAME_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?:\.v[1-9]\d{0,8}\.w[1-9]\d{0,4}\.webp)?$/;
/** Anything that looks like a path trick is a 400, not a lookup. */
const SUSPICIOUS_RE = /%|\\|\.\.|\0|\/\//;
const MAX_PATH = 200;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': UPLOADS_CONTENT_SECURITY_POLICY,
  ...CROSS_ORIGIN_HEADERS,
} as const;

export type UploadsHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createUploadsHandler(store: DiskObjectStore): UploadsHandler {
  const served = store.served;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'Uploads are read-only here');
    }
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (path.length > MAX_PATH || SUSPICIOUS_RE.test(path)) {
      return plain(res, 400, 'Bad upload path');
    }
    const name = path.startsWith(UPLOADS_PREFIX) ? path.slice(UPLOADS_PREFIX.length) : '';
    if (!NAME_RE.test(name)) return plain(res, 404, 'No such upload');
    // The hot path stays synchronous: an object in memory is answered at once.
    const cached = served.cachedObject(name);
    if (cached) return send(req, res, cached);
    served.servedObject(name).then(
      (served) => (served ? send(req, res, served) : plain(res, 404, 'No such upload')),
      () => {
        if (!res.headersSent) plain(res, 500, 'The file could not be read');
        else res.destroy();
      },
    );
  };
}

/** Headers per object, built once: serving the same variant again builds nothing. */
const headersOf = new WeakMap<ServedObject, Record<string, string | number>>();

function send(req: IncomingMessage, res: ServerResponse, served: ServedObject): void {
  let headers = headersOf.get(served);
  if (!headers) {
    headers = {
      ...SECURITY_HEADERS,
      'Content-Type': served.contentType,
      'Cache-Control': served.cacheControl,
      ETag: served.etag,
      'Accept-Ranges': 'bytes',
    };
    headersOf.set(served, headers);
  }
  if (req.headers['if-none-match'] === served.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const range = rangeAsked(req, served.body.length, served.etag);
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { ...headers, ...unsatisfiableHeaders(served.body.length) });
    res.end();
    return;
  }
  if (range.kind === 'range') {
    res.writeHead(206, { ...headers, ...partialHeaders(range, served.body.length) });
    res.end(served.body.subarray(range.start, range.end + 1));
    return;
  }
  res.setHeader('Content-Length', served.body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : served.body);
}

function plain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(message);
}
