// Goals, entry pages and the 404 list (issue 25): goals of both kinds with their figures in
// GET /api/admin/analytics (the whole site and one page), their validation and roles; one
// goal's figures per page and per source (GET /api/admin/goals/:id/breakdown); the funnel
// built from goals (GET/PUT /api/admin/goals/funnel); the pages visitors' days began on; the
// missing paths asked for. Real DynamoDB Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { analyticsResponseSchema, goalBreakdownSchema, type Goal } from '../shared/analytics.ts';
import { seedPages, testApp } from '../test/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function setUp() {
  const now = new Date('2026-11-20T10:00:00Z');
  const base = await testApp({}, { now: () => now });
  const pages = await seedPages(base.services, ['spring']);
  const spring = pages.find((page) => page.slug === 'spring')!;
  const people: Record<
    string,
    (method: string, path: string, body?: unknown, headers?: object) => Promise<Response>
  > = {};
  for (const role of ['publisher', 'editor'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body, headers = {}) =>
      base.json(method, path, body, { cookie, ...headers });
  }
  const send = (ip: string, landingPageId: string, eventType = 'page_view', extra: object = {}) =>
    base.json(
      'POST',
      '/api/conversions',
      { landingPageId, eventType, ...extra },
      { 'x-forwarded-for': ip, 'user-agent': BROWSER },
    );
  const report = async (query = '') => {
    const response = await people['editor']!(
      'GET',
      `/api/admin/analytics?from=2026-11-20&to=2026-11-20${query}`,
    );
    expect(response.status).toBe(200);
    return analyticsResponseSchema.parse(await response.json());
  };
  return { ...base, as: (who: string) => people[who]!, send, report, spring };
}

describe('goals', () => {
  it('count an event type or views of matching pages, for the site and for one page', async () => {
    const { as, send, report, spring } = await setUp();
    const add = (body: object) => as('publisher')('POST', '/api/admin/goals', body);
    const demo = (await (
      await add({ name: 'Hero demo clicks', kind: 'event', match: 'hero_primary_cta' })
    ).json()) as Goal;
    const product = (await (
      await add({ name: 'Product pages', kind: 'page', match: '/product/*' })
    ).json()) as Goal;
    expect(demo).toMatchObject({ kind: 'event', createdBy: 'publisher@pharmabridge.test' });

    // Visitor 1: the landing page, two hero clicks, then two product pages; visitor 2: the
    // landing page and one click; visitor 3: pricing only.
    await send('203.0.113.1', 'spring');
    await send('203.0.113.1', 'spring', 'hero_primary_cta');
    await send('203.0.113.1', 'spring', 'hero_primary_cta');
    await send('203.0.113.1', 'product/manufacturers');
    await send('203.0.113.1', 'product/suppliers');
    await send('203.0.113.2', 'spring');
    await send('203.0.113.2', 'spring', 'hero_primary_cta');
    await send('203.0.113.3', 'pricing');

    const site = await report();
    expect(site.current.totals.visitors).toBe(3);
    expect(site.goals).toEqual([
      {
        id: demo.id,
        name: 'Hero demo clicks',
        kind: 'event',
        match: 'hero_primary_cta',
        conversions: 3,
        converters: 2,
        conversionRate: 2 / 3,
      },
      {
        id: product.id,
        name: 'Product pages',
        kind: 'page',
        match: '/product/*',
        conversions: 2,
        converters: 2,
        conversionRate: 2 / 3,
      },
    ]);
    // Entry pages: where each visitor's day began.
    expect(site.entryPages.map(({ path, visitors }) => ({ path, visitors }))).toEqual([
      { path: '/spring', visitors: 2 },
      { path: '/pricing', visitors: 1 },
    ]);
    const one = await report(`&pageId=${spring.id}`);
    expect(one.goals.map((goal) => [goal.conversions, goal.converters])).toEqual([
      [3, 2],
      [0, 0],
    ]);
    expect(one.entryPages).toEqual([]);

    expect((await as('editor')('DELETE', `/api/admin/goals/${demo.id}`)).status).toBe(403);
    expect((await as('publisher')('DELETE', `/api/admin/goals/${demo.id}`)).status).toBe(204);
    expect((await as('publisher')('DELETE', `/api/admin/goals/${demo.id}`)).status).toBe(404);
    expect((await report()).goals.map((goal) => goal.name)).toEqual(['Product pages']);
  });

  it('are validated field by field and named once', async () => {
    const { as } = await setUp();
    const add = (body: object) => as('publisher')('POST', '/api/admin/goals', body);
    const fields = async (body: object) => {
      const response = await add(body);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };
    expect(await fields({ name: 'Views', kind: 'event', match: 'page_view' })).toEqual({
      match: [expect.stringMatching(/^must be a tracked event type: hero_primary_cta, /)],
    });
    expect(await fields({ name: 'Bad', kind: 'page', match: 'pricing' })).toEqual({
      match: ['must be a path starting with / (letters, digits, - . _ ~ / and *)'],
    });
    expect(Object.keys((await fields({ name: '', kind: 'page', match: '/x' })) ?? {})).toEqual([
      'name',
    ]);
    expect((await add({ name: 'Pricing', kind: 'page', match: '/pricing' })).status).toBe(201);
    const twice = await add({ name: 'pricing', kind: 'page', match: '/pricing*' });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.fields).toEqual({
      name: ['is already the name of another goal'],
    });
    expect(
      (await as('editor')('POST', '/api/admin/goals', { name: 'X', kind: 'page', match: '/x' }))
        .status,
    ).toBe(403);
  });
});

describe('a goal per page and per source', () => {
  async function visits() {
    const context = await setUp();
    const { as, send } = context;
    const add = async (body: object) =>
      (await (await as('publisher')('POST', '/api/admin/goals', body)).json()) as Goal;
    const demo = await add({ name: 'Hero demo clicks', kind: 'event', match: 'hero_primary_cta' });
    const product = await add({ name: 'Product pages', kind: 'page', match: '/product/*' });
    const from = (host: string) => ({ attribution: { referrerHost: host } });
    // Visitor 1 comes from google.com, clicks twice and reads two product pages (linked from
    // the site: no source of their own); visitor 2 comes directly and clicks once; visitor 3
    // comes to /pricing from news.example and to a product page from it; visitor 4 comes from
    // google.com and does nothing.
    await send('203.0.113.1', 'spring', 'page_view', from('google.com'));
    await send('203.0.113.1', 'spring', 'hero_primary_cta');
    await send('203.0.113.1', 'spring', 'hero_primary_cta');
    await send('203.0.113.1', 'product/manufacturers');
    await send('203.0.113.1', 'product/suppliers');
    await send('203.0.113.2', 'spring');
    await send('203.0.113.2', 'spring', 'hero_primary_cta');
    await send('203.0.113.3', 'pricing', 'page_view', from('news.example'));
    await send('203.0.113.3', 'product/manufacturers', 'page_view', from('news.example'));
    await send('203.0.113.4', 'spring', 'page_view', from('google.com'));
    const breakdown = async (id: string, query = '?from=2026-11-20&to=2026-11-20') => {
      const response = await as('editor')('GET', `/api/admin/goals/${id}/breakdown${query}`);
      expect(response.status).toBe(200);
      return goalBreakdownSchema.parse(await response.json());
    };
    return { ...context, demo, product, breakdown };
  }

  it("an event goal: each page's and each source's events, converters and rate", async () => {
    const { demo, breakdown, spring } = await visits();
    const answer = await breakdown(demo.id);
    expect(answer.goal).toMatchObject({ conversions: 3, converters: 2, conversionRate: 2 / 4 });
    // Spring had three visitors, two of whom clicked.
    expect(answer.pages).toEqual([
      {
        pageId: spring.id,
        title: spring.title,
        path: '/spring',
        conversions: 3,
        converters: 2,
        conversionRate: 2 / 3,
      },
    ]);
    // By the referrer of each visitor's first view: google.com brought two visitors, one of
    // whom clicked twice; one came directly and clicked.
    expect(answer.sources).toEqual([
      { kind: 'value', host: 'google.com', conversions: 2, converters: 1, conversionRate: 1 / 2 },
      { kind: 'direct', host: null, conversions: 1, converters: 1, conversionRate: 1 },
    ]);
    // A day without events: empty tables, not an error.
    const before = await breakdown(demo.id, '?from=2026-11-01&to=2026-11-19');
    expect(before).toMatchObject({ pages: [], sources: [], goal: { conversions: 0 } });
  });

  it("a page goal: each matching page's views and visitors, and visitors per source", async () => {
    const { product, breakdown } = await visits();
    const answer = await breakdown(product.id);
    expect(answer.goal).toMatchObject({ conversions: 3, converters: 3 });
    expect(
      answer.pages.map(({ path, conversions, converters, conversionRate }) => ({
        path,
        conversions,
        converters,
        conversionRate,
      })),
    ).toEqual([
      { path: '/product/manufacturers', conversions: 2, converters: 2, conversionRate: 2 / 4 },
      { path: '/product/suppliers', conversions: 1, converters: 1, conversionRate: 1 / 4 },
    ]);
    // A page's own referrer: visitor 1 reached both from the site itself (direct).
    expect(answer.sources).toEqual([
      { kind: 'direct', host: null, conversions: null, converters: 2, conversionRate: null },
      {
        kind: 'value',
        host: 'news.example',
        conversions: null,
        converters: 1,
        conversionRate: null,
      },
    ]);
  });

  it('refuses an unknown goal, a bad range and a cross-site read', async () => {
    const { as, demo } = await visits();
    const get = (path: string, headers: Record<string, string> = {}) =>
      as('editor')('GET', path, undefined, headers);
    const unknown = '0b9e3c2a-6f1d-4e8a-9c3b-2d7f5a1e4b6c';
    expect(
      (await get(`/api/admin/goals/${unknown}/breakdown?from=2026-11-20&to=2026-11-20`)).status,
    ).toBe(404);
    const bad = await get(`/api/admin/goals/${demo.id}/breakdown?from=2026-11-21&to=2026-11-20`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({
      to: ['must not be before from'],
    });
    const missing = await get(`/api/admin/goals/${demo.id}/breakdown?from=2026-11-20`);
    expect(missing.status).toBe(400);
    expect(Object.keys(((await missing.json()) as ErrorBody).error.fields ?? {})).toEqual(['to']);
    // Figures are private: another site's page cannot read them with the admin's cookie.
    const other = await get(`/api/admin/goals/${demo.id}/breakdown?from=2026-11-20&to=2026-11-20`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(other.status).toBe(403);
  });
});

describe('the funnel from goals', () => {
  it('is 2 to 5 goals in order, set by publishers, read by everyone, and in the report', async () => {
    const { as, send, report, services } = await setUp();
    const add = async (body: object) =>
      (await (await as('publisher')('POST', '/api/admin/goals', body)).json()) as Goal;
    const pricing = await add({ name: 'Pricing', kind: 'page', match: '/pricing' });
    const demo = await add({ name: 'Hero clicks', kind: 'event', match: 'hero_primary_cta' });
    const form = await add({ name: 'Lead form', kind: 'event', match: 'contact_form_submit' });
    const put = (who: string, goalIds: unknown) =>
      as(who)('PUT', '/api/admin/goals/funnel', { goalIds });
    const fields = async (goalIds: unknown) => {
      const response = await put('publisher', goalIds);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };

    // None set: the default funnel.
    expect(await (await as('editor')('GET', '/api/admin/goals/funnel')).json()).toEqual({
      goalIds: [],
    });
    expect((await report()).goalFunnel).toEqual([]);

    expect(await fields([pricing.id])).toEqual({
      goalIds: ['must have at least 2 steps (or none, for the default funnel)'],
    });
    expect(await fields([pricing.id, pricing.id])).toEqual({
      goalIds: ['must name each goal once'],
    });
    expect(Object.keys((await fields(['x', demo.id])) ?? {})).toEqual(['goalIds.0']);
    expect(await fields([pricing.id, '0b9e3c2a-6f1d-4e8a-9c3b-2d7f5a1e4b6c'])).toEqual({
      'goalIds.1': ['is not a goal'],
    });
    expect((await put('editor', [pricing.id, demo.id])).status).toBe(403);

    const order = [pricing.id, demo.id, form.id];
    const saved = await put('publisher', order);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ goalIds: order });
    expect(await (await as('editor')('GET', '/api/admin/goals/funnel')).json()).toEqual({
      goalIds: order,
    });

    // Each step's converters are its goal's, in the report the tab reads.
    await send('203.0.113.1', 'pricing');
    await send('203.0.113.1', 'spring');
    await send('203.0.113.1', 'spring', 'hero_primary_cta');
    await send('203.0.113.2', 'pricing');
    const site = await report();
    expect(site.goalFunnel).toEqual(order);
    expect(
      site.goalFunnel.map((id) => site.goals.find((goal) => goal.id === id)?.converters),
    ).toEqual([2, 1, 0]);
    // The goals list is unchanged by the funnel stored beside it.
    expect(
      ((await (await as('editor')('GET', '/api/admin/goals')).json()) as { goals: Goal[] }).goals,
    ).toHaveLength(3);

    // A deleted goal drops out; fewer than two steps left is the default funnel.
    expect((await as('publisher')('DELETE', `/api/admin/goals/${form.id}`)).status).toBe(204);
    expect((await report()).goalFunnel).toEqual([pricing.id, demo.id]);
    expect((await as('publisher')('DELETE', `/api/admin/goals/${demo.id}`)).status).toBe(204);
    expect((await report()).goalFunnel).toEqual([]);
    // An empty list brings the default back on purpose.
    expect((await put('publisher', [])).status).toBe(200);
    // Each change is in the audit log, by its author, with the steps' names.
    const audit = (await services.audit.list(50)).entries.filter(
      (entry) => entry.action === 'goal-funnel',
    );
    // (Both at the test's fixed time: the log's order between them is not defined.)
    expect(audit.map((entry) => [entry.actor, entry.summary]).sort()).toEqual([
      [
        'publisher@pharmabridge.test',
        'Funnel built from goals: "Pricing" > "Hero clicks" > "Lead form"',
      ],
      ['publisher@pharmabridge.test', 'Funnel set back to the default'],
    ]);
  });
});

describe('the 404 list', () => {
  it('counts the missing paths asked for, most first, without their queries', async () => {
    const { send, report } = await setUp();
    await send('203.0.113.1', '404', 'not_found', { metadata: { source: '/old-pricing' } });
    await send('203.0.113.2', '404', 'not_found', { metadata: { source: '/old-pricing' } });
    await send('203.0.113.3', '404', 'not_found', { metadata: { source: '/typo' } });
    const refused = await send('203.0.113.4', '404', 'not_found', {
      metadata: { source: '/typo?email=someone@example.com' },
    });
    expect(refused.status).toBe(400);
    expect((await report()).notFound).toEqual([
      { path: '/old-pricing', views: 2 },
      { path: '/typo', views: 1 },
    ]);
  });
});
