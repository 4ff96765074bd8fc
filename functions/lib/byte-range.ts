// Range requests (RFC 9110 section 14) for the local server's files: the static site
// (functions/server/static-site/answers.ts) and the disk driver's published uploads
// (functions/storage/serve.ts). One byte range per request; S3 behind CloudFront answers
// ranges itself in AWS. docs/decisions/0352-http-answers-of-the-local-server-and-the-edge.md.

/** What a GET's Range header asks of a representation of `size` bytes. */
export type RangeAsk =
  /** No range to serve: answer the whole representation (200). */
  | { kind: 'whole' }
  /** Bytes start..end, both included (206). */
  | { kind: 'range'; start: number; end: number }
  /** Nothing of the representation is in the range (416). */
  | { kind: 'unsatisfiable' };

const WHOLE: RangeAsk = { kind: 'whole' };
const ONE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * The range a request asks for. Ignored (the whole answer), as RFC 9110 14.2 allows: no
 * header, a method other than GET, another unit, a header that does not parse, several
 * ranges (answering them would need multipart/byteranges), and an If-Range that does not
 * name this representation's strong ETag (a date never matches: no Last-Modified is sent).
 */
export function rangeAsked(
  request: { method?: string | undefined; headers: Record<string, string | string[] | undefined> },
  size: number,
  etag: string,
): RangeAsk {
  const header = request.headers['range'];
  if (request.method !== 'GET' || typeof header !== 'string') return WHOLE;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && (ifRange !== etag || etag.startsWith('W/'))) return WHOLE;
  const match = ONE_RANGE.exec(header);
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Number(last);
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

/** The headers of a 206 for `range` of `size` bytes (besides the representation's own). */
export const partialHeaders = (range: { start: number; end: number }, size: number) => ({
  'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
  'Content-Length': String(range.end - range.start + 1),
});

/** The headers of a 416: the representation's length, so the client can ask again. */
export const unsatisfiableHeaders = (size: number) => ({
  'Content-Range': `bytes */${size}`,
  'Content-Length': '0',
});
