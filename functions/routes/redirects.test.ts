// Redirects (issue 23, docs/decisions/0138-what-a-redirect-is.md to
// docs/decisions/0143-redirects-view.md): /api/admin/redirects, the redirects a live page's rename
// leaves, flattened chains, refused loops and open redirects, and the local server answering them
// from the build's redirect map with hits counted.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { AuditList } from '../shared/api/audit.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { RedirectDto } from '../shared/redirects.ts';
import { readRedirectList } from '../site-data/store.ts';
import { createFrontServer } from '../server/http.ts';
import { readRedirectMap, redirectMapFor, writeRedirectMap } from '../server/redirect-map.ts';
import { StaticSite } from '../server/static-site/site.ts';
import { requestFrom } from '../test/socket.ts';
import { adminTestApp } from '../test/harness.ts';

type App = Awaited<ReturnType<typeof adminTestApp>>;

const list = async ({ json }: App) =>
  (await (await json('GET', '/api/admin/redirects')).json()) as RedirectDto[];
/** `from -> to (status, reason)` of every redirect, for whole-state comparisons. */
const pairs = async (app: App) =>
  (await list(app)).map((r) => `${r.from} -> ${r.to} (${r.status}, ${r.reason})`);
const add = (app: App, body: unknown) => app.json('POST', '/api/admin/redirects', body);

async function createPage(app: App, slug: string, isActive = true): Promise<LandingPage> {
  const response = await app.json('POST', '/api/landing-pages', { title: slug, slug, isActive });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as LandingPage;
}

async function rename(app: App, page: LandingPage, slug: string): Promise<LandingPage> {
  const response = await app.json('PUT', `/api/landing-pages/${page.id}`, {
    slug,
    revision: page.revision,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as LandingPage;
}

const refusal = async (response: Response) => {
  const body = (await response.json()) as ErrorBody;
  return { status: response.status, message: body.error.message, fields: body.error.fields };
};

describe('/api/admin/redirects', () => {
  it('adds, lists with hits, and deletes a redirect, auditing both changes', async () => {
    const app = await adminTestApp();
    const created = await add(app, { from: '/spring-offer', to: '/demo', status: 302 });
    expect(created.status).toBe(201);
    const redirect = (await created.json()) as RedirectDto;
    expect(redirect).toMatchObject({
      from: '/spring-offer',
      to: '/demo',
      status: 302,
      reason: 'manual',
      createdBy: app.email,
      hits: 0,
    });
    expect(await list(app)).toEqual([redirect]);

    expect((await app.json('DELETE', `/api/admin/redirects/${redirect.id}`)).status).toBe(204);
    expect(await list(app)).toEqual([]);
    expect((await app.json('DELETE', `/api/admin/redirects/${redirect.id}`)).status).toBe(404);
    expect((await app.json('DELETE', '/api/admin/redirects/bm90LWEtcGF0aA')).status).toBe(404);

    const audit = (await (await app.json('GET', '/api/admin/audit')).json()) as AuditList;
    expect(audit.entries.map((e) => [e.action, e.summary]).slice(0, 2)).toEqual([
      ['redirect-delete', '/spring-offer → /demo (302)'],
      ['redirect-add', '/spring-offer → /demo (302)'],
    ]);
  });

  it('normalises what is typed: a leading slash, no trailing one, the slug rules', async () => {
    const app = await adminTestApp();
    const response = await add(app, { from: 'Old Offer/', to: 'https://Partner.example' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      from: '/old-offer',
      to: 'https://partner.example/',
      status: 301,
    });
  });

  it('refuses a second redirect from the same path', async () => {
    const app = await adminTestApp();
    expect((await add(app, { from: '/a', to: '/demo' })).status).toBe(201);
    expect(await refusal(await add(app, { from: '/a', to: '/pricing' }))).toMatchObject({
      status: 409,
      fields: { from: ['already redirects to /demo; delete that redirect first'] },
    });
  });

  it('refuses every target that could leave the site, naming `to` in a sentence', async () => {
    const app = await adminTestApp();
    const targets = [
      '//evil.example',
      '//evil.example/path',
      'https:evil.example',
      'https:/evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://evil.example',
      'evil.example',
      'https://user:secret@evil.example',
      '/demo\r\nSet-Cookie: x=1',
      '/de mo',
      '/demo\u0000',
      '/demo?next=//evil.example',
      '/../etc',
      '',
    ];
    for (const to of targets) {
      const { status, fields, message } = await refusal(await add(app, { from: '/x', to }));
      expect(status, to).toBe(400);
      expect(Object.keys(fields ?? {}), to).toEqual(['to']);
      expect(message, to).toMatch(/^Invalid request: to /);
    }
    expect(await list(app)).toEqual([]);
  });

  it('refuses a `from` the site owns: reserved paths, a live page, the home page', async () => {
    const app = await adminTestApp();
    await createPage(app, 'spring');
    await createPage(app, 'draft-only', false);
    for (const from of [
      '/admin',
      '/api/x',
      '/objects/uploads/1',
      '/_astro/app.js',
      '/assets/x',
      '/legacy/spring',
      '/pricing',
      '/deep-dive/traceability',
      '/',
      '//evil.example',
      '/a\\b',
      '/a?b=1',
      '/a#b',
      'https://evil.example/a',
      '/---',
    ]) {
      const { status, fields } = await refusal(await add(app, { from, to: '/demo' }));
      expect(status, from).toBe(400);
      expect(Object.keys(fields ?? {}), from).toEqual(['from']);
    }
    expect(await refusal(await add(app, { from: '/spring', to: '/demo' }))).toEqual({
      status: 400,
      message: '/spring is the address of the live page "spring"',
      fields: { from: ['is the address of the live page "spring"; a redirect must not hide it'] },
    });
    // A draft has no public address yet: a redirect may use it until the page goes live.
    expect((await add(app, { from: '/draft-only', to: '/demo' })).status).toBe(201);
    expect(await refusal(await add(app, { from: '/demo', to: '/demo/' }))).toMatchObject({
      status: 400,
      fields: { to: ['must differ from the address it redirects from'] },
    });
  });

  it('flattens chains both ways and refuses loops, naming `to`', async () => {
    const app = await adminTestApp();
    expect((await add(app, { from: '/b', to: '/c' })).status).toBe(201);
    // A -> B while B -> C: stored as A -> C.
    expect((await add(app, { from: '/a', to: '/b' })).status).toBe(201);
    // C -> D: every X -> C becomes X -> D.
    expect((await add(app, { from: '/c', to: '/d', status: 302 })).status).toBe(201);
    expect(await pairs(app)).toEqual([
      '/a -> /d (301, manual)',
      '/b -> /d (301, manual)',
      '/c -> /d (302, manual)',
    ]);
    for (const from of ['/d', '/D/']) {
      expect(await refusal(await add(app, { from, to: '/a' }))).toEqual({
        status: 409,
        message: 'A redirect from /d would make a loop: /a already redirects to /d',
        fields: { to: ['leads back to /d (/a redirects there), which would make a loop'] },
      });
    }
    expect(await pairs(app)).toHaveLength(3);
    // An absolute target never chains.
    expect((await add(app, { from: '/e', to: 'https://d.example/a' })).status).toBe(201);
  });

  it('answers 401 without a session and 403 for a role that does not publish', async () => {
    const app = await adminTestApp();
    expect((await app.anonJson('GET', '/api/admin/redirects')).status).toBe(401);
    expect(
      (await app.anonJson('POST', '/api/admin/redirects', { from: '/a', to: '/b' })).status,
    ).toBe(401);
    expect((await app.anonJson('DELETE', '/api/admin/redirects/L2E')).status).toBe(401);
    const editor = await app.signIn('editor@pharmabridge.test', 'editor');
    const asEditor = await app.json('GET', '/api/admin/redirects', undefined, {
      cookie: editor.cookie,
    });
    expect(asEditor.status).toBe(403);
    expect(await list(app)).toEqual([]);
  });
});

describe('a live page renamed', () => {
  it('leaves /<old> and /legacy/<old> redirecting to the new addresses, flattened', async () => {
    const app = await adminTestApp();
    let page = await createPage(app, 'spring');
    page = await rename(app, page, 'spring-2026');
    expect(await pairs(app)).toEqual([
      '/legacy/spring -> /legacy/spring-2026 (301, rename)',
      '/spring -> /spring-2026 (301, rename)',
    ]);
    page = await rename(app, page, 'spring-2027');
    expect(await pairs(app)).toEqual([
      '/legacy/spring -> /legacy/spring-2027 (301, rename)',
      '/legacy/spring-2026 -> /legacy/spring-2027 (301, rename)',
      '/spring -> /spring-2027 (301, rename)',
      '/spring-2026 -> /spring-2027 (301, rename)',
    ]);
    // Renamed back: the page wins its address again, and nothing loops.
    await rename(app, page, 'spring');
    expect(await pairs(app)).toEqual([
      '/legacy/spring-2026 -> /legacy/spring (301, rename)',
      '/legacy/spring-2027 -> /legacy/spring (301, rename)',
      '/spring-2026 -> /spring (301, rename)',
      '/spring-2027 -> /spring (301, rename)',
    ]);
  });

  it('rewrites manual redirects to the old address, and leaves drafts alone', async () => {
    const app = await adminTestApp();
    const page = await createPage(app, 'offer');
    expect((await add(app, { from: '/old-offer', to: '/offer' })).status).toBe(201);
    await rename(app, page, 'offer-2');
    expect(await pairs(app)).toContain('/old-offer -> /offer-2 (301, manual)');

    const draft = await createPage(app, 'quiet', false);
    await rename(app, draft, 'quiet-2');
    expect((await pairs(app)).filter((p) => p.includes('quiet'))).toEqual([]);
  });

  it('gives an address back to a page made on it: the page wins', async () => {
    const app = await adminTestApp();
    const first = await createPage(app, 'launch');
    await rename(app, first, 'launch-2026');
    // A draft on the old slug takes its preview address at once, its public one when live.
    const draft = await createPage(app, 'launch', false);
    expect(await pairs(app)).toEqual(['/launch -> /launch-2026 (301, rename)']);
    const published = await app.json('PUT', `/api/landing-pages/${draft.id}`, {
      isActive: true,
      revision: draft.revision,
    });
    expect(published.status).toBe(200);
    expect(await pairs(app)).toEqual([]);

    expect((await add(app, { from: '/gone', to: '/demo' })).status).toBe(201);
    await createPage(app, 'gone');
    expect(await pairs(app)).toEqual([]);
  });
});

describe('the unpublish redirect (services.redirects.put)', () => {
  it('redirects the address of a page taken offline, replacing an earlier one', async () => {
    const app = await adminTestApp();
    const page = await createPage(app, 'campaign');
    const unpublishTo = (to: string, status: 301 | 302) =>
      app.services.redirects.put(
        { from: '/campaign', to, status },
        { actor: app.email },
        { reason: 'unpublish', replace: true },
      );
    // While the page is live its address is its own.
    await expect(unpublishTo('/demo', 302)).rejects.toThrow(
      '/campaign is the address of the live page "campaign"',
    );
    const offline = await app.json('PUT', `/api/landing-pages/${page.id}`, {
      isActive: false,
      revision: page.revision,
    });
    expect(offline.status, await offline.clone().text()).toBe(200);
    expect(await unpublishTo('/demo', 302)).toMatchObject({ reason: 'unpublish', hits: 0 });
    await unpublishTo('/pricing', 301);
    expect(await pairs(app)).toEqual(['/campaign -> /pricing (301, unpublish)']);
    // Open redirects are refused here too: the same schema.
    await expect(unpublishTo('//evil.example', 302)).rejects.toThrow(
      /^to must start with a single/,
    );
  });
});

describe('served by the local server from the build', () => {
  /** A built site in miniature, with the redirect map written as the build writes it. */
  async function serve(app: App, pages: string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'redirects-site-'));
    const write = (path: string, body: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), body);
    };
    write('index.html', '<h1>home</h1>');
    write('404.html', '<h1>404 Page Not Found</h1>');
    write('legacy/index.html', '<div id="legacy"></div>');
    for (const page of pages) write(`${page}/index.html`, `<h1>${page}</h1>`);
    // The build's own reader of the store (functions/site-data/store.ts) and map writer.
    const env = { TABLE_NAME: app.services.tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint') };
    writeRedirectMap(dir, await readRedirectList(env));
    const site = StaticSite.load(dir);
    const server = createFrontServer({
      fetch: () => new Response(null, { status: 404 }),
      site: () => site,
      onRedirect: (from) => void app.services.redirects.countHit(from),
      // As functions/server/local-stack.ts: /legacy/<slug> asks the store (issue 33).
      liveSlug: async (slug) => (await app.services.pages.getBySlug(slug))?.isActive === true,
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      dir,
      base,
      get: (path: string) => requestFrom('127.0.0.1', `${base}${path}`),
      close: () => new Promise((done) => server.close(done)),
    };
  }

  it('answers the old address of a renamed page with 301 to the new one, counting hits', async () => {
    const app = await adminTestApp();
    const page = await createPage(app, 'spring');
    await rename(app, page, 'spring-2026');
    expect(
      (await add(app, { from: '/campaign', to: 'https://partner.example/x', status: 302 })).status,
    ).toBe(201);
    const site = await serve(app, ['spring-2026']);
    try {
      const old = await site.get('/spring');
      expect(old.status).toBe(301);
      expect(old.headers.location).toBe('/spring-2026');
      expect((await site.get('/spring/?utm_source=mail')).headers.location).toBe(
        '/spring-2026?utm_source=mail',
      );
      expect((await site.get('/legacy/spring')).headers.location).toBe('/legacy/spring-2026');
      const campaign = await site.get('/campaign');
      expect(campaign.status).toBe(302);
      expect(campaign.headers.location).toBe('https://partner.example/x');
      // The new address is the page; other paths are untouched.
      expect((await site.get('/spring-2026')).status).toBe(200);
      expect((await site.get('/legacy/spring-2026')).status).toBe(200);
      // A slug no live page has is a 404 (issue 33: it was a 200).
      expect((await site.get('/legacy/other')).status).toBe(404);
      expect((await site.get('/nothing-here')).status).toBe(404);

      await expect
        .poll(async () => (await list(app)).find((r) => r.from === '/spring')?.hits)
        .toBe(2);
      expect((await list(app)).find((r) => r.from === '/campaign')?.hits).toBe(1);
    } finally {
      await site.close();
    }
  });

  it('leaves out of the map a redirect whose address the build made a page', async () => {
    const app = await adminTestApp();
    expect((await add(app, { from: '/now-a-page', to: '/demo' })).status).toBe(201);
    expect((await add(app, { from: '/still-gone', to: '/demo' })).status).toBe(201);
    const site = await serve(app, ['now-a-page']);
    try {
      expect(Object.fromEntries(readRedirectMap(site.dir))).toEqual({ '/still-gone': '301 /demo' });
      expect((await site.get('/now-a-page')).status).toBe(200);
      expect((await site.get('/still-gone')).status).toBe(301);
      expect(redirectMapFor(site.dir, await list(app))).toEqual({ '/still-gone': '301 /demo' });
    } finally {
      await site.close();
    }
  });
});
