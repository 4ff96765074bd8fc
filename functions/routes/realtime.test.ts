// Realtime (issue 25): visitors of the last five minutes by page and source, from page views
// of landing and site pages; a visitor counts once (under their latest view), views older
// than five minutes drop out, bots and opted-out visitors never appear. Real DynamoDB Local
// through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import type { Realtime } from '../shared/analytics.ts';
import { seedPages, testApp } from '../test/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('GET /api/admin/analytics/realtime', () => {
  it('counts each visitor of the last five minutes once, by page and source', async () => {
    let now = new Date('2026-11-27T10:00:00Z').getTime();
    const base = await testApp({}, { now: () => new Date(now) });
    await seedPages(base.services, ['spring']);
    const { cookie } = await base.signIn('sales@pharmabridge.test', 'sales');
    const live = async () =>
      (await (
        await base.json('GET', '/api/admin/analytics/realtime', undefined, { cookie })
      ).json()) as Realtime;
    const view = (ip: string, landingPageId: string, extra: object = {}, headers: object = {}) =>
      base.json(
        'POST',
        '/api/conversions',
        { landingPageId, eventType: 'page_view', ...extra },
        { 'x-forwarded-for': ip, 'user-agent': BROWSER, ...headers },
      );

    // Minute 0: an old visitor, who leaves.
    await view('203.0.113.9', 'spring');
    now += 3 * 60_000;
    // Minute 3: one visitor reads two pages (counted once, under the latest), two others
    // arrive, one of them from LinkedIn; a bot and a GPC visitor are nobody.
    await view('203.0.113.1', 'spring', { attribution: { referrerHost: 'linkedin.com' } });
    await view('203.0.113.2', 'spring');
    await view('203.0.113.3', 'spring');
    now += 1_000;
    await view('203.0.113.3', 'pricing');
    await view('203.0.113.4', 'pricing', {}, { 'user-agent': 'curl/8.5.0' });
    await view('203.0.113.5', 'pricing', {}, { 'sec-gpc': '1' });
    // A CTA click is not a view.
    await base.json(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType: 'hero_primary_cta' },
      { 'x-forwarded-for': '203.0.113.6', 'user-agent': BROWSER },
    );

    let snapshot = await live();
    expect(snapshot).toMatchObject({ visitors: 4, minutes: 5 });
    expect(snapshot.pages).toEqual([
      { path: '/spring', title: 'spring', visitors: 3 },
      { path: '/pricing', title: '/pricing', visitors: 1 },
    ]);
    expect(snapshot.sources).toEqual([
      { source: '(direct)', visitors: 3 },
      { source: 'linkedin.com', visitors: 1 },
    ]);

    // Two minutes later the first visitor's view is more than five minutes old.
    now += 2 * 60_000;
    snapshot = await live();
    expect(snapshot.visitors).toBe(3);
    expect(snapshot.pages.find((page) => page.path === '/spring')?.visitors).toBe(2);
    // And ten minutes later nobody is there.
    now += 10 * 60_000;
    expect((await live()).visitors).toBe(0);
  });
});
