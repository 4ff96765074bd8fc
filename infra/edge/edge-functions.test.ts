// Runs the CloudFront Functions' source as CloudFront does (edge-script.ts): a script
// defining `handler`, with the KeyValueStore injected.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPA_FALLBACKS } from '../../functions/server/static-site.ts';
import { loadEdgeScript, storeOf, type CloudFrontModule } from './edge-script.ts';

interface ViewerRequest {
  uri: string;
  rawQueryString(): string | undefined;
}
interface EdgeAnswer {
  uri?: string;
  statusCode?: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}
type Handler = (event: { request: ViewerRequest }) => EdgeAnswer | Promise<EdgeAnswer>;

const load = (file: string, cf?: CloudFrontModule): Handler =>
  loadEdgeScript<{ handler: Handler }>(file, ['handler'], cf).handler;

const request = (uri: string, query?: string): ViewerRequest => ({
  uri,
  rawQueryString: () => query,
});

describe('clean-urls (site default behaviour)', () => {
  const handler = load('clean-urls.js');
  const uriAfter = async (uri: string) => {
    const result = await handler({ request: request(uri) });
    expect(result).toHaveProperty('uri');
    return result.uri;
  };
  const redirect = async (uri: string, query?: string) =>
    (await handler({ request: request(uri, query) })) as {
      statusCode: number;
      headers: { location: { value: string } };
    };

  it('serves index.html for the root', async () => {
    expect(await uriAfter('/')).toBe('/index.html');
  });

  it('maps extensionless paths to their index.html', async () => {
    expect(await uriAfter('/pricing')).toBe('/pricing/index.html');
    expect(await uriAfter('/deep-dives/traceability')).toBe('/deep-dives/traceability/index.html');
  });

  it('passes files with an extension through unchanged', async () => {
    expect(await uriAfter('/404.html')).toBe('/404.html');
    expect(await uriAfter('/favicon.svg')).toBe('/favicon.svg');
    expect(await uriAfter('/v1.2/notes.txt')).toBe('/v1.2/notes.txt');
  });

  it('only looks at the last segment for an extension', async () => {
    expect(await uriAfter('/v1.2/notes')).toBe('/v1.2/notes/index.html');
  });

  it('redirects a trailing slash permanently, keeping the query string', async () => {
    expect(await redirect('/pricing/')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/pricing' } },
    });
    expect((await redirect('/pricing/', 'plan=team&x=1')).headers.location.value).toBe(
      '/pricing?plan=team&x=1',
    );
    expect((await redirect('/faq/security//')).headers.location.value).toBe('/faq/security');
  });

  it('never redirects to another host', async () => {
    expect((await redirect('//evil.example/')).headers.location.value).toBe('/evil.example');
    expect((await redirect('///evil.example//')).headers.location.value).toBe('/evil.example');
    // Encoded slashes and backslashes (browsers read "\\" as "/") decode to the same.
    for (const uri of [
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '/\\evil.example/',
      '/%5c%5Cevil.example/',
    ]) {
      const location = (await redirect(uri)).headers.location.value;
      expect(location, uri).toBe('/evil.example');
      expect(new URL(location, 'https://pharmabridge.example').origin).toBe(
        'https://pharmabridge.example',
      );
    }
    expect((await redirect('/%E2%82%AC/')).headers.location.value).toBe('/%E2%82%AC');
  });

  it('serves the client-rendered shells for everything under /legacy and /admin', async () => {
    for (const prefix of ['/legacy', '/admin']) {
      const shell = `${prefix}/index.html`;
      expect(await uriAfter(prefix)).toBe(shell);
      expect(await uriAfter(`${prefix}/spring-launch`)).toBe(shell);
      expect(await uriAfter(`${prefix}/pages/3f2a/edit`)).toBe(shell);
      expect(await uriAfter(`${prefix}/index.html`)).toBe(shell);
    }
  });

  it('mirrors the local server: SPA_FALLBACKS lists the same shells', () => {
    expect(SPA_FALLBACKS).toEqual([
      ['/legacy', '/legacy/index.html'],
      ['/admin', '/admin/index.html'],
    ]);
  });

  it('keeps the shells to their own prefix and canonical URLs', async () => {
    expect(await uriAfter('/legacyfoo')).toBe('/legacyfoo/index.html');
    expect(await uriAfter('/administration')).toBe('/administration/index.html');
    expect((await redirect('/legacy/spring-launch/')).headers.location.value).toBe(
      '/legacy/spring-launch',
    );
    expect((await redirect('/admin/')).headers.location.value).toBe('/admin');
  });

  it('treats /site/... as ordinary prebuilt pages', async () => {
    expect(await uriAfter('/site/about')).toBe('/site/about/index.html');
  });
});

describe('clean-urls: redirects from the KeyValueStore (issue 23)', () => {
  const reads: string[] = [];
  const store = new Map([
    ['/spring-launch', '301 /spring-2026'],
    ['/legacy/spring-launch', '301 /legacy/spring-2026'],
    ['/campaign', '302 https://partner.example/offer?ref=pb#top'],
    ['/ended', '302 /demo'],
    // What the build never writes; the function still refuses to send it.
    ['/bad-host', '301 //evil.example'],
    ['/bad-slash', '301 /\\evil.example'],
    ['/bad-scheme', '301 javascript:alert(1)'],
    ['/bad-http', '301 http://evil.example'],
    ['/bad-status', '307 /demo'],
  ]);
  const handler = load('clean-urls.js', {
    kvs: () => ({
      get: async (key: string) => {
        reads.push(key);
        return storeOf(store).kvs().get(key);
      },
    }),
  });
  const answer = async (uri: string, query?: string) => handler({ request: request(uri, query) });

  it('answers a stored path with its status and a same-origin Location, keeping the query', async () => {
    expect(await answer('/spring-launch')).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: '/spring-2026' },
        'cache-control': { value: 'public, max-age=3600' },
      },
    });
    expect((await answer('/spring-launch', 'utm_source=mail')).headers?.['location']).toEqual({
      value: '/spring-2026?utm_source=mail',
    });
    expect(await answer('/ended')).toMatchObject({
      statusCode: 302,
      statusDescription: 'Found',
      headers: { location: { value: '/demo' }, 'cache-control': { value: 'no-store' } },
    });
  });

  it('redirects /legacy/<old> before the legacy shell, and ignores case and one trailing slash', async () => {
    expect((await answer('/legacy/spring-launch')).headers?.['location']?.value).toBe(
      '/legacy/spring-2026',
    );
    expect((await answer('/Spring-Launch/')).headers?.['location']?.value).toBe('/spring-2026');
  });

  it('sends an absolute https:// target an administrator typed, the query before its fragment', async () => {
    expect((await answer('/campaign', 'a=1')).headers?.['location']?.value).toBe(
      'https://partner.example/offer?ref=pb&a=1#top',
    );
  });

  it('passes a path without a redirect on to the clean-URL rules', async () => {
    expect(await answer('/pricing')).toMatchObject({ uri: '/pricing/index.html' });
    expect(await answer('/legacy/other')).toMatchObject({ uri: '/legacy/index.html' });
    expect(await answer('/')).toMatchObject({ uri: '/index.html' });
  });

  it('never sends a stored value that would leave the origin or is not a redirect status', async () => {
    for (const uri of ['/bad-host', '/bad-slash', '/bad-scheme', '/bad-http', '/bad-status']) {
      expect(await answer(uri), uri).toMatchObject({ uri: `${uri}/index.html` });
    }
  });

  it('fits in the 10 KB CloudFront Functions allow a function, comments included', () => {
    const bytes = readFileSync(new URL('./clean-urls.js', import.meta.url)).length;
    expect(bytes).toBeLessThan(10 * 1024);
  });

  it('reads the store only for paths a redirect can start at', async () => {
    reads.length = 0;
    for (const uri of ['/', '/favicon.svg', '/_astro/app.js', '/a%2Fb', '/a_b', '/x.y/z']) {
      await answer(uri);
    }
    expect(reads).toEqual([]);
  });
});

describe('uploads-path (/objects/uploads/* behaviour)', () => {
  const handler = load('uploads-path.js');

  it('maps the viewer path to the uploads/ key prefix', async () => {
    expect(await handler({ request: request('/objects/uploads/01J9Z8X7W6V5') })).toMatchObject({
      uri: '/uploads/01J9Z8X7W6V5',
    });
  });
});

// Lambda@Edge, origin response (Node.js ESM); the S3 read is injected, the rest is the real code.
interface OriginResponse {
  status: string;
  statusDescription?: string;
  headers: Record<string, { key: string; value: string }[]>;
  body?: string;
}
interface NotFoundPageModule {
  parseS3Host(host: string | undefined): { bucket: string; region: string } | undefined;
  createHandler(
    readPage: (bucket: string, region: string, key: string) => Promise<string>,
    now?: () => number,
  ): (event: unknown) => Promise<OriginResponse>;
}
// A computed specifier: the module is plain JavaScript without type declarations.
const notFoundPagePath = './not-found-page/index.mjs';
const notFoundPage = (await import(notFoundPagePath)) as NotFoundPageModule;

const BUCKET_HOST = 'pharmabridgeweb-sitebucket978d4aeb-1x2y3z.s3.eu-west-1.amazonaws.com';
const originResponse = (status: string, host = BUCKET_HOST) => ({
  Records: [
    {
      cf: {
        config: {
          distributionDomainName: 'd111111abcdef8.cloudfront.net',
          eventType: 'origin-response',
        },
        request: {
          uri: '/no-such-page/index.html',
          method: 'GET',
          headers: { host: [{ key: 'Host', value: host }] },
          origin: { s3: { domainName: host, path: '', authMethod: 'origin-access-identity' } },
        },
        response: {
          status,
          statusDescription: status === '200' ? 'OK' : 'Forbidden',
          headers: { 'content-type': [{ key: 'Content-Type', value: 'application/xml' }] },
        },
      },
    },
  ],
});

describe('not-found-page (Lambda@Edge origin response on the default behaviour)', () => {
  const page = '<!doctype html><title>Not found</title>';
  const setup = () => {
    const reads: string[] = [];
    let clock = 1_000_000;
    const handler = notFoundPage.createHandler(
      async (bucket, region, key) => {
        reads.push(`${region}/${bucket}/${key}`);
        return page;
      },
      () => clock,
    );
    return { handler, reads, advance: (ms: number) => (clock += ms) };
  };

  it('turns S3 403 and 404 into the 404 page with status 404', async () => {
    const { handler, reads } = setup();
    for (const status of ['403', '404']) {
      expect(await handler(originResponse(status))).toEqual({
        status: '404',
        statusDescription: 'Not Found',
        headers: {
          'content-type': [{ key: 'Content-Type', value: 'text/html; charset=utf-8' }],
          'cache-control': [{ key: 'Cache-Control', value: 'public, max-age=60' }],
        },
        body: page,
      });
    }
    expect(reads[0]).toBe('eu-west-1/pharmabridgeweb-sitebucket978d4aeb-1x2y3z/404.html');
  });

  it('passes every other response through untouched', async () => {
    const { handler, reads } = setup();
    for (const status of ['200', '304', '500']) {
      const event = originResponse(status);
      expect(await handler(event)).toBe(event.Records[0]!.cf.response);
    }
    expect(reads).toEqual([]);
  });

  it('reads 404.html once a minute at most', async () => {
    const { handler, reads, advance } = setup();
    await handler(originResponse('403'));
    advance(59_000);
    await handler(originResponse('404'));
    expect(reads).toHaveLength(1);
    advance(2_000);
    await handler(originResponse('404'));
    expect(reads).toHaveLength(2);
  });

  it('still answers 404 (briefly cached) when 404.html cannot be read', async () => {
    const handler = notFoundPage.createHandler(async () => {
      throw new Error('NoSuchKey');
    });
    const response = await handler(originResponse('403'));
    expect(response.status).toBe('404');
    expect(response.body).toContain('Page not found');
    expect(response.headers['cache-control']).toEqual([
      { key: 'Cache-Control', value: 'public, max-age=10' },
    ]);
  });

  it('finds the bucket and region in S3 origin host names', () => {
    expect(notFoundPage.parseS3Host('site.s3.eu-central-1.amazonaws.com')).toEqual({
      bucket: 'site',
      region: 'eu-central-1',
    });
    expect(notFoundPage.parseS3Host('my.site.s3-us-west-2.amazonaws.com')).toEqual({
      bucket: 'my.site',
      region: 'us-west-2',
    });
    expect(notFoundPage.parseS3Host('site.s3.amazonaws.com')).toEqual({
      bucket: 'site',
      region: 'us-east-1',
    });
    expect(notFoundPage.parseS3Host('api.example.com')).toBeUndefined();
    expect(notFoundPage.parseS3Host(undefined)).toBeUndefined();
  });
});
