// Lambda@Edge (origin response) on the site's behaviours (default and /_astro/*): a missing
// object becomes the site's 404.html with status 404. Only these behaviours have it, so the
// API's own JSON 403/404 under /api/* pass through untouched (distribution-wide error pages
// would not).
// S3 answers 403 for a missing key because CloudFront may not ListBucket; both become 404.
// Lambda@Edge has no environment variables: the bucket comes from the event's S3 origin.
// The viewer-request function (clean-urls.js) sends a /legacy/<slug> of no live page to
// LEGACY_NOT_FOUND_URI (issue 33): its 404 carries the /legacy shell instead, whose script
// shows the landing page's "Landing page not found" (docs/requirements.md).

const PAGE_KEY = '404.html';
export const LEGACY_NOT_FOUND_URI = '/_not-found/legacy';
const LEGACY_SHELL_KEY = 'legacy/index.html';
const CACHE_MS = 60_000;
const HEADERS = (cacheControl) => ({
  'content-type': [{ key: 'Content-Type', value: 'text/html; charset=utf-8' }],
  'cache-control': [{ key: 'Cache-Control', value: cacheControl }],
});
// Served only if 404.html itself cannot be read (not deployed yet, S3 trouble), briefly.
const FALLBACK =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title>' +
  '<h1>Page not found</h1><p><a href="/">PharmaBridge home</a></p></html>';

/**
 * Bucket and region from an S3 origin host: <bucket>.s3.<region>.amazonaws.com (regional,
 * what CDK configures), <bucket>.s3-<region>.amazonaws.com or <bucket>.s3.amazonaws.com.
 */
export function parseS3Host(host) {
  const match = /^(.+)\.s3(?:[.-]([a-z]{2}(?:-[a-z]+)+-\d))?\.amazonaws\.com(?:\.cn)?$/.exec(
    host ?? '',
  );
  if (!match) return undefined;
  return { bucket: match[1], region: match[2] ?? 'us-east-1' };
}

/**
 * The handler, with the 404.html reader injected: `readPage(bucket, region, key)` resolves
 * to the page's HTML. The page is kept in memory for a minute per bucket and key.
 */
export function createHandler(readPage, now = () => Date.now()) {
  const cache = new Map();

  return async function handler(event) {
    const { request, response } = event.Records[0].cf;
    if (response.status !== '403' && response.status !== '404') return response;

    const origin = parseS3Host(request.origin?.s3?.domainName ?? request.headers?.host?.[0]?.value);
    if (!origin) return response;

    const key = request.uri === LEGACY_NOT_FOUND_URI ? LEGACY_SHELL_KEY : PAGE_KEY;
    const cacheKey = `${origin.bucket}/${key}`;
    let entry = cache.get(cacheKey);
    if (!entry || entry.expires <= now()) {
      try {
        entry = {
          body: await readPage(origin.bucket, origin.region, key),
          expires: now() + CACHE_MS,
        };
        cache.set(cacheKey, entry);
      } catch {
        return {
          status: '404',
          statusDescription: 'Not Found',
          headers: HEADERS('public, max-age=10'),
          body: FALLBACK,
        };
      }
    }
    return {
      status: '404',
      statusDescription: 'Not Found',
      headers: HEADERS('public, max-age=60'),
      body: entry.body,
    };
  };
}

const clients = new Map();

/** GetObject with the SDK that the Lambda Node.js runtime ships (nothing is bundled). */
async function readFromS3(bucket, region, key) {
  const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
  let client = clients.get(region);
  if (!client) {
    client = new S3Client({ region });
    clients.set(region, client);
  }
  const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return result.Body.transformToString('utf-8');
}

export const handler = createHandler(readFromS3);
