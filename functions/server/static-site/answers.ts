// How the local server answers a request for one file of the build
// (docs/decisions/0352-http-answers-of-the-local-server-and-the-edge.md): the content coding
// the client accepts (RFC 9110 12.5.3), a 304 for a matching If-None-Match (13.1.2), single
// byte ranges of the identity body (14; functions/lib/byte-range.ts), or the whole body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { partialHeaders, rangeAsked, unsatisfiableHeaders } from '../../lib/byte-range.ts';
import type { Entry, Variant } from './files.ts';
import { EXPERIMENT_CACHE, SECURITY_HEADERS } from './headers.ts';

/** The entry's answer with `status` (the plain 404 text when there is no entry). */
export function sendEntry(
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
