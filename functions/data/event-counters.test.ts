import { describe, expect, it } from 'vitest';
import { dayStatsItem, PAIR, toDayStats, type DayStats } from './event-counters.ts';

describe('counter items', () => {
  it('read back as the figures they were written from', () => {
    const stats: DayStats = {
      day: '2026-03-02',
      events: new Map([
        ['page_view', { count: 130, visitors: 100 }],
        ['hero_primary_cta', { count: 6, visitors: 5 }],
      ]),
      leads: 3,
      referrers: new Map([['d', { visitors: 40, leads: 2 }]]),
      referrersDirect: { visitors: 55, leads: 1 },
      referrersOther: { visitors: 5, leads: 0 },
      campaigns: new Map([
        [JSON.stringify(['news', 'email', 'spring']), { visitors: 9, leads: 1 }],
      ]),
      campaignsOther: { visitors: 0, leads: 0 },
      devices: new Map([['mobile', { visitors: 30, leads: 0 }]]),
      pages: new Map([['a1', { pageViews: 130, visitors: 100, ctaClicks: 6, leads: 3 }]]),
      entries: new Map([['a1', 80]]),
      missing: new Map([
        ['/old-pricing', 4],
        ['(other)', 1],
      ]),
      targets: new Map([['form_submit@webinar-2027', { count: 3, visitors: 2 }]]),
      funnel: new Map([
        ['a1b2c3:1', 100],
        ['a1b2c3:2', 4],
      ]),
    };
    const item = dayStatsItem('ALL', stats);
    // A pair holds visitors and leads (or page views and CTA clicks) in one number; a
    // host named "d" does not meet the direct counter.
    expect(item['ref:d']).toBe(40 + 2 * PAIR);
    expect(item['ref:(direct)']).toBe(55 + PAIR);
    expect(item['pc:a1']).toBe(130 + 6 * PAIR);
    expect(item['ref:(slots)']).toBe(1);
    expect(toDayStats(item)).toEqual(stats);
  });
});
