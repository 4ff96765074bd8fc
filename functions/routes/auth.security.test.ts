import { describe, expect, it } from 'vitest';
import { adminTestApp, testApp, TEST_PASSWORD, testPasswordHash } from '../test/harness.ts';
import { bootstrapAdmin, BootstrapError } from '../lib/auth.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { AuditEntry } from '../data/audit.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
const cookieFrom = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

async function withAdmin(overrides: Record<string, string> = {}, options = {}) {
  const harness = await testApp(overrides, options);
  await harness.services.admins.create('ops@pharmabridge.test', testPasswordHash());
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    harness.json('POST', '/api/auth/login', { email, password }, headers);
  return { ...harness, login };
}

const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/landing-pages'],
  ['POST', '/api/landing-pages'],
  ['PUT', '/api/landing-pages/p1'],
  ['DELETE', '/api/landing-pages/p1'],
  ['POST', '/api/landing-pages/p1/reset-to-template'],
  ['GET', '/api/auth/me'],
  ['GET', '/api/admin/pages/p1/versions'],
  ['GET', '/api/admin/pages/p1/versions/2026-01-01T00:00:00.000Z%23abcdef12'],
  ['POST', '/api/admin/pages/p1/versions/2026-01-01T00:00:00.000Z%23abcdef12/restore'],
  ['GET', '/api/admin/deleted-pages'],
  ['POST', '/api/admin/deleted-pages/p1/restore'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/build'],
  ['POST', '/api/admin/build'],
];

describe('admin sign-in and protection', () => {
  it('answers 401 on every admin route without a valid session cookie, never cached', async () => {
    const { json } = await testApp();
    for (const [method, path] of ADMIN_ROUTES) {
      for (const cookie of [undefined, `pb_session=${'x'.repeat(43)}`]) {
        const response = await json(
          method,
          path,
          method === 'GET' ? undefined : { title: 't' },
          cookie ? { cookie } : {},
        );
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
        expect((await errorOf(response)).code).toBe('unauthorized');
      }
    }
  });

  it('keeps the public GETs public', async () => {
    const { anonJson, json } = await adminTestApp();
    await json('POST', '/api/landing-pages', { title: 'Open', slug: 'open' });
    expect((await anonJson('GET', '/api/landing-pages/open')).status).toBe(200);
  });

  it('signs in with a fresh HttpOnly SameSite=Strict session, and refuses wrong passwords generically', async () => {
    const { login, json } = await withAdmin();
    const wrong = await login('ops@pharmabridge.test', 'not-the-password-at-all');
    const unknown = await login('nobody@pharmabridge.test', TEST_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const first = await login('OPS@pharmabridge.test', TEST_PASSWORD);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ email: 'ops@pharmabridge.test' });
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^pb_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const cookie = cookieFrom(first);
    const me = await json('GET', '/api/auth/me', undefined, { cookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('ops@pharmabridge.test');

    // A new id at every sign-in, and the old one ends.
    const second = await login('ops@pharmabridge.test', TEST_PASSWORD, { cookie });
    expect(cookieFrom(second)).not.toBe(cookie);
    expect((await json('GET', '/api/auth/me', undefined, { cookie })).status).toBe(401);
    expect(
      (await json('GET', '/api/auth/me', undefined, { cookie: cookieFrom(second) })).status,
    ).toBe(200);
  });

  it('uses a Secure __Host- cookie over https', async () => {
    const { app, services } = await withAdmin();
    const response = await app.request('https://admin.pharmabridge.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@pharmabridge.test', password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-pb_session=/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).not.toMatch(/Domain=/);
    const me = await app.request('https://admin.pharmabridge.example/api/auth/me', {
      headers: { cookie: cookieFrom(response) },
    });
    expect(me.status).toBe(200);
    // The unprefixed local cookie is not accepted over https.
    const local = await app.request('https://admin.pharmabridge.example/api/auth/me', {
      headers: { cookie: cookieFrom(response).replace('__Host-', '') },
    });
    expect(local.status).toBe(401);
    expect(services).toBeDefined();
  });

  it('throttles failures per (account, IP) pair and per IP with one generic 429', async () => {
    // Before issue 9 every attempt counted per account, so a right password from a fourth
    // address was refused too; now only failures count, and per pair (auth.lockout.test.ts).
    const now = new Date('2026-03-01T09:05:00Z');
    const { login } = await withAdmin(
      { LOGIN_PAIR_LIMIT: '3', LOGIN_IP_LIMIT: '3' },
      { now: () => now },
    );
    for (let i = 0; i < 3; i++) {
      const response = await login('ops@pharmabridge.test', 'wrong-password-123', {
        'x-forwarded-for': '10.0.0.1',
      });
      expect(response.status).toBe(401);
    }
    // Fourth try of the pair, even with the right password.
    const byPair = await login('ops@pharmabridge.test', TEST_PASSWORD, {
      'x-forwarded-for': '10.0.0.1',
    });
    expect(byPair.status).toBe(429);
    // The 15-minute window started at 09:00.
    expect(byPair.headers.get('retry-after')).toBe('600');

    for (let i = 0; i < 3; i++) {
      await login(`someone${i}@pharmabridge.test`, 'wrong-password-123', {
        'x-forwarded-for': '10.9.9.9',
      });
    }
    const byIp = await login('another@pharmabridge.test', 'wrong-password-123', {
      'x-forwarded-for': '10.9.9.9',
    });
    expect(byIp.status).toBe(429);
    const ipError = await errorOf(byIp);
    expect(ipError.code).toBe('rate_limited');
    expect(ipError.message).toBe('Too many sign-in attempts; try again in 10 minutes');
    expect(ipError).toEqual(await errorOf(byPair));
  });

  it('ends a session when it expires, even before the TTL deletes it', async () => {
    let now = new Date('2026-03-01T09:00:00Z');
    const { login, json } = await withAdmin({ SESSION_TTL_HOURS: '2' }, { now: () => now });
    const cookie = cookieFrom(await login('ops@pharmabridge.test', TEST_PASSWORD));
    now = new Date('2026-03-01T10:59:00Z');
    expect((await json('GET', '/api/landing-pages', undefined, { cookie })).status).toBe(200);
    now = new Date('2026-03-01T11:00:01Z');
    expect((await json('GET', '/api/landing-pages', undefined, { cookie })).status).toBe(401);
  });

  it('logs out server side: the old cookie no longer works', async () => {
    const { login, json } = await withAdmin();
    const cookie = cookieFrom(await login('ops@pharmabridge.test', TEST_PASSWORD));
    const out = await json('POST', '/api/auth/logout', undefined, { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/pb_session=;.*Max-Age=0/);
    // Issue 33: the browser drops what it kept for this origin (not "cookies": the trusted
    // device's cookie must outlive a sign-out; the session's is cleared by Set-Cookie).
    expect(out.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect((await json('GET', '/api/auth/me', undefined, { cookie })).status).toBe(401);
    // The API's answers carry COOP and CORP same-origin too.
    expect(out.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(out.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('refuses cross-site state changes with 403 and accepts same-origin ones', async () => {
    const { json, cookie } = await adminTestApp({ SITE_URL: 'https://www.pharmabridge.example' });
    const create = (headers: Record<string, string>, slug: string) =>
      json('POST', '/api/landing-pages', { title: 'X', slug }, headers);
    const evil = await create({ origin: 'https://evil.example' }, 'x1');
    expect(evil.status).toBe(403);
    expect((await errorOf(evil)).code).toBe('forbidden');
    expect((await create({ 'sec-fetch-site': 'cross-site' }, 'x2')).status).toBe(403);
    expect(
      (
        await create(
          { 'sec-fetch-site': 'same-site', origin: 'https://pharmabridge.example' },
          'x3',
        )
      ).status,
    ).toBe(403);
    // The request's own origin (local server) and the public site (behind CloudFront).
    expect(
      (await create({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, 'x4')).status,
    ).toBe(201);
    expect((await create({ origin: 'https://www.pharmabridge.example' }, 'x5')).status).toBe(201);
    // Cross-site sign-in attempts (login CSRF) are refused too.
    const login = await json(
      'POST',
      '/api/auth/login',
      { email: 'a@b.example', password: 'x'.repeat(12) },
      { origin: 'https://evil.example', cookie },
    );
    expect(login.status).toBe(403);
    // Reads are not state changes.
    expect(
      (await json('GET', '/api/landing-pages', undefined, { origin: 'https://evil.example' }))
        .status,
    ).toBe(200);
  });

  it('names invalid sign-in fields in a 400', async () => {
    const { json } = await testApp();
    const response = await json('POST', '/api/auth/login', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).fields ?? {}).sort()).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD once, and a weak password is refused', async () => {
    const { services, log } = await testApp({
      ADMIN_EMAIL: 'first@pharmabridge.test',
      ADMIN_PASSWORD: TEST_PASSWORD,
    });
    expect(await bootstrapAdmin(services, log)).toEqual({
      kind: 'created',
      email: 'first@pharmabridge.test',
    });
    expect(await bootstrapAdmin(services, log)).toEqual({ kind: 'exists' });

    const weak = await testApp({
      ADMIN_EMAIL: 'first@pharmabridge.test',
      ADMIN_PASSWORD: 'password1234',
    });
    await expect(bootstrapAdmin(weak.services, weak.log)).rejects.toThrow(BootstrapError);
    const short = await testApp({
      ADMIN_EMAIL: 'first@pharmabridge.test',
      ADMIN_PASSWORD: 'sh0rt-pass',
    });
    await expect(bootstrapAdmin(short.services, short.log)).rejects.toThrow(
      /at least 12 characters/,
    );
  });

  it('without them, issues a single-use setup token that expires', async () => {
    let now = new Date('2026-03-01T09:00:00Z');
    const { services, log, json } = await testApp(
      { SETUP_TOKEN_TTL_MINUTES: '30' },
      { now: () => now },
    );
    const result = await bootstrapAdmin(services, log);
    if (result.kind !== 'setup') throw new Error('expected a setup token');
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = await json('GET', `/api/auth/setup?token=${result.token}`);
    expect(await check.json()).toEqual({ needed: true, valid: true });
    expect(await (await json('GET', '/api/auth/setup?token=wrong')).json()).toEqual({
      needed: true,
      valid: false,
    });

    const weak = await json('POST', '/api/auth/setup', {
      token: result.token,
      email: 'me@pharmabridge.test',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect((await errorOf(weak)).fields?.['password']).toEqual(['must be at least 12 characters']);
    const common = await json('POST', '/api/auth/setup', {
      token: result.token,
      email: 'me@pharmabridge.test',
      password: 'qwertyuiop123',
    });
    expect(common.status).toBe(400);
    expect((await errorOf(common)).fields?.['password']?.[0]).toMatch(/too common/);

    const ok = await json('POST', '/api/auth/setup', {
      token: result.token,
      email: 'me@pharmabridge.test',
      password: TEST_PASSWORD,
    });
    expect(ok.status).toBe(201);
    const cookie = cookieFrom(ok);
    expect((await json('GET', '/api/auth/me', undefined, { cookie })).status).toBe(200);
    const again = await json('POST', '/api/auth/setup', {
      token: result.token,
      email: 'two@pharmabridge.test',
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(await (await json('GET', `/api/auth/setup?token=${result.token}`)).json()).toEqual({
      needed: false,
      valid: false,
    });

    // A token past its lifetime is refused.
    const other = await testApp({ SETUP_TOKEN_TTL_MINUTES: '30' }, { now: () => now });
    const late = await bootstrapAdmin(other.services, other.log);
    if (late.kind !== 'setup') throw new Error('expected a setup token');
    now = new Date('2026-03-01T09:31:00Z');
    const expired = await other.json('POST', '/api/auth/setup', {
      token: late.token,
      email: 'me@pharmabridge.test',
      password: TEST_PASSWORD,
    });
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).fields).toEqual({ token: ['is invalid, used or expired'] });
  });
});

describe('audit of sign-ins', () => {
  it('records successful and failed sign-ins, newest first', async () => {
    const { login, json } = await withAdmin();
    await login('ops@pharmabridge.test', 'wrong-password-123');
    const cookie = cookieFrom(await login('ops@pharmabridge.test', TEST_PASSWORD));
    const audit = (await (await json('GET', '/api/admin/audit', undefined, { cookie })).json()) as {
      entries: AuditEntry[];
    };
    expect(audit.entries.map((e) => [e.action, e.actor])).toEqual([
      ['sign-in', 'ops@pharmabridge.test'],
      ['sign-in-failed', 'ops@pharmabridge.test'],
    ]);
  });
});
