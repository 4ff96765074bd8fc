// Runs the CloudFront Functions' source as CloudFront does (edge-script.ts): a script
// defining `handler`, with the KeyValueStore and Node's HMAC injected. clean-urls.js: clean
// URLs, redirects (issue 23) and A/B experiment assignment (issue 24).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPA_FALLBACKS } from '../../functions/server/static-site/edge-rules.ts';
import { loadEdgeScript, storeOf, type CloudFrontModule } from './edge-script.ts';

interface ViewerRequest {
  uri: string;
  method?: string;
  headers?: Record<string, { value: string }>;
  querystring?: Record<string, { value: string }>;
  rawQueryString(): string | undefined;
}
interface EdgeAnswer {
  uri?: string;
  statusCode?: number;
  statusDescription?: string;
  headers?: Record<string, { value: string }>;
}
type Handler = (event: {
  request: ViewerRequest;
  viewer?: { ip: string };
}) => EdgeAnswer | Promise<EdgeAnswer>;

const load = (file: string, cf?: CloudFrontModule): Handler =>
  loadEdgeScript<{ handler: Handler }>(file, ['handler'], cf).handler;

const request = (uri: string, query?: string): ViewerRequest => ({
  uri,
  method: 'GET',
  headers: {},
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
    expect(await uriAfter('/robots.txt')).toBe('/robots.txt');
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

  it('serves the client-rendered shells for everything under /admin, and /legacy itself', async () => {
    expect(await uriAfter('/admin')).toBe('/admin/index.html');
    expect(await uriAfter('/admin/spring-launch')).toBe('/admin/index.html');
    expect(await uriAfter('/admin/pages/3f2a/edit')).toBe('/admin/index.html');
    expect(await uriAfter('/admin/index.html')).toBe('/admin/index.html');
    // The default page; /legacy/<slug> is the store's (below).
    expect(await uriAfter('/legacy')).toBe('/legacy/index.html');
  });

  it("sends the 404 page's own addresses to a path no build writes, so they answer 404 (issue 33)", async () => {
    // The origin answers S3's 403 for it, which not-found-page turns into the 404 page.
    expect(await uriAfter('/404')).toBe('/_not-found');
    expect(await uriAfter('/404.html')).toBe('/_not-found');
    expect((await redirect('/404/')).headers.location.value).toBe('/404');
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
    expect(await answer('/legacy/other')).toMatchObject({ uri: '/_not-found/legacy' });
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

  it('reads the store only for paths a redirect can start at, and for a GET of /', async () => {
    reads.length = 0;
    for (const uri of ['/favicon.svg', '/_astro/app.js', '/a%2Fb', '/a_b', '/x.y/z']) {
      await answer(uri);
    }
    await handler({ request: { ...request('/'), method: 'HEAD' } });
    expect(reads).toEqual([]);
    // "/" may run an experiment (issue 24); a redirect cannot start there.
    await answer('/');
    await answer('/pricing');
    expect(reads).toEqual(['/', '/pricing']);
  });
});

// A/B experiments (issue 24): the store holds "x <experimentId> <variantPrefix> <id>:<weight> ..."
// under the page's path (functions/server/experiment-map.ts) and the secret under x:secret.
describe('clean-urls: A/B experiment assignment (issue 24)', () => {
  const SECRET = '5f2c'.repeat(16);
  const entries = (secret: string | undefined) =>
    new Map([
      ['/spring-launch', 'x 01JEXP24TEST /variants/spring-launch a:50 b:50'],
      ['/', 'x 01JEXPHOME /variants/default a:34 b:33 c:33'],
      ['/skewed', 'x 01JEXPSKEW /variants/skewed a:90 b:10'],
      ['/old-launch', '301 /spring-launch'],
      // What the build never writes: a legacy address keeps the control whatever is stored.
      ['/legacy/spring-launch', 'x 01JEXP24TEST /variants/spring-launch a:50 b:50'],
      ['live:spring-launch', 'page-1'],
      ...(secret === undefined ? [] : [['x:secret', secret] as [string, string]]),
    ]);
  const reads: string[] = [];
  const edgeFor = (store: ReadonlyMap<string, string>) =>
    loadEdgeScript<{
      handler: Handler;
      experimentVariant(value: string, secret: string, ip: string, userAgent: string): string;
      visitorKey(experimentId: string, secret: string, ip: string, userAgent: string): string;
    }>('clean-urls.js', ['handler', 'experimentVariant', 'visitorKey'], {
      kvs: () => ({
        get: async (key: string) => {
          reads.push(key);
          return storeOf(store).kvs().get(key);
        },
      }),
    });
  const edge = edgeFor(entries(SECRET));
  const visit = async (
    uri: string,
    ip: string,
    userAgent?: string,
    options: { method?: string; query?: string; handler?: Handler } = {},
  ) => {
    const viewerRequest: ViewerRequest = {
      uri,
      method: options.method ?? 'GET',
      headers: userAgent === undefined ? {} : { 'user-agent': { value: userAgent } },
      querystring: options.query ? { utm_source: { value: options.query } } : {},
      rawQueryString: () => (options.query ? `utm_source=${options.query}` : undefined),
    };
    return (options.handler ?? edge.handler)({ request: viewerRequest, viewer: { ip } });
  };
  const variantOf = async (uri: string, ip: string, userAgent?: string, handler?: Handler) => {
    const result = await visit(uri, ip, userAgent, handler ? { handler } : {});
    const match = /^\/variants\/[a-z0-9-]+\/([a-d])\/index\.html$/.exec(result.uri ?? '');
    if (!match) throw new Error(`${uri} from ${ip} was not assigned: ${JSON.stringify(result)}`);
    return match[1]!;
  };

  /** One user agent of each of a dozen families (browser and system). */
  const FAMILIES = [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  ];
  /** 120 user agents differing only in the browser's version (100 to 219). */
  const versions = (agent: (version: number) => string) =>
    Array.from({ length: 120 }, (_, i) => agent(100 + i));
  const LINUX_CHROME = [
    '203.0.113.7',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ] as const;
  const IPHONE = [
    '2001:db8:85a3::8a2e:370:7334',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ] as const;

  // A seeded generator: the same visitors on every run, so a pass or a failure is repeatable.
  const visitors = (count: number, seed: number) => {
    let state = seed >>> 0;
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    ];
    return Array.from({ length: count }, () => {
      const ip =
        next() < 0.7
          ? Array.from({ length: 4 }, () => Math.floor(next() * 256)).join('.')
          : Array.from({ length: 8 }, () => Math.floor(next() * 65536).toString(16)).join(':');
      return { ip, userAgent: agents[Math.floor(next() * agents.length)]! };
    });
  };
  const counts = async (uri: string, people: { ip: string; userAgent: string }[]) => {
    const tally = new Map<string, number>();
    for (const { ip, userAgent } of people) {
      const variant = await variantOf(uri, ip, userAgent);
      tally.set(variant, (tally.get(variant) ?? 0) + 1);
    }
    return tally;
  };
  /** Pearson's chi-square of observed counts against the shares the weights set. */
  const chiSquare = (tally: Map<string, number>, weights: Record<string, number>) => {
    const n = [...tally.values()].reduce((sum, count) => sum + count, 0);
    const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
    return Object.entries(weights).reduce((sum, [id, weight]) => {
      const expected = (n * weight) / total;
      return sum + ((tally.get(id) ?? 0) - expected) ** 2 / expected;
    }, 0);
  };
  // The sample-ratio-mismatch bound at p = 0.001: chi2.isf(0.001, df) from scipy 1.17
  // (python3 -c "from scipy.stats import chi2; print(chi2.isf(0.001,1), chi2.isf(0.001,2))"
  // prints 10.827566170662733 13.815510557964274).
  const CHI2_CRITICAL_P001 = { 1: 10.828, 2: 13.816 };

  it('gives a visitor (address and user agent) the same variant on every request', async () => {
    for (const { ip, userAgent } of visitors(50, 1)) {
      const first = await variantOf('/spring-launch', ip, userAgent);
      for (let again = 0; again < 4; again++) {
        expect(await variantOf('/spring-launch', ip, userAgent)).toBe(first);
      }
    }
  });

  it('spreads different addresses over the variants (50/50 over 200 addresses)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      seen.add(await variantOf('/spring-launch', `198.51.100.${i % 256}`, 'Mozilla/5.0'));
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
    // The user agent's family counts too: one address, several browsers.
    const agents = new Set<string>();
    for (const userAgent of FAMILIES) {
      agents.add(await variantOf('/spring-launch', '192.0.2.1', userAgent));
    }
    expect(agents.size).toBe(2);
  });

  // The probe (issue 33): one address, a new user agent for every view. Versions are not
  // part of the key, so they are one visitor with one variant (the API counts by the same
  // key: functions/data/experiments/counters.test.ts).
  it("keeps one variant for one address however often the browser's version changes", async () => {
    for (const [ip, agents] of [
      [
        '198.51.100.77',
        versions(
          (v) =>
            `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
        ),
      ],
      [
        '2001:db8:4:5:a:b:c:d',
        versions((v) => `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`),
      ],
    ] as const) {
      const seen = new Set<string>();
      const keys = new Set<string>();
      for (const userAgent of agents) {
        seen.add(await variantOf('/spring-launch', ip, userAgent));
        keys.add(edge.visitorKey('01JEXP24TEST', SECRET, ip, userAgent));
      }
      expect(agents).toHaveLength(120);
      expect(seen.size, ip).toBe(1);
      expect(keys.size, ip).toBe(1);
    }
    // Any address of one /64 is the same visitor; another /64 is another.
    const family = FAMILIES[0]!;
    expect(edge.visitorKey('01JEXP24TEST', SECRET, '2001:db8:4:5::1', family)).toBe(
      edge.visitorKey('01JEXP24TEST', SECRET, '2001:0db8:0004:0005:ffff:0:0:9', family),
    );
    expect(edge.visitorKey('01JEXP24TEST', SECRET, '2001:db8:4:5::1', family)).not.toBe(
      edge.visitorKey('01JEXP24TEST', SECRET, '2001:db8:4:6::1', family),
    );
  });

  it('lands 10,000 visitors within the sample-ratio bound of the weights (p >= 0.001)', async () => {
    const people = visitors(10_000, 24);
    const halves = await counts('/spring-launch', people);
    expect(chiSquare(halves, { a: 50, b: 50 })).toBeLessThan(CHI2_CRITICAL_P001[1]);
    const thirds = await counts('/', people);
    expect([...thirds.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(chiSquare(thirds, { a: 34, b: 33, c: 33 })).toBeLessThan(CHI2_CRITICAL_P001[2]);
  });

  it('respects uneven weights: 90/10 within 1.5 points', async () => {
    const tally = await counts('/skewed', visitors(10_000, 90));
    expect(Math.abs((tally.get('a') ?? 0) / 10_000 - 0.9)).toBeLessThanOrEqual(0.015);
    expect(Math.abs((tally.get('b') ?? 0) / 10_000 - 0.1)).toBeLessThanOrEqual(0.015);
  });

  it('assigns anew when the secret changes', async () => {
    const other = edgeFor(entries('0'.repeat(63) + '1')).handler;
    let changed = 0;
    const people = visitors(200, 7);
    for (const { ip, userAgent } of people) {
      const before = await variantOf('/spring-launch', ip, userAgent);
      if ((await variantOf('/spring-launch', ip, userAgent, other)) !== before) changed++;
    }
    // Independent 50/50 draws differ about half the time.
    expect(changed).toBeGreaterThan(60);
    expect(changed).toBeLessThan(140);
  });

  it('serves the page unchanged without a secret or for a value it cannot read', async () => {
    const noSecret = edgeFor(entries(undefined)).handler;
    expect(await visit('/spring-launch', '203.0.113.7', 'x', { handler: noSecret })).toMatchObject({
      uri: '/spring-launch/index.html',
    });
    for (const value of [
      'x',
      'x 01JEXP24TEST',
      'x 01JEXP24TEST /variants/spring-launch',
      'x 01J\nEXP /variants/spring-launch a:50 b:50',
      'x 01JEXP24TEST /elsewhere a:50 b:50',
      'x 01JEXP24TEST //evil.example a:50 b:50',
      'x 01JEXP24TEST /variants/../admin a:50 b:50',
      'x 01JEXP24TEST /variants/spring-launch a:50 e:50',
      'x 01JEXP24TEST /variants/spring-launch a:0 b:100',
      'x 01JEXP24TEST /variants/spring-launch a:50 a:50',
      'x 01JEXP24TEST /variants/spring-launch a:50  b:50',
      'x 01JEXP24TEST /variants/spring-launch a:-5 b:50',
      'x 01JEXP24TEST /variants/spring-launch a:fifty b:50',
      'X 01JEXP24TEST /variants/spring-launch a:50 b:50',
    ]) {
      const handler = edgeFor(
        new Map([
          ['/spring-launch', value],
          ['x:secret', SECRET],
        ]),
      ).handler;
      for (const ip of ['203.0.113.7', '2001:db8::1', '198.51.100.9']) {
        expect(await visit('/spring-launch', ip, 'Mozilla/5.0', { handler }), value).toEqual({
          uri: '/spring-launch/index.html',
          method: 'GET',
          headers: { 'user-agent': { value: 'Mozilla/5.0' } },
          querystring: {},
          rawQueryString: expect.any(Function),
        });
      }
    }
  });

  it('keeps the query string, rewriting the path only', async () => {
    const result = (await visit('/spring-launch', '203.0.113.7', 'x', {
      query: 'mail',
    })) as ViewerRequest;
    expect(result.uri).toMatch(/^\/variants\/spring-launch\/[ab]\/index\.html$/);
    expect(result.querystring).toEqual({ utm_source: { value: 'mail' } });
    expect(result.rawQueryString()).toBe('utm_source=mail');
  });

  it('touches only a GET of the page itself: redirects, legacy, other forms of the URL stay', async () => {
    expect(await visit('/old-launch', '203.0.113.7', 'x')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/spring-launch' } },
    });
    expect(await visit('/legacy/spring-launch', '203.0.113.7', 'x')).toMatchObject({
      uri: '/legacy/index.html',
    });
    expect(await visit('/spring-launch', '203.0.113.7', 'x', { method: 'HEAD' })).toMatchObject({
      uri: '/spring-launch/index.html',
    });
    expect(await visit('/spring-launch', '203.0.113.7', 'x', { method: 'POST' })).toMatchObject({
      uri: '/spring-launch/index.html',
    });
    expect(await visit('/spring-launch/', '203.0.113.7', 'x')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/spring-launch' } },
    });
    expect(await visit('/Spring-Launch', '203.0.113.7', 'x')).toMatchObject({
      uri: '/Spring-Launch/index.html',
    });
    expect(await visit('/pricing', '203.0.113.7', 'x')).toMatchObject({
      uri: '/pricing/index.html',
    });
  });

  // Issue 33: a variant's file is served only through the page's assignment.
  it('answers a direct request for a variant with the visitor’s own assignment, in any spelling', async () => {
    const asked = new Map<string, number>();
    for (const { ip, userAgent } of visitors(60, 33)) {
      const own = await variantOf('/spring-launch', ip, userAgent);
      for (const uri of [
        '/variants/spring-launch/a',
        '/variants/spring-launch/b',
        '/variants/spring-launch/b/',
        '/variants/spring-launch/b/index.html',
        '/%76ariants/spring-launch/b/index.html',
        '/VARIANTS/Spring-Launch/b',
        '//variants//spring-launch/b',
        '/variants/spring-launch/./b',
        '/legacy/../variants/spring-launch/b',
        '/variants%2Fspring-launch%2Fb',
        '/variants\\spring-launch\\b',
      ]) {
        const result = await visit(uri, ip, userAgent);
        expect(result, `${uri} from ${ip}`).toMatchObject({
          uri: `/variants/spring-launch/${own}/index.html`,
        });
      }
      asked.set(own, (asked.get(own) ?? 0) + 1);
      // HEAD too: the same file.
      expect(
        await visit('/variants/spring-launch/b', ip, userAgent, { method: 'HEAD' }),
      ).toMatchObject({ uri: `/variants/spring-launch/${own}/index.html` });
    }
    // Asking for b gave a's visitors a: never the variant asked for on demand.
    expect(asked.get('a')).toBeGreaterThan(10);
    expect(asked.get('b')).toBeGreaterThan(10);
    // The default page's variants live under /variants/default.
    const home = await variantOf('/', '203.0.113.7', FAMILIES[0]);
    expect(await visit('/variants/default/c', '203.0.113.7', FAMILIES[0])).toMatchObject({
      uri: `/variants/default/${home}/index.html`,
    });
  });

  it('answers 404 under /variants/ where no experiment of that page runs', async () => {
    const notFound = { statusCode: 404, statusDescription: 'Not Found' };
    for (const uri of [
      '/variants',
      '/variants/',
      '/variants/pricing/b',
      '/variants/old-launch/b',
      '/variants/skewed-old/a/index.html',
      '/variants/spring-launch%00/b',
      // /legacy/spring-launch holds a value the build never writes: its prefix is not this.
      '/variants/legacy/spring-launch/b',
    ]) {
      expect(await visit(uri, '203.0.113.7', FAMILIES[0]), uri).toEqual(notFound);
    }
    // Without the secret nobody can be assigned: 404 too, never the file asked for.
    const noSecret = edgeFor(entries(undefined)).handler;
    expect(
      await visit('/variants/spring-launch/b', '203.0.113.7', 'x', { handler: noSecret }),
    ).toEqual(notFound);
    // A page whose stored value names another prefix does not lend it its experiment.
    const misfiled = edgeFor(
      new Map([
        ['/spring-launch', 'x 01JEXP24TEST /variants/other a:50 b:50'],
        ['x:secret', SECRET],
      ]),
    ).handler;
    expect(
      await visit('/variants/spring-launch/b', '203.0.113.7', 'x', { handler: misfiled }),
    ).toEqual(notFound);
    // Paths that merely start alike are ordinary pages.
    expect(await visit('/variantsx/b', '203.0.113.7', 'x')).toMatchObject({
      uri: '/variantsx/b/index.html',
    });
  });

  it('reads the store at most twice a request, the secret only for a page under an experiment', async () => {
    const readsOf = async (uri: string) => {
      reads.length = 0;
      await visit(uri, '203.0.113.7', 'x');
      return [...reads];
    };
    expect(await readsOf('/spring-launch')).toEqual(['/spring-launch', 'x:secret']);
    expect(await readsOf('/')).toEqual(['/', 'x:secret']);
    expect(await readsOf('/pricing')).toEqual(['/pricing']);
    expect(await readsOf('/old-launch')).toEqual(['/old-launch']);
    expect(await readsOf('/variants/spring-launch/b')).toEqual(['/spring-launch', 'x:secret']);
    expect(await readsOf('/variants/pricing/b')).toEqual(['/pricing']);
    expect(await readsOf('/_astro/app.js')).toEqual([]);
  });

  // Reference digests from Python's hmac, independent of this code (the family and the
  // prefix written out by hand from the rules of docs/decisions/0320-experiment-visitor-key.md):
  //   python3 -c "import hmac,hashlib; print(hmac.new(('5f2c'*16).encode(),
  //     b'01JEXP24TEST\n203.0.113.7\nchrome/linux', hashlib.sha256).hexdigest())"
  // 01JEXP24TEST, 203.0.113.7, chrome/linux: 150c6f81... -> 0x150c6f81 / 2^32 = 0.08222
  // 01JEXPHOME, 2001:db8:85a3::/64, safari/ios: 1d9bf880... -> 0.11566
  // 01JEXPHOME, 198.51.100.23, other/other (no User-Agent): 6709196a... -> 0.40248
  // Weights on either side of each bucket pin it to one percent, so any change of the key,
  // the message (order, separator, fields) or the bucket arithmetic moves a visitor.
  it('hashes HMAC-SHA256(secret, experimentId \\n address prefix \\n agent family) into the bucket', () => {
    expect(edge.visitorKey('01JEXP24TEST', SECRET, ...LINUX_CHROME)).toBe(
      '150c6f8175b51a8efdff02f09db21485f76ad768cf21695f435cedf169a46282',
    );
    expect(edge.visitorKey('01JEXPHOME', SECRET, ...IPHONE)).toBe(
      '1d9bf88073c23e07db061fe357e7048969373a4a2e7eb286af165ad9d559a582',
    );
    const assign = (id: string, shares: string, ip: string, userAgent: string) =>
      edge.experimentVariant(`x ${id} /variants/v ${shares}`, SECRET, ip, userAgent);
    expect(assign('01JEXP24TEST', 'a:8 b:92', ...LINUX_CHROME)).toBe('/variants/v/b/index.html');
    expect(assign('01JEXP24TEST', 'a:9 b:91', ...LINUX_CHROME)).toBe('/variants/v/a/index.html');
    expect(assign('01JEXPHOME', 'a:11 b:89', ...IPHONE)).toBe('/variants/v/b/index.html');
    expect(assign('01JEXPHOME', 'a:12 b:88', ...IPHONE)).toBe('/variants/v/a/index.html');
    expect(assign('01JEXPHOME', 'a:39 b:1 c:60', '198.51.100.23', '')).toBe(
      '/variants/v/c/index.html',
    );
    expect(assign('01JEXPHOME', 'a:40 b:1 c:59', '198.51.100.23', '')).toBe(
      '/variants/v/b/index.html',
    );
  });

  it('sends a request without a User-Agent as the empty string', async () => {
    // The third reference vector above, through the handler: 0.40248 of a:34 b:33 c:33 is b.
    expect(await variantOf('/', '198.51.100.23')).toBe('b');
  });
});

// Experiments per locale (issue 39, docs/decisions/0576-experiments-per-locale.md): a page's
// version in a locale is served at /<prefix>/<slug> (the default page's at /<prefix>); its
// experiment is stored under that path, its variants built at /variants/<prefix>.<slug>/<id>
// (functions/site-data/store.ts experimentAddress), independent of the English page's.
describe('clean-urls: an experiment on one locale’s version of a page (issue 39)', () => {
  const SECRET = '9e1d'.repeat(16);
  const store = new Map([
    ['/webinar', 'x EXPWEBINAR-EN /variants/webinar a:50 b:50'],
    ['/de/webinar', 'x EXPWEBINAR-DE /variants/de.webinar a:50 b:50'],
    ['/de-at/webinar', 'x EXPWEBINAR-AT /variants/de-at.webinar a:20 b:80'],
    ['/de', 'x EXPHOME-DE /variants/de.default a:34 b:33 c:33'],
    ['/de/old-webinar', '301 /de/webinar'],
    ['x:secret', SECRET],
  ]);
  const reads: string[] = [];
  const edge = loadEdgeScript<{ handler: Handler }>('clean-urls.js', ['handler'], {
    kvs: () => ({
      get: async (key: string) => {
        reads.push(key);
        return storeOf(store).kvs().get(key);
      },
    }),
  });
  const AGENTS = [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ];
  /** 120 visitors: 40 addresses (IPv4 and IPv6) with three browser families each. */
  const people = Array.from({ length: 40 }, (_, i) =>
    i % 2 ? `198.51.100.${i}` : `2001:db8:${(i * 97).toString(16)}::${i}`,
  ).flatMap((ip) => AGENTS.map((userAgent) => ({ ip, userAgent })));
  const visit = (uri: string, ip: string, userAgent: string, method = 'GET') =>
    edge.handler({
      request: {
        uri,
        method,
        headers: { 'user-agent': { value: userAgent } },
        rawQueryString: () => undefined,
      },
      viewer: { ip },
    });
  /** The variant id a request was rewritten to under `prefix`, or throws. */
  const variantUnder = async (prefix: string, uri: string, ip: string, userAgent: string) => {
    const result = await visit(uri, ip, userAgent);
    const escaped = prefix.replace(/[.]/g, '\\.');
    const match = new RegExp(`^${escaped}/([a-d])/index\\.html$`).exec(result.uri ?? '');
    if (!match) throw new Error(`${uri} from ${ip} was not assigned: ${JSON.stringify(result)}`);
    return match[1]!;
  };

  it('serves /de/<slug> and /de with the visitor’s variant of the German experiment', async () => {
    const german = new Map<string, number>();
    const home = new Map<string, number>();
    for (const { ip, userAgent } of people) {
      const own = await variantUnder('/variants/de.webinar', '/de/webinar', ip, userAgent);
      german.set(own, (german.get(own) ?? 0) + 1);
      // The same visitor, the same variant, on every request.
      expect(await variantUnder('/variants/de.webinar', '/de/webinar', ip, userAgent)).toBe(own);
      const start = await variantUnder('/variants/de.default', '/de', ip, userAgent);
      home.set(start, (home.get(start) ?? 0) + 1);
    }
    expect([...german.keys()].sort()).toEqual(['a', 'b']);
    expect(Math.min(...german.values())).toBeGreaterThan(35);
    expect([...home.keys()].sort()).toEqual(['a', 'b', 'c']);
    // A locale whose prefix is the whole code (two locales share a language): its own entry.
    const austrian = await Promise.all(
      people.map(({ ip, userAgent }) =>
        variantUnder('/variants/de-at.webinar', '/de-at/webinar', ip, userAgent),
      ),
    );
    const b = austrian.filter((id) => id === 'b').length;
    expect(b / austrian.length).toBeGreaterThan(0.65);
    expect(b / austrian.length).toBeLessThan(0.95);
  });

  it('runs the English and the German experiment of one page independently', async () => {
    const pairs = new Set<string>();
    for (const { ip, userAgent } of people) {
      const english = await variantUnder('/variants/webinar', '/webinar', ip, userAgent);
      const german = await variantUnder('/variants/de.webinar', '/de/webinar', ip, userAgent);
      pairs.add(`${english}${german}`);
    }
    // Keys of two experiments are unrelated: every combination occurs.
    expect([...pairs].sort()).toEqual(['aa', 'ab', 'ba', 'bb']);
  });

  it('touches only a GET of the localized path as written, like /<slug>', async () => {
    const [{ ip, userAgent }] = people as [{ ip: string; userAgent: string }];
    const plain = async (uri: string, method = 'GET') =>
      (await visit(uri, ip, userAgent, method)).uri;
    // Other spellings are other (unbuilt) files or redirects, exactly as for /Spring-Launch.
    expect(await plain('/DE/webinar')).toBe('/DE/webinar/index.html');
    expect(await plain('/de/Webinar')).toBe('/de/Webinar/index.html');
    expect(await plain('/De')).toBe('/De/index.html');
    expect(await plain('/de/%77ebinar')).toBe('/de/%77ebinar/index.html');
    expect(await plain('/de%2Fwebinar')).toBe('/de%2Fwebinar/index.html');
    expect(await plain('/de//webinar')).toBe('/de//webinar/index.html');
    expect(await plain('/de/webinar/extra')).toBe('/de/webinar/extra/index.html');
    expect(await plain('/de/webinar', 'HEAD')).toBe('/de/webinar/index.html');
    expect(await plain('/de/webinar', 'POST')).toBe('/de/webinar/index.html');
    expect(await visit('/de/webinar/', ip, userAgent)).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/de/webinar' } },
    });
    expect(await visit('/de/', ip, userAgent)).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/de' } },
    });
    expect(await visit('/de/old-webinar', ip, userAgent)).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/de/webinar' } },
    });
    // The German pages without an experiment are served as built.
    expect(await plain('/de/pricing')).toBe('/de/pricing/index.html');
    expect(await plain('/fr/webinar')).toBe('/fr/webinar/index.html');
  });

  it('answers a direct request for a localized variant with the visitor’s own, in any spelling, else 404', async () => {
    for (const { ip, userAgent } of people.slice(0, 30)) {
      const own = await variantUnder('/variants/de.webinar', '/de/webinar', ip, userAgent);
      for (const uri of [
        '/variants/de.webinar/a',
        '/variants/de.webinar/b/',
        '/variants/de.webinar/b/index.html',
        '/VARIANTS/DE.Webinar/b',
        '/%76ariants/de%2Ewebinar/b',
        '/variants%2Fde.webinar%2Fb',
        '//variants//de.webinar/./b',
        '/de/../variants/de.webinar/b',
        '/variants\\de.webinar\\b',
      ]) {
        expect(await visit(uri, ip, userAgent), `${uri} from ${ip}`).toMatchObject({
          uri: `/variants/de.webinar/${own}/index.html`,
        });
      }
      const start = await variantUnder('/variants/de.default', '/de', ip, userAgent);
      expect(await visit('/variants/de.default/c', ip, userAgent)).toMatchObject({
        uri: `/variants/de.default/${start}/index.html`,
      });
    }
    const notFound = { statusCode: 404, statusDescription: 'Not Found' };
    const [{ ip, userAgent }] = people as [{ ip: string; userAgent: string }];
    for (const uri of [
      // Not a page's path: a prefix and a slug are one segment, joined by a dot.
      '/variants/de/webinar/b',
      '/variants/de..webinar/b',
      '/variants/.webinar/b',
      '/variants/de.webinar.x/b',
      // No experiment there.
      '/variants/de.pricing/b',
      '/variants/fr.webinar/b',
      '/variants/de-at.default/b',
    ]) {
      expect(await visit(uri, ip, userAgent), uri).toEqual(notFound);
    }
  });

  it('reads the store at most twice a request, the secret only for a page under an experiment', async () => {
    const readsOf = async (uri: string) => {
      reads.length = 0;
      await visit(uri, '203.0.113.7', 'x');
      return [...reads];
    };
    expect(await readsOf('/de/webinar')).toEqual(['/de/webinar', 'x:secret']);
    expect(await readsOf('/de')).toEqual(['/de', 'x:secret']);
    expect(await readsOf('/variants/de.webinar/b')).toEqual(['/de/webinar', 'x:secret']);
    expect(await readsOf('/de/pricing')).toEqual(['/de/pricing']);
    expect(await readsOf('/variants/de/webinar/b')).toEqual(['/de']);
  });
});

// /legacy/<slug> (issue 33): the API keeps "live:<slug>" in the store for every live page
// (functions/publishing/live-slugs.ts), at once on publish; any other slug is the 404 page,
// unless the request has a session cookie (an administrator may preview a draft there).
describe('clean-urls: /legacy/<slug> of live pages only (issue 33)', () => {
  const reads: string[] = [];
  const store = new Map([
    ['live:spring-launch', 'page-1'],
    ['live:default', 'page-0'],
    ['/legacy/old-name', '301 /legacy/spring-launch'],
  ]);
  const handler = load('clean-urls.js', {
    kvs: () => ({
      get: async (key: string) => {
        reads.push(key);
        return storeOf(store).kvs().get(key);
      },
    }),
  });
  const visit = (uri: string, cookies?: Record<string, { value: string }>) =>
    handler({ request: { ...request(uri), ...(cookies ? { cookies } : {}) } as ViewerRequest });

  it('serves the shell for a live slug and a 404 for any other (the shell, answered 404)', async () => {
    expect(await visit('/legacy/spring-launch')).toMatchObject({ uri: '/legacy/index.html' });
    expect(await visit('/legacy/default')).toMatchObject({ uri: '/legacy/index.html' });
    for (const uri of [
      '/legacy/no-such-page',
      '/legacy/Spring-Launch',
      '/legacy/a/b',
      '/legacy/x.y',
    ]) {
      expect(await visit(uri), uri).toMatchObject({ uri: '/_not-found/legacy' });
    }
  });

  it('lets a request with a session cookie have the shell for a valid slug (draft preview)', async () => {
    for (const name of ['__Host-pb_session', 'pb_session']) {
      expect(await visit('/legacy/draft-page', { [name]: { value: 'abc' } }), name).toMatchObject({
        uri: '/legacy/index.html',
      });
    }
    expect(await visit('/legacy/a/b', { pb_session: { value: 'abc' } })).toMatchObject({
      uri: '/_not-found/legacy',
    });
    expect(await visit('/legacy/draft-page', { pb_device: { value: 'abc' } })).toMatchObject({
      uri: '/_not-found/legacy',
    });
  });

  it('redirects a renamed slug first, and keeps the trailing-slash redirect', async () => {
    expect(await visit('/legacy/old-name')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/legacy/spring-launch' } },
    });
    expect(await visit('/legacy/spring-launch/')).toMatchObject({
      statusCode: 301,
      headers: { location: { value: '/legacy/spring-launch' } },
    });
  });

  it('reads the live key only for a slug path without a session', async () => {
    reads.length = 0;
    await visit('/legacy/spring-launch');
    expect(reads).toEqual(['/legacy/spring-launch', 'live:spring-launch']);
    reads.length = 0;
    await visit('/legacy/draft-page', { pb_session: { value: 'abc' } });
    await visit('/legacy');
    expect(reads).toEqual(['/legacy/draft-page', '/legacy']);
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
const originResponse = (status: string, host = BUCKET_HOST, uri = '/no-such-page/index.html') => ({
  Records: [
    {
      cf: {
        config: {
          distributionDomainName: 'd111111abcdef8.cloudfront.net',
          eventType: 'origin-response',
        },
        request: {
          uri,
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

  it('answers a /legacy/<slug> of no live page with the /legacy shell and status 404 (issue 33)', async () => {
    const { handler, reads } = setup();
    const response = await handler(originResponse('403', BUCKET_HOST, '/_not-found/legacy'));
    expect(response).toMatchObject({ status: '404', body: page });
    expect(reads).toEqual([
      'eu-west-1/pharmabridgeweb-sitebucket978d4aeb-1x2y3z/legacy/index.html',
    ]);
    // Each key is kept apart: the 404 page is read on its own.
    await handler(originResponse('403'));
    await handler(originResponse('403', BUCKET_HOST, '/_not-found/legacy'));
    expect(reads).toHaveLength(2);
    expect(reads[1]).toMatch(/\/404\.html$/);
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
