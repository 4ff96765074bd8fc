// Goals, entry pages and the 404 list (issue 25): goals of both kinds with their figures in
// GET /api/admin/analytics (the whole site and one page), their validation and roles; the
// pages visitors' days began on; the missing paths asked for. Real DynamoDB Local through the
// app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { analyticsResponseSchema, type Goal } from '../shared/analytics.ts';
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
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['publisher', 'editor'] as const) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
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
