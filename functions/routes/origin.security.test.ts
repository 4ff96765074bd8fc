// The cross-site checks of the admin API (issue 21, item 9): X-Forwarded-Host is anyone's
// writing unless a proxy of ours (TRUST_PROXY) stands in front, so it never widens the
// allowed origins by itself; and every admin read, not only the leads', refuses another
// site, since the reads answer private data (GET /api/s3/params hands out a signed upload
// ticket, though since issue 33 it writes nothing).
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import { seedDefaultPage } from '../data/seed.ts';
import { LOCAL_COOKIE, SECURE_COOKIE } from '../lib/session.ts';
import { adminTestApp } from '../test/harness.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable } from './route-table.ts';

/** GET routes open to anyone: the public ones (their own table) and the setup link's check. */
const NOT_ADMIN = new Set([
  ...routeTable(PUBLIC_ROUTES).map((route) => route.path),
  '/api/auth/setup',
  // A gated download's link, opened from an e-mail too: the token is the credential.
  '/api/downloads/:token',
  // The OpenAPI description: another site gets the public routes' part (routes/openapi.ts).
  '/api/openapi.json',
]);

/** Every admin GET route the app has, from its route table (so a new one is covered). */
const ADMIN_READS = routeTable(ALL_ROUTES)
  .filter((route) => route.method === 'GET')
  .map((route) => route.path)
  .filter((path) => !NOT_ADMIN.has(path));

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

describe('Origin check and X-Forwarded-Host', () => {
  const change = async (overrides: Record<string, string>, headers: Record<string, string>) => {
    const app = await adminTestApp(overrides);
    await seedDefaultPage(app.services.pages);
    const page = (await app.services.pages.getBySlug('default'))!;
    // Behind a TLS proxy the session cookie has its Secure name (functions/lib/session.ts).
    const cookie = headers['x-forwarded-proto']
      ? app.cookie.replace(LOCAL_COOKIE, SECURE_COOKIE)
      : app.cookie;
    return app.json(
      'PUT',
      `/api/landing-pages/${page.id}`,
      { title: 'Changed' },
      { ...headers, cookie },
    );
  };

  it('refuses a foreign Origin that X-Forwarded-Host names, without TRUST_PROXY', async () => {
    // (The scheme defaulted to https when X-Forwarded-Proto was absent.)
    const response = await change(
      {},
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toEqual({
      code: 'forbidden',
      message: 'Cross-site requests are not allowed',
    });
  });

  it('with TRUST_PROXY, accepts the origin our proxy saw (its X-Forwarded-Host entry)', async () => {
    // The client wrote the left entry; the proxy appended what it saw.
    const proxied = {
      origin: 'https://admin.pharmabridge.example',
      'x-forwarded-host': 'evil.example, admin.pharmabridge.example',
      'x-forwarded-proto': 'https',
    };
    expect((await change({ TRUST_PROXY: '1' }, proxied)).status).toBe(200);
    const spoofed = { ...proxied, origin: 'https://evil.example' };
    expect((await change({ TRUST_PROXY: '1' }, spoofed)).status).toBe(403);
  });
});

describe('X-Forwarded-Proto', () => {
  it('names the session cookie only when a proxy of ours says https (TRUST_PROXY)', async () => {
    const me = async (overrides: Record<string, string>, cookieName: string) => {
      const app = await adminTestApp(overrides);
      const cookie = app.cookie.replace(LOCAL_COOKIE, cookieName);
      return (
        await app.anonJson('GET', '/api/auth/me', undefined, {
          cookie,
          'x-forwarded-proto': 'https',
        })
      ).status;
    };
    // Anyone may write the header: without TRUST_PROXY plain-http localhost keeps its name.
    expect(await me({}, LOCAL_COOKIE)).toBe(200);
    expect(await me({}, SECURE_COOKIE)).toBe(401);
    // Behind our TLS proxy, the Secure __Host- name.
    expect(await me({ TRUST_PROXY: '1' }, SECURE_COOKIE)).toBe(200);
  });
});

describe('admin reads from another site', () => {
  it('lists the admin GET routes it checks', () => {
    expect(ADMIN_READS).toEqual(
      expect.arrayContaining([
        '/api/s3/params',
        '/api/landing-pages',
        '/api/auth/me',
        '/api/admin/leads',
        '/api/admin/media',
        '/api/account',
      ]),
    );
  });

  it('every admin GET answers 403 to a cross-site or same-site request, even signed in', async () => {
    const app = await adminTestApp();
    const fill = (path: string) =>
      path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x') +
      (path.startsWith('/api/s3/') ? '?filename=a.png&key=pending/x' : '');
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ADMIN_READS) {
        const response = await app.json('GET', fill(path), undefined, { 'sec-fetch-site': site });
        expect(response.status, `${site} GET ${path}`).toBe(403);
        expect((await errorCode(response)).code, path).toBe('forbidden');
      }
    }
    // Same origin, or typed into the address bar, still reads.
    for (const site of ['same-origin', 'none']) {
      const me = await app.json('GET', '/api/auth/me', undefined, { 'sec-fetch-site': site });
      expect(me.status, site).toBe(200);
    }
  });

  it('GET /api/s3/params from another site hands out no upload ticket', async () => {
    const app = await adminTestApp();
    /** Upload tickets in the store (functions/data/media/tickets.ts keeps them as UPLOAD# items). */
    const tickets = async () => {
      const { Items = [] } = await app.services.db.send(
        new ScanCommand({
          TableName: app.services.tableName,
          FilterExpression: 'begins_with(pk, :upload)',
          ExpressionAttributeValues: { ':upload': 'UPLOAD#' },
        }),
      );
      return Items.length;
    };
    const crossSite = await app.json('GET', '/api/s3/params?filename=a.png', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect(await tickets()).toBe(0);
    // The same request from the admin itself gets its ticket, signed in the answer and
    // stored nowhere (functions/routes/s3-params.security.test.ts).
    const own = await app.json('GET', '/api/s3/params?filename=a.png', undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { fields: Record<string, string> }).fields).toHaveProperty(
      'x-amz-meta-ticket',
    );
    expect(await tickets()).toBe(0);
  });
});
