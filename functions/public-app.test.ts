// The public function's app (public-app.ts) over DynamoDB Local: its cold and deferred
// routes are exactly routes/public-routes.ts; a cold start's routes answer without loading
// the deferred ones or their services; and every public route, deferred or not, answers a
// request exactly as the full app (app.ts, which mounts the routers directly) does.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from './env.ts';
import { coldVisitorServices, DEFERRED_SERVICES } from './cold-services.ts';
import { deferredVisitorServices } from './deferred-services.ts';
import { createMailer } from './mail/select.ts';
import { forwardedForIp } from './lib/client-ip.ts';
import { ensureTable } from './data/table.ts';
import { seedDefaultPage } from './data/seed.ts';
import { COLD_ROUTES, DEFERRED_ROUTES, publicApp } from './public-app.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { routeTable } from './routes/route-table.ts';
import { BROWSER_USER_AGENT, memoryLogger, testApp, TEST_SECRETS_KEY } from './test/harness.ts';

/** The public app over a fresh table with the default page, counting deferred loads. */
async function publicTestApp() {
  const endpoint = inject('dynamoEndpoint');
  const config = loadConfig({
    TABLE_NAME: `test-${randomUUID()}`,
    DYNAMODB_ENDPOINT: endpoint,
    LEAD_SETTINGS_KEY: TEST_SECRETS_KEY,
  });
  const log = memoryLogger();
  const cold = coldVisitorServices(
    config,
    { region: 'local', endpoint },
    { log, clientIp: forwardedForIp },
  );
  await ensureTable(cold.db, config.env.TABLE_NAME);
  await seedDefaultPage(cold.pages);
  const loads = { count: 0 };
  const app = publicApp(cold, async () => {
    loads.count += 1;
    return deferredVisitorServices(cold, {}, createMailer);
  });
  return { app, loads, log };
}

const headers = {
  'content-type': 'application/json',
  'user-agent': BROWSER_USER_AGENT,
  'x-forwarded-for': '203.0.113.9',
};

describe('the public function app', () => {
  it('mounts exactly the public routes: the cold ones and, once loaded, the deferred ones', async () => {
    const deferred = await Promise.all(
      DEFERRED_ROUTES.map(async ({ path, load }) => ({ path, router: await load() })),
    );
    const pairs = (routes: readonly { path: string; router: object }[]) =>
      routes
        .map(({ path, router }) => ({ path, router }))
        .sort((a, b) => a.path.localeCompare(b.path));
    expect(pairs([...COLD_ROUTES, ...deferred])).toEqual(pairs(PUBLIC_ROUTES));
    for (const { router } of [...COLD_ROUTES, ...deferred]) {
      expect(PUBLIC_ROUTES.some((route) => route.router === router)).toBe(true);
    }
  });

  it('answers the cold routes without loading the deferred routes or their services', async () => {
    const { app, loads } = await publicTestApp();
    expect((await app.request('/api/health')).status).toBe(200);
    const page = await app.request('/api/landing-pages/default');
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ slug: 'default', isActive: true });
    const event = await app.request('/api/conversions', {
      method: 'POST',
      headers,
      body: JSON.stringify({ landingPageId: 'default', eventType: 'page_view' }),
    });
    expect(event.status).toBe(202);
    expect(loads.count).toBe(0);
  });

  it('loads the deferred routes and services once, on the first request to one', async () => {
    const { app, loads } = await publicTestApp();
    const lead = (email: string) =>
      app.request('/api/contact', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Dana Whitfield', email, landingPageId: 'default' }),
      });
    const answers = await Promise.all([lead('dana@example-pharma.com'), lead('lee@example.com')]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect((await app.request('/api/preview/no-such-link')).status).toBe(404);
    expect(loads.count).toBe(1);
  });

  it('answers every public route, deferred or not, as the full app does', async () => {
    const full = await testApp();
    const { app } = await publicTestApp();
    await seedDefaultPage(full.services.pages);
    // Each route with made-up parameters and an empty JSON body, a method no route has, and a
    // path below a deferred route that does not exist: errors, 404s and the envelope alike.
    const requests = [
      ...routeTable(PUBLIC_ROUTES).map(({ method, path }) => ({
        method,
        path: path.replace(/:\w+/g, 'no-such-thing'),
      })),
      { method: 'DELETE', path: '/api/contact' },
      { method: 'GET', path: '/api/forms/no/such/path' },
      { method: 'PATCH', path: '/api/preview/no-such-link' },
    ];
    expect(requests.length).toBeGreaterThan(8);
    for (const { method, path } of requests) {
      const send = (on: typeof app) =>
        on.request(path, { method, headers, ...(method === 'GET' ? {} : { body: '{}' }) });
      const [expected, actual] = [await send(full.app), await send(app)];
      const label = `${method} ${path}`;
      expect(actual.status, label).toBe(expected.status);
      expect(await actual.text(), label).toBe(await expected.text());
      expect(actual.headers.get('content-type'), label).toBe(expected.headers.get('content-type'));
    }
  });

  it('names a deferred service a cold route reaches for before it is built', async () => {
    const endpoint = inject('dynamoEndpoint');
    const config = loadConfig({ TABLE_NAME: 'unused', DYNAMODB_ENDPOINT: endpoint });
    const cold = coldVisitorServices(config, { region: 'local', endpoint }, {});
    const app = publicApp(cold, () => Promise.reject(new Error('not loaded in this test')));
    // A cold route that used services.leads: the getter throws, naming it.
    let thrown: unknown;
    app.get('/probe', (c) => {
      try {
        void c.get('services').leads;
      } catch (error) {
        thrown = error;
      }
      return c.body(null, 204);
    });
    expect((await app.request('/api/probe')).status).toBe(204);
    expect(String(thrown)).toContain('services.leads is built with the deferred routes');
    expect(DEFERRED_SERVICES).toContain('leads');
  });
});
