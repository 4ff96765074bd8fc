import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEdgeScript } from '../../../infra/edge/edge-script.ts';
import { socketIp } from '../../lib/client-ip.ts';
import { writeExperimentMap } from '../experiment-map.ts';
import { createFrontServer, requestClientIp } from '../http.ts';
import { writeRedirectMap } from '../redirect-map.ts';
import { precompress } from '../site-build.ts';
import { StaticSite } from './site.ts';
import { PERMISSIONS_POLICY, siteContentSecurityPolicy } from '../../shared/security-headers.ts';
import { requestFrom } from '../../test/socket.ts';

let server: Server;
let base: string;
let site: StaticSite;
const PDF = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-site-'));
  const write = (path: string, body: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), body);
  };
  write('index.html', `<h1>home</h1>${'x'.repeat(2000)}`);
  write('pricing/index.html', '<h1>pricing</h1>');
  write('404.html', '<h1>404 Page Not Found</h1>');
  write('_astro/app.abc123.js', `console.log(1);${' '.repeat(1000)}`);
  write('legacy/index.html', '<div id="legacy"></div>');
  write('admin/index.html', '<h1>admin</h1>');
  write('.build-stamp', 'secret-ish');
  // A binary file of 5000 bytes whose bytes name their place (byte i is i % 251).
  mkdirSync(join(dir, 'downloads'), { recursive: true });
  writeFileSync(join(dir, 'downloads/spec.pdf'), PDF);
  precompress(dir);
  site = StaticSite.load(dir);
  server = createServer((req, res) => site.handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('static site serving', () => {
  it('serves clean URLs and redirects trailing slashes', async () => {
    expect(await (await fetch(`${base}/pricing`)).text()).toBe('<h1>pricing</h1>');
    const slash = await fetch(`${base}/pricing/?a=1`, { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/pricing?a=1');
  });

  it('never redirects to another origin (open redirect forms, sent raw)', async () => {
    for (const path of [
      '//evil.example/',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '/\\evil.example/',
      '/%5C%5Cevil.example/x/',
      '///evil.example//?next=1',
      '/%E2%82%AC/',
    ]) {
      const response = await requestFrom('127.0.0.1', `${base}${path}`);
      expect(response.status, path).toBe(301);
      const location = String(response.headers.location);
      expect(new URL(location, base).origin, `${path} -> ${location}`).toBe(base);
      expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });

  it('sends the shared Content-Security-Policy and security headers with every page', async () => {
    for (const path of ['/', '/pricing', '/nope', '/_astro/app.abc123.js']) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(
        siteContentSecurityPolicy(),
      );
      expect(response.headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      // Issue 33: no other site shares a browsing context group with ours or loads our files.
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it("answers the 404 page's own addresses with status 404 (issue 33: /404 was a 200)", async () => {
    for (const path of ['/404', '/404.html']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('404 Page Not Found');
    }
    const slash = await fetch(`${base}/404/`, { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/404');
  });

  it('answers unknown paths, dotfiles and traversal attempts with the 404 page and status 404', async () => {
    for (const path of [
      '/nope',
      '/.build-stamp',
      '/%2e%2e/etc/passwd',
      '/pricing/../../x',
      '/%E0%A4%A',
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('404 Page Not Found');
    }
  });

  it('caches hashed assets for a year and revalidates HTML', async () => {
    expect((await fetch(`${base}/_astro/app.abc123.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const html = await fetch(`${base}/`);
    expect(html.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = html.headers.get('etag')!;
    expect((await fetch(`${base}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('sends precompressed variants the client accepts', async () => {
    const br = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('<h1>home</h1>');
    const gz = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('gives each content coding its own ETag and revalidates it (RFC 9110 8.8.3, 13.1.2)', async () => {
    const get = (headers: Record<string, string>) =>
      requestFrom('127.0.0.1', `${base}/`, { headers });
    const identity = await get({ 'accept-encoding': 'identity' });
    const br = await get({ 'accept-encoding': 'br' });
    const gzip = await get({ 'accept-encoding': 'gzip' });
    const tags = [identity, br, gzip].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    expect(tags.every((tag) => /^"[^"]+"$/.test(tag))).toBe(true);

    const revalidate = async (ifNoneMatch: string, acceptEncoding = 'br') =>
      get({ 'accept-encoding': acceptEncoding, 'if-none-match': ifNoneMatch });
    // Weak comparison, lists and * all match; the 304 names the coding's ETag and varies.
    for (const header of [tags[1]!, `W/${tags[1]}`, `"nope", ${tags[1]}`, '*']) {
      const response = await revalidate(header);
      expect(response.status, header).toBe(304);
      expect(response.headers.etag).toBe(tags[1]);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    // Another coding's ETag is another representation: a full answer.
    const other = await revalidate(tags[2]!);
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('honours q-values in Accept-Encoding (q=0 refuses a coding)', async () => {
    const coding = async (acceptEncoding: string) =>
      (
        await requestFrom('127.0.0.1', `${base}/`, {
          headers: { 'accept-encoding': acceptEncoding },
        })
      ).headers['content-encoding'] ?? 'identity';
    expect(await coding('br;q=0, gzip')).toBe('gzip');
    expect(await coding('br;q=0, gzip;q=0')).toBe('identity');
    expect(await coding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await coding('*')).toBe('br');
    expect(await coding('*;q=0, identity')).toBe('identity');
    expect(await coding('gzip, br')).toBe('br');
  });

  it('serves the shell of client-rendered sections below their prefix', async () => {
    const response = await fetch(`${base}/admin/leads`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<h1>admin</h1>');
    expect((await fetch(`${base}/legacy`)).status).toBe(200);
  });

  it('serves single byte ranges of the identity body (RFC 9110 14; issue 33: ignored before)', async () => {
    const get = (headers: Record<string, string>, path = '/downloads/spec.pdf') =>
      requestFrom('127.0.0.1', `${base}${path}`, { headers });
    const whole = await get({});
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = String(whole.headers.etag);
    const bytes = async (range: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}/downloads/spec.pdf`, {
        headers: { range, ...headers },
      });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };

    const first = await bytes('bytes=0-99');
    expect(first.response.status).toBe(206);
    expect(first.response.headers.get('content-range')).toBe('bytes 0-99/5000');
    expect(first.response.headers.get('content-length')).toBe('100');
    expect(first.body.equals(PDF.subarray(0, 100))).toBe(true);
    const open = await bytes('bytes=4990-');
    expect(open.response.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    expect(open.body.equals(PDF.subarray(4990))).toBe(true);
    const suffix = await bytes('bytes=-10');
    expect(suffix.response.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    const clipped = await bytes('bytes=4000-9999');
    expect(clipped.response.headers.get('content-range')).toBe('bytes 4000-4999/5000');
    expect(clipped.body).toHaveLength(1000);

    for (const range of ['bytes=5000-', 'bytes=6000-7000', 'bytes=-0']) {
      const refused = await bytes(range);
      expect(refused.response.status, range).toBe(416);
      expect(refused.response.headers.get('content-range'), range).toBe('bytes */5000');
    }
    // Several ranges, another unit, nonsense, a stale If-Range: the whole file.
    for (const [range, headers] of [
      ['bytes=0-1,5-6', {}],
      ['items=0-1', {}],
      ['bytes=abc', {}],
      ['bytes=9-2', {}],
      ['bytes=0-1', { 'if-range': '"an-older-version"' }],
    ] as const) {
      const full = await bytes(range, headers);
      expect(full.response.status, range).toBe(200);
      expect(full.body.equals(PDF), range).toBe(true);
    }
    expect((await bytes('bytes=0-1', { 'if-range': etag })).response.status).toBe(206);
    // A 304 still wins over a range of the version the client has.
    expect((await get({ range: 'bytes=0-1', 'if-none-match': etag })).status).toBe(304);
    // HEAD has no ranges (RFC 9110 14.2: GET only).
    const head = await fetch(`${base}/downloads/spec.pdf`, {
      method: 'HEAD',
      headers: { range: 'bytes=0-1' },
    });
    expect(head.status).toBe(200);
  });

  it('serves a range of a compressible file from its identity body, never a br or gzip one', async () => {
    const response = await requestFrom('127.0.0.1', `${base}/`, {
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-12' },
    });
    expect(response.status).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toBe('bytes 0-12/2013');
    expect(response.text).toBe('<h1>home</h1>');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(`${base}/`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

// A/B experiments (issue 24): the page's address serves the visitor's variant, assigned by
// infra/edge/clean-urls.js's own code from the build's dist/.experiments.json, with the
// client address the API resolves (TRUST_PROXY) through the same HTTP front.
describe('experiments on the local server', () => {
  const SECRET = 'c0ffee'.repeat(10) + 'beef';
  const VALUE = 'x 01JEXPLAUNCH /variants/spring-launch a:50 b:50';
  const edge = loadEdgeScript<{
    experimentVariant(value: string, secret: string, ip: string, userAgent: string): string;
  }>('clean-urls.js', ['experimentVariant']);
  const servers: Server[] = [];
  let site: StaticSite;

  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'static-site-experiments-'));
    const write = (path: string, body: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), body);
    };
    write('index.html', '<h1>home</h1>');
    write('404.html', '<h1>404 Page Not Found</h1>');
    write('spring-launch/index.html', '<h1>spring launch (live)</h1>');
    write('variants/spring-launch/a/index.html', `<h1>variant a</h1>${'a'.repeat(2000)}`);
    write('variants/spring-launch/b/index.html', `<h1>variant b</h1>${'b'.repeat(2000)}`);
    // A variant left by an experiment that no longer runs.
    write('variants/old-launch/b/index.html', '<h1>variant b</h1>');
    precompress(dir);
    writeRedirectMap(dir, [{ from: '/old-launch', to: '/spring-launch', status: 301 }]);
    writeExperimentMap(
      dir,
      [
        {
          path: '/spring-launch',
          experimentId: '01JEXPLAUNCH',
          variantPrefix: '/variants/spring-launch',
          variants: [
            { id: 'a', weight: 50 },
            { id: 'b', weight: 50 },
          ],
        },
      ],
      SECRET,
    );
    site = StaticSite.load(dir);
  });
  afterAll(() =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      ),
    ),
  );

  /**
   * The local server's front (http.ts) with TRUST_PROXY `trustProxy`: the static site gets
   * requestClientIp(resolver), and /api/ip answers what the API's resolver says.
   */
  const front = async (trustProxy: number) => {
    const resolver = socketIp(trustProxy);
    const api = new Hono().get('/api/ip', (c) => c.text(resolver(c)));
    const server = createFrontServer({
      fetch: (request, env) => api.fetch(request, env),
      site: () => site,
      clientIp: requestClientIp(resolver),
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const get = (from: string, url: string, headers: Record<string, string> = {}) =>
    requestFrom(from, url, { headers: { 'user-agent': 'Mozilla/5.0 (test)', ...headers } });
  const variantIn = (text: string) => /<h1>variant ([ab])<\/h1>/.exec(text)?.[1];

  it("serves each client address its own variant, stable, by the API's own address", async () => {
    const url = await front(0);
    const seen = new Set<string>();
    for (let host = 2; host < 42; host++) {
      const from = `127.0.0.${host}`;
      const response = await get(from, `${url}/spring-launch`);
      expect(response.status).toBe(200);
      const variant = variantIn(response.text);
      expect(variant, from).toBeDefined();
      seen.add(variant!);
      // The address the API resolved for this client is the one the variant was hashed with.
      const apiIp = (await get(from, `${url}/api/ip`)).text;
      expect(apiIp).toBe(from);
      expect(edge.experimentVariant(VALUE, SECRET, apiIp, 'Mozilla/5.0 (test)')).toBe(
        `/variants/spring-launch/${variant}/index.html`,
      );
      for (let again = 0; again < 3; again++) {
        expect(variantIn((await get(from, `${url}/spring-launch?utm_source=x`)).text)).toBe(
          variant,
        );
      }
    }
    expect([...seen].sort()).toEqual(['a', 'b']);
  });

  it('ignores X-Forwarded-For without a trusted proxy and follows it with TRUST_PROXY=1', async () => {
    const direct = await front(0);
    const proxied = await front(1);
    const forwarded = Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 1}`);
    const directVariants = new Set<string | undefined>();
    const proxiedVariants = new Set<string | undefined>();
    for (const ip of forwarded) {
      const headers = { 'x-forwarded-for': `10.9.9.9, ${ip}` };
      directVariants.add(
        variantIn((await get('127.0.0.1', `${direct}/spring-launch`, headers)).text),
      );
      const response = await get('127.0.0.1', `${proxied}/spring-launch`, headers);
      const variant = variantIn(response.text);
      proxiedVariants.add(variant);
      expect(edge.experimentVariant(VALUE, SECRET, ip, 'Mozilla/5.0 (test)')).toBe(
        `/variants/spring-launch/${variant}/index.html`,
      );
    }
    expect(directVariants.size).toBe(1);
    expect([...proxiedVariants].sort()).toEqual(['a', 'b']);
  });

  it('keeps a variant out of shared caches under the page URL, with the page headers', async () => {
    const url = await front(0);
    const response = await get('127.0.0.7', `${url}/spring-launch`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-security-policy']).toBe(siteContentSecurityPolicy());
    const etag = String(response.headers.etag);
    const again = await get('127.0.0.7', `${url}/spring-launch`, {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('serves the redirects, and the live page to a HEAD', async () => {
    const url = await front(0);
    const redirect = await get('127.0.0.1', `${url}/old-launch`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/spring-launch');
    const head = await requestFrom('127.0.0.1', `${url}/spring-launch`, { method: 'HEAD' });
    expect(head.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(head.headers['content-length']).toBe(String('<h1>spring launch (live)</h1>'.length));
  });

  // Issue 33: a variant's file only through the page's assignment, as clean-urls.js does.
  it("answers a direct request for a variant with the visitor's own assignment, or 404", async () => {
    const url = await front(0);
    const owners = new Set<string>();
    for (let host = 2; host < 26; host++) {
      const from = `127.0.0.${host}`;
      const page = await get(from, `${url}/spring-launch`);
      const own = variantIn(page.text)!;
      owners.add(own);
      for (const path of [
        '/variants/spring-launch/a',
        '/variants/spring-launch/b',
        '/variants/spring-launch/b/',
        '/variants/spring-launch/b/index.html',
        '/%76ariants/spring-launch/b/index.html',
        '/VARIANTS/Spring-Launch/b',
        '//variants//spring-launch/b',
        '/variants%2Fspring-launch%2Fb',
      ]) {
        const response = await get(from, `${url}${path}`);
        expect(response.status, `${path} from ${from}`).toBe(200);
        expect(variantIn(response.text), `${path} from ${from}`).toBe(own);
        expect(response.headers['cache-control']).toBe('private, no-cache');
      }
      const head = await requestFrom(from, `${url}/variants/spring-launch/b`, {
        method: 'HEAD',
        headers: { 'user-agent': 'Mozilla/5.0 (test)' },
      });
      expect(head.status).toBe(200);
      expect(head.headers.etag).toBe(page.headers.etag);
    }
    // Visitors of either variant asked for both: each got their own.
    expect([...owners].sort()).toEqual(['a', 'b']);
    for (const path of [
      '/variants',
      '/variants/',
      '/variants/pricing/a',
      '/variants/old-launch/b',
      '/variants/old-launch/b/index.html',
      '/variants/old-launch',
    ]) {
      const response = await get('127.0.0.2', `${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(variantIn(response.text), path).toBeUndefined();
    }
  });

  it('never serves the experiment map (it holds the secret)', async () => {
    const url = await front(0);
    for (const path of ['/.experiments.json', '/.redirects.json', '/%2Eexperiments.json']) {
      const response = await get('127.0.0.1', `${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain(SECRET);
    }
  });
});

// /legacy/<slug> (issue 33): a real 404 for a slug of no live page (the shell, whose script
// says "Landing page not found"), as CloudFront answers from the live-slug keys of its store
// (infra/edge/clean-urls.js, run here for the rule); a page published after the build is
// live at once, since the store is asked per request.
describe('/legacy/<slug> on the local server', () => {
  let legacyServer: Server;
  let legacyBase: string;
  const live = new Set(['spring-launch']);

  beforeAll(async () => {
    legacyServer = createServer((req, res) =>
      site.handle(req, res, { liveSlug: async (slug) => live.has(slug) }),
    );
    await new Promise<void>((done) => legacyServer.listen(0, '127.0.0.1', done));
    const address = legacyServer.address();
    legacyBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((done) => legacyServer.close(() => done())));

  it('serves the shell for a live page with 200, and with 404 for any other slug', async () => {
    const page = await fetch(`${legacyBase}/legacy/spring-launch`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<div id="legacy"></div>');
    for (const path of ['/legacy/no-such-page', '/legacy/Spring-Launch', '/legacy/a/b']) {
      const missing = await fetch(`${legacyBase}${path}`);
      expect(missing.status, path).toBe(404);
      expect(await missing.text(), path).toBe('<div id="legacy"></div>');
    }
    // A page published now answers at once; one unpublished, at once too.
    live.add('autumn-summit');
    expect((await fetch(`${legacyBase}/legacy/autumn-summit`)).status).toBe(200);
    live.delete('autumn-summit');
    expect((await fetch(`${legacyBase}/legacy/autumn-summit`)).status).toBe(404);
  });

  it("gives the shell to a request with a session cookie (an administrator's draft preview)", async () => {
    for (const cookie of ['pb_session=abc', 'theme=dark; __Host-pb_session=abc']) {
      const response = await fetch(`${legacyBase}/legacy/draft-page`, { headers: { cookie } });
      expect(response.status, cookie).toBe(200);
    }
    const other = await fetch(`${legacyBase}/legacy/draft-page`, {
      headers: { cookie: 'pb_device=abc' },
    });
    expect(other.status).toBe(404);
  });

  it('answers 503 when the store cannot say, never a wrong 404', async () => {
    const failing = createServer((req, res) =>
      site.handle(req, res, { liveSlug: () => Promise.reject(new Error('store down')) }),
    );
    await new Promise<void>((done) => failing.listen(0, '127.0.0.1', done));
    const address = failing.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/legacy/spring-launch`);
      expect(response.status).toBe(503);
    } finally {
      await new Promise<void>((done) => failing.close(() => done()));
    }
  });
});
