import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './site-build.ts';
import { StaticSite } from './static-site.ts';
import { PERMISSIONS_POLICY, siteContentSecurityPolicy } from '../shared/security-headers.ts';
import { requestFrom } from '../test/socket.ts';

let server: Server;
let base: string;

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
  write('.build-stamp', 'secret-ish');
  precompress(dir);
  const site = StaticSite.load(dir);
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
    }
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
    const response = await fetch(`${base}/legacy/some-campaign`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<div id="legacy"></div>');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(`${base}/`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
