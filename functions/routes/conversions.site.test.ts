// POST /api/conversions from the site-wide script (site/scripts/site-tracking.ts): the
// marketing pages of functions/shared/site-routes.ts count under `/` + path, with the same
// cookieless rules as the landing pages; anything else that is no landing page is dropped.
import { describe, expect, it } from 'vitest';
import { seedPages, testApp } from '../test/harness.ts';
import { SITE_SCOPE } from '../data/event-counters.ts';

const DAY = '2026-03-02';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visitor = (ip = '203.0.113.7', ua = BROWSER) => ({ 'x-forwarded-for': ip, 'user-agent': ua });

async function app() {
  const test = await testApp({}, { now: () => new Date(`${DAY}T09:00:00Z`) });
  const pages = await seedPages(test.services, ['spring']);
  const id = (slug: string) => pages.find((page) => page.slug === slug)!.id;
  const send = (body: Record<string, unknown>, headers: Record<string, string> = visitor()) =>
    test.json('POST', '/api/conversions', body, headers);
  /** Every event counted today on the site, by type. */
  const siteTotals = async () =>
    Object.fromEntries(
      (await test.services.events.countersForPage(SITE_SCOPE, DAY, DAY)).map((c) => [
        c.eventType,
        c.count,
      ]),
    );
  const counters = (scope: string) => test.services.events.countersForPage(scope, DAY, DAY);
  const events = (scope: string) => test.services.events.eventsForDay(scope, DAY);
  return { ...test, id, send, siteTotals, counters, events };
}

describe('POST /api/conversions: the site-wide script', () => {
  it('counts a marketing page’s view under `/` + its path, with its attribution', async () => {
    const { send, counters, events, siteTotals } = await app();
    const attribution = { referrerHost: 'news.example.com', utmSource: 'newsletter' };
    const response = await send({ landingPageId: 'pricing', eventType: 'page_view', attribution });
    expect(response.status).toBe(202);
    await send({ landingPageId: 'pricing', eventType: 'page_view' }, visitor('203.0.113.8'));
    await send({ landingPageId: 'product/manufacturers', eventType: 'page_view' });

    expect(await counters('/pricing')).toEqual([
      { landingPageId: '/pricing', day: DAY, eventType: 'page_view', count: 2, visitors: 2 },
    ]);
    expect(await counters('/product/manufacturers')).toEqual([
      expect.objectContaining({ eventType: 'page_view', count: 1, visitors: 1 }),
    ]);
    expect(await events('/pricing')).toContainEqual(
      expect.objectContaining({
        pageId: '/pricing',
        landingPageId: 'pricing',
        eventType: 'page_view',
        attribution,
        device: 'desktop',
      }),
    );
    expect(await siteTotals()).toEqual({ page_view: 3 });
  });

  it('drops paths that are no site route and no landing page, and keeps landing pages as they were', async () => {
    const { send, siteTotals, counters, id } = await app();
    for (const landingPageId of [
      'no-such-page',
      'site/pricing',
      'pricing/extra',
      'deep-dive/nope',
      'admin',
    ]) {
      const response = await send({ landingPageId, eventType: 'page_view' });
      expect(response.status, landingPageId).toBe(202);
    }
    expect(await siteTotals()).toEqual({});
    // A landing page counts under its id, as before.
    await send({ landingPageId: 'spring', eventType: 'page_view' });
    await send({ landingPageId: 'spring', eventType: 'hero_primary_cta' });
    expect((await counters(id('spring'))).map((c) => c.eventType).sort()).toEqual([
      'hero_primary_cta',
      'page_view',
    ]);
    expect(await counters('/spring')).toEqual([]);
  });

  it('counts on each kind of page only the events its script sends', async () => {
    const { send, siteTotals } = await app();
    // A landing page's button on a marketing page, the site script's events on a landing page.
    await send({ landingPageId: 'pricing', eventType: 'hero_primary_cta' });
    await send({
      landingPageId: 'spring',
      eventType: 'outbound_click',
      metadata: { source: 'x.com' },
    });
    await send({ landingPageId: 'default', eventType: 'not_found', metadata: { source: '/nope' } });
    // not_found belongs to the 404 page, which sends it instead of a view.
    await send({ landingPageId: 'pricing', eventType: 'not_found', metadata: { source: '/nope' } });
    await send({ landingPageId: '404', eventType: 'page_view' });
    expect(await siteTotals()).toEqual({});
  });

  it('drops bots and visitors sending Global Privacy Control or Do Not Track', async () => {
    const { send, siteTotals } = await app();
    const view = { landingPageId: 'pricing', eventType: 'page_view' };
    for (const headers of [
      { ...visitor(), 'sec-gpc': '1' },
      { ...visitor(), dnt: '1' },
      visitor(
        '203.0.113.7',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ),
      visitor(
        '203.0.113.7',
        'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
      visitor('203.0.113.7', 'Mozilla/5.0 (Linux; Android 11) Chrome-Lighthouse'),
      { 'x-forwarded-for': '203.0.113.7' },
    ]) {
      expect((await send(view, headers)).status).toBe(202);
    }
    expect(await siteTotals()).toEqual({});
    await send(view);
    expect(await siteTotals()).toEqual({ page_view: 1 });
  });

  it('stores the missing path of a 404 page view', async () => {
    const { send, counters, events } = await app();
    const response = await send({
      landingPageId: '404',
      eventType: 'not_found',
      metadata: { source: '/old/brochure.pdf' },
    });
    expect(response.status).toBe(202);
    expect(await counters('/404')).toEqual([
      { landingPageId: '/404', day: DAY, eventType: 'not_found', count: 1, visitors: 1 },
    ]);
    expect(await events('/404')).toEqual([
      expect.objectContaining({
        pageId: '/404',
        landingPageId: '404',
        eventType: 'not_found',
        metadata: { source: '/old/brochure.pdf' },
      }),
    ]);
  });

  it('never stores a query string: a not_found source with one is refused', async () => {
    const { send, counters } = await app();
    for (const source of ['/reset?email=priya%40example.com', '/page#section', 'reset', '']) {
      const response = await send({
        landingPageId: '404',
        eventType: 'not_found',
        metadata: { source },
      });
      expect(response.status, source).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
      expect(Object.keys(body.error.fields)).toContain(source ? 'metadata.source' : 'metadata');
    }
    // A not_found without its path is refused too.
    expect((await send({ landingPageId: '404', eventType: 'not_found' })).status).toBe(400);
    expect(await counters('/404')).toEqual([]);
  });

  it('stores outbound clicks with the host and downloads with the file name', async () => {
    const { send, events } = await app();
    expect(
      (
        await send({
          landingPageId: 'company',
          eventType: 'outbound_click',
          metadata: { source: 'linkedin.com' },
        })
      ).status,
    ).toBe(202);
    expect(
      (
        await send({
          landingPageId: 'logo-download',
          eventType: 'file_download',
          metadata: { source: 'pharmabridge-logo-white.png' },
        })
      ).status,
    ).toBe(202);
    expect(await events('/company')).toEqual([
      expect.objectContaining({
        eventType: 'outbound_click',
        metadata: { source: 'linkedin.com' },
      }),
    ]);
    expect(await events('/logo-download')).toEqual([
      expect.objectContaining({
        eventType: 'file_download',
        metadata: { source: 'pharmabridge-logo-white.png' },
      }),
    ]);
    // A URL is no host (its path and query stay with the visitor), a path no file name.
    for (const [eventType, source] of [
      ['outbound_click', 'https://linkedin.com/in/someone?ref=x'],
      ['outbound_click', 'LinkedIn.com'],
      ['file_download', '../etc/passwd'],
    ] as const) {
      const response = await send({ landingPageId: 'company', eventType, metadata: { source } });
      expect(response.status, source).toBe(400);
    }
  });
});
