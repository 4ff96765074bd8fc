import { describe, expect, it } from 'vitest';
import { seedPages, testApp as freshApp } from '../test/harness.ts';
import { SITE_SCOPE } from '../data/event-counters.ts';
import { LANDING_EVENT_TYPES } from '../shared/events.ts';

/**
 * Events count only for live pages: each test's table has these. Counters are keyed by
 * the page's id, whatever path the browser sent; `id(slug)` gives it.
 */
async function testApp(...args: Parameters<typeof freshApp>) {
  const app = await freshApp(...args);
  const pages = await seedPages(app.services, ['spring-campaign', 'spring']);
  const id = (slug: string) => pages.find((page) => page.slug === slug)!.id;
  return { ...app, id };
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visitor = (ip: string, ua = BROWSER) => ({ 'x-forwarded-for': ip, 'user-agent': ua });

describe('POST /api/conversions: happy paths', () => {
  it('stores the event and counts it per page, day and type', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const { json, services, id } = await testApp({}, { now: () => now });
    const response = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'hero_primary_cta' },
      visitor('203.0.113.7'),
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');

    const events = await services.events.eventsForDay(id('default'), '2026-03-02');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      pageId: id('default'),
      landingPageId: 'default',
      eventType: 'hero_primary_cta',
      createdAt: now.toISOString(),
    });
    // Kept 400 days, then DynamoDB's TTL removes it.
    expect(events[0]?.['expiresAt']).toBe(now.getTime() / 1000 + 400 * 86_400);
    // The visitor is a hash: neither the IP nor the user agent is stored.
    expect(JSON.stringify(events)).not.toContain('203.0.113.7');
    expect(JSON.stringify(events)).not.toContain('Chrome');

    expect(
      await services.events.countersForPage(id('default'), '2026-03-02', '2026-03-02'),
    ).toEqual([
      {
        landingPageId: id('default'),
        day: '2026-03-02',
        eventType: 'hero_primary_cta',
        count: 1,
        visitors: 1,
      },
    ]);
  });

  it('accepts every landing page event type, with metadata, as JSON or as a beacon (text/plain)', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const { app, services, id } = await testApp({}, { now: () => now });
    for (const [index, eventType] of LANDING_EVENT_TYPES.entries()) {
      const response = await app.request('/api/conversions', {
        method: 'POST',
        headers: {
          'content-type': index % 2 ? 'text/plain;charset=UTF-8' : 'application/json',
          ...visitor('203.0.113.7'),
        },
        body: JSON.stringify({
          landingPageId: 'spring-campaign',
          eventType,
          ...(eventType === 'contact_form_submit'
            ? { metadata: { source: 'pricing_section' } }
            : {}),
        }),
      });
      expect(response.status, eventType).toBe(202);
    }
    const counters = await services.events.countersForPage(
      id('spring-campaign'),
      '2026-03-01',
      '2026-03-03',
    );
    expect(counters.map((c) => c.eventType).sort()).toEqual([...LANDING_EVENT_TYPES].sort());
    const events = await services.events.eventsForDay(id('spring-campaign'), '2026-03-02');
    expect(events.find((e) => e['eventType'] === 'contact_form_submit')?.['metadata']).toEqual({
      source: 'pricing_section',
    });
  });

  it('counts every event but each visitor once per page, day and type', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const { json, services, id } = await testApp({}, { now: () => now });
    const view = (headers: Record<string, string>, page = 'default') =>
      json('POST', '/api/conversions', { landingPageId: page, eventType: 'page_view' }, headers);
    await view(visitor('203.0.113.7'));
    await view(visitor('203.0.113.7'));
    await view(visitor('203.0.113.8'));
    // Same IP, another browser: another visitor.
    await view(visitor('203.0.113.7', `${BROWSER} Edg/131.0`));
    await view(visitor('203.0.113.7'), 'legacy/spring');
    expect(
      await services.events.countersForPage(id('default'), '2026-03-02', '2026-03-02'),
    ).toEqual([expect.objectContaining({ eventType: 'page_view', count: 4, visitors: 3 })]);
    // The next UTC day has a new salt and new counters: the visitor counts again.
    now = new Date('2026-03-03T00:00:01Z');
    await view(visitor('203.0.113.7'));
    const days = await services.events.countersForPage(id('default'), '2026-03-02', '2026-03-03');
    expect(days.map((c) => [c.day, c.count, c.visitors])).toEqual([
      ['2026-03-02', 4, 3],
      ['2026-03-03', 1, 1],
    ]);
    // /legacy/spring counts for the spring page, under its id.
    expect(await services.events.countersForPage(id('spring'), '2026-03-02', '2026-03-02')).toEqual(
      [expect.objectContaining({ eventType: 'page_view', count: 1, visitors: 1 })],
    );
    // The site's item counts every page, and a visitor once across pages.
    expect(await services.events.countersForPage(SITE_SCOPE, '2026-03-02', '2026-03-02')).toEqual([
      expect.objectContaining({ eventType: 'page_view', count: 5, visitors: 3 }),
    ]);
  });

  it('rotates the visitor hash daily and keeps it stable within a day', async () => {
    let now = new Date('2026-03-02T09:00:00Z');
    const { services } = await testApp({}, { now: () => now });
    const morning = await services.events.visitorHash('203.0.113.7', BROWSER);
    now = new Date('2026-03-02T23:59:59Z');
    expect(await services.events.visitorHash('203.0.113.7', BROWSER)).toBe(morning);
    now = new Date('2026-03-03T00:00:00Z');
    expect(await services.events.visitorHash('203.0.113.7', BROWSER)).not.toBe(morning);
  });

  it('shares the daily salt between instances without a configured secret', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const a = await testApp({}, { now: () => now });
    const { EventRepository } = await import('../data/events/repository.ts');
    const b = new EventRepository(a.services.db, a.services.tableName, () => now);
    const [first, second] = await Promise.all([
      a.services.events.visitorHash('203.0.113.7', BROWSER),
      b.visitorHash('203.0.113.7', BROWSER),
    ]);
    expect(second).toBe(first);
  });

  it('derives the salt from ANALYTICS_SALT_SECRET when set', async () => {
    const now = new Date('2026-03-02T09:00:00Z');
    const secret = 's'.repeat(40);
    const a = await testApp({ ANALYTICS_SALT_SECRET: secret }, { now: () => now });
    const b = await testApp({ ANALYTICS_SALT_SECRET: secret }, { now: () => now });
    const c = await testApp({ ANALYTICS_SALT_SECRET: 't'.repeat(40) }, { now: () => now });
    const hash = (app: typeof a) => app.services.events.visitorHash('203.0.113.7', BROWSER);
    expect(await hash(b)).toBe(await hash(a));
    expect(await hash(c)).not.toBe(await hash(a));
  });

  it('sets no cookie', async () => {
    const { json } = await testApp();
    const response = await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'default', eventType: 'page_view' },
      visitor('203.0.113.7'),
    );
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
