import { describe, expect, it } from 'vitest';
import { seedPages, testApp as freshApp } from '../test/harness.ts';
import { SITE_SCOPE } from '../data/event-counters.ts';
import { isBot } from './support/intake.ts';

/** Events count only for live pages: each test's table has these. */
async function testApp(...args: Parameters<typeof freshApp>) {
  const app = await freshApp(...args);
  const pages = await seedPages(app.services, ['spring-campaign', 'spring']);
  const id = (slug: string) => pages.find((page) => page.slug === slug)!.id;
  /** The site's counters of a day (every page). */
  const siteCounters = (day: string) => app.services.events.countersForPage(SITE_SCOPE, day, day);
  return { ...app, id, siteCounters };
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const event = { landingPageId: 'default', eventType: 'page_view' };
const DAY = '2026-03-02';

async function app() {
  return testApp({}, { now: () => new Date(`${DAY}T09:00:00Z`) });
}

describe('POST /api/conversions: bots and opted-out visitors', () => {
  it('drops bots silently with 202', async () => {
    const { json, services, id, siteCounters } = await app();
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11) Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Wget/1.21.4',
    ]) {
      const response = await json('POST', '/api/conversions', event, { 'user-agent': ua });
      expect(response.status, ua).toBe(202);
    }
    // No user agent at all is not a browser either.
    expect((await json('POST', '/api/conversions', event)).status).toBe(202);
    expect(await siteCounters(DAY)).toEqual([]);
    expect(await services.events.eventsForDay(id('default'), DAY)).toEqual([]);
  });

  it('recognises ordinary browsers as people', () => {
    expect(isBot(BROWSER)).toBe(false);
    expect(
      isBot(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe(false);
    expect(
      isBot('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe(false);
  });

  it('does not track visitors sending Global Privacy Control or Do Not Track', async () => {
    const { json, siteCounters } = await app();
    const gpc = await json('POST', '/api/conversions', event, {
      'user-agent': BROWSER,
      'sec-gpc': '1',
    });
    expect(gpc.status).toBe(202);
    const dnt = await json('POST', '/api/conversions', event, { 'user-agent': BROWSER, dnt: '1' });
    expect(dnt.status).toBe(202);
    expect(await siteCounters(DAY)).toEqual([]);
    // The same request without the signal is counted.
    await json('POST', '/api/conversions', event, { 'user-agent': BROWSER });
    expect(await siteCounters(DAY)).toHaveLength(1);
  });

  it('loses no increment under concurrent writes', async () => {
    const { json, services, id } = await app();
    const total = 60;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        json('POST', '/api/conversions', event, {
          'user-agent': BROWSER,
          'x-forwarded-for': `203.0.113.${i % 20}`,
        }),
      ),
    );
    expect(responses.every((r) => r.status === 202)).toBe(true);
    const [counter] = await services.events.countersForPage(id('default'), DAY, DAY);
    expect(counter).toMatchObject({ count: total, visitors: 20 });
    expect(await services.events.eventsForDay(id('default'), DAY)).toHaveLength(total);
  });
});

describe('POST /api/conversions: junk and floods (hardening hole 9)', () => {
  const BROWSER_UA =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  it('counts only pages that exist and are live, and drops the rest silently with 202', async () => {
    const { json, services, siteCounters } = await app();
    const draft = await services.pages.create({
      title: 'Draft',
      slug: 'draft-page',
      isActive: false,
      content: {},
    } as Parameters<typeof services.pages.create>[0]);
    const junk = [
      'junk-page',
      'x/y/z',
      'legacy/nope',
      draft.slug,
      `legacy/${draft.slug}`,
      draft.id,
    ];
    for (const landingPageId of junk) {
      const response = await json(
        'POST',
        '/api/conversions',
        { landingPageId, eventType: 'page_view' },
        { 'user-agent': BROWSER_UA, 'x-forwarded-for': '203.0.113.5' },
      );
      expect(response.status, landingPageId).toBe(202);
    }
    expect(await siteCounters(DAY)).toEqual([]);
    // The real pages, by path, legacy path, and the default page's id, are counted.
    const defaultPage = await services.pages.getBySlug('default');
    for (const landingPageId of ['default', 'spring', 'legacy/spring', defaultPage!.id]) {
      await json(
        'POST',
        '/api/conversions',
        { landingPageId, eventType: 'page_view' },
        { 'user-agent': BROWSER_UA, 'x-forwarded-for': '203.0.113.5' },
      );
    }
    const counted = (await siteCounters(DAY)).reduce((n, c) => n + c.count, 0);
    expect(counted).toBe(4);
  });

  it('caps events per visitor and minute, dropping the excess silently', async () => {
    let now = new Date(`${DAY}T09:00:00Z`);
    const { json, siteCounters } = await testApp(
      { CONVERSION_RATE_LIMIT: '5' },
      { now: () => now },
    );
    const send = (ip: string) =>
      json('POST', '/api/conversions', event, { 'user-agent': BROWSER_UA, 'x-forwarded-for': ip });
    for (let i = 0; i < 12; i++) expect((await send('203.0.113.5')).status).toBe(202);
    // Another visitor is not affected.
    await send('203.0.113.6');
    const count = async () => (await siteCounters(DAY)).reduce((n, c) => n + c.count, 0);
    expect(await count()).toBe(6);
    // The next minute, the visitor counts again.
    now = new Date(`${DAY}T09:01:00Z`);
    await send('203.0.113.5');
    expect(await count()).toBe(7);
  });
});
