// The analytics dashboard's read: GET /api/admin/analytics for 90 days over 20 pages
// with realistic counters (and the 90 days before, which the answer compares), served
// over HTTP by the API against DynamoDB Local. Measures the median and p99 latency of
// the request and the items it reads. Goal: p99 <= 150 ms and <= 2,000 items read.
//
// The counters of 180 days are written as the counter items the write path keeps (built
// by functions/data/event-counters.ts dayStatsItem, read back through its own reader once to be
// sure), not event by event: 20 pages x 180 days of realistic traffic would be millions
// of events.
import { once } from 'node:events';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { createServices } from '../../functions/services.ts';
import {
  dayStatsItem,
  emptyDayStats,
  DIMENSION_CAP,
  SITE_DIMENSION_CAP,
  SITE_SCOPE,
  type DayStats,
  type DimensionCount,
} from '../../functions/data/event-counters.ts';
import { freePort } from '../../functions/server/dynamo-local.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { LOCAL_COOKIE } from '../../functions/lib/auth.ts';
import { addDays, analyticsResponseSchema } from '../../functions/shared/analytics.ts';
import {
  CTA_EVENT_TYPES,
  DEVICE_CLASSES,
  type DeviceClass,
  type EventType,
} from '../../functions/shared/events.ts';
import { fmt, machineLoad, percentile } from './tools.ts';
import { startAppStack } from './app-stack.ts';

export const ANALYTICS_PAGES = 20;
export const ANALYTICS_DAYS = 90;
const GOAL_P99_MS = 150;
const GOAL_ITEMS = 2000;
const WARM_UP_REQUESTS = 30;

export interface LatencyFigures {
  requests: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  itemsRead: number;
  responseBytes: number;
}

export interface AnalyticsBench {
  pages: number;
  days: number;
  seededItems: number;
  /** Mean size of a seeded page item and site item, in bytes of JSON (about what DynamoDB stores). */
  pageItemBytes: number;
  siteItemBytes: number;
  allPages: LatencyFigures;
  onePage: LatencyFigures;
  /** The all-pages counter query alone (180 site items through the SDK, no HTTP, no summing). */
  siteQuery: { medianMs: number; p99Ms: number };
}

/** Deterministic noise, so two runs measure the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REFERRER_POOL = [
  'google.com',
  'bing.com',
  'linkedin.com',
  'duckduckgo.com',
  'news.ycombinator.com',
  'fiercepharma.com',
  'pharmavoice.com',
  'statnews.com',
  'reddit.com',
  'x.com',
  ...Array.from({ length: 30 }, (_, i) => `partner-${i}.example.org`),
];
/** A dozen campaigns running at a time. */
const CAMPAIGN_POOL = Array.from({ length: 12 }, (_, i) =>
  JSON.stringify([
    ['newsletter', 'linkedin', 'google', 'partner'][i % 4],
    ['email', 'social', 'cpc', 'referral'][i % 4],
    `campaign-${i}`,
  ]),
);
const CTA_SHARE: Record<(typeof CTA_EVENT_TYPES)[number], number> = {
  hero_primary_cta: 0.06,
  nav_cta_click: 0.03,
  pricing_contact: 0.02,
  final_cta_primary: 0.015,
  final_cta_secondary: 0.01,
};
const DEVICE_SHARE: Record<DeviceClass, number> = { desktop: 0.62, mobile: 0.33, tablet: 0.05 };

/** Spreads `total` over `keys` with a long tail (the first keys get the most). */
function spread(total: number, keys: string[], next: () => number): Map<string, number> {
  const weights = keys.map((_, i) => (1 / (i + 1) ** 1.1) * (0.7 + 0.6 * next()));
  const sum = weights.reduce((a, b) => a + b, 0);
  return new Map(keys.map((key, i) => [key, Math.round((total * weights[i]!) / sum)]));
}

function pick<T>(pool: T[], count: number, next: () => number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** One page's day: a few hundred visitors on its best days, most from a few sources. */
function pageDay(day: string, rank: number, next: () => number): DayStats {
  const stats = emptyDayStats(day);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const base = (900 / (rank + 1) ** 0.8) * (weekday === 0 || weekday === 6 ? 0.45 : 1);
  const visitors = Math.max(1, Math.round(base * (0.75 + 0.5 * next())));
  const leads = Math.round(visitors * (0.01 + 0.02 * next()));
  stats.events.set('page_view', { count: Math.round(visitors * 1.3), visitors });
  for (const type of CTA_EVENT_TYPES) {
    const count = Math.round(visitors * CTA_SHARE[type] * (0.6 + 0.8 * next()));
    stats.events.set(type, { count, visitors: Math.round(count * 0.9) });
  }
  stats.events.set('contact_form_submit' as EventType, { count: leads, visitors: leads });
  stats.leads = leads;
  const referred = Math.round(visitors * 0.6);
  const hosts = pick(REFERRER_POOL, DIMENSION_CAP, next);
  const visitorsByHost = spread(Math.round(referred * 0.95), hosts, next);
  const leadsByHost = spread(Math.round(leads * 0.6), hosts, next);
  for (const host of hosts) {
    stats.referrers.set(host, {
      visitors: visitorsByHost.get(host) ?? 0,
      leads: leadsByHost.get(host) ?? 0,
    });
  }
  stats.referrersOther = { visitors: Math.round(referred * 0.05), leads: 0 };
  stats.referrersDirect = {
    visitors: visitors - referred,
    leads: leads - Math.round(leads * 0.6),
  };
  const tagged = pick(CAMPAIGN_POOL, 6, next);
  const visitorsByCampaign = spread(Math.round(visitors * 0.25), tagged, next);
  for (const key of tagged) {
    stats.campaigns.set(key, {
      visitors: visitorsByCampaign.get(key) ?? 0,
      leads: Math.round((visitorsByCampaign.get(key) ?? 0) * 0.02),
    });
  }
  for (const device of DEVICE_CLASSES) {
    stats.devices.set(device, {
      visitors: Math.round(visitors * DEVICE_SHARE[device]),
      leads: Math.round(leads * DEVICE_SHARE[device]),
    });
  }
  return stats;
}

/** The site's day: every page summed, 7 % of visitors seen on two pages, capped dimensions. */
function siteDay(day: string, pages: Map<string, DayStats>): DayStats {
  const site = emptyDayStats(day);
  const add = (target: Map<string, DimensionCount>, key: string, value: DimensionCount) => {
    const entry = target.get(key) ?? { visitors: 0, leads: 0 };
    entry.visitors += value.visitors;
    entry.leads += value.leads;
    target.set(key, entry);
  };
  const referrers = new Map<string, DimensionCount>();
  const campaigns = new Map<string, DimensionCount>();
  for (const [pageId, stats] of pages) {
    for (const [type, counts] of stats.events) {
      const entry = site.events.get(type) ?? { count: 0, visitors: 0 };
      entry.count += counts.count;
      if (type === 'page_view') entry.visitors += Math.round(counts.visitors * 0.93);
      site.events.set(type, entry);
    }
    site.leads += stats.leads;
    for (const [host, value] of stats.referrers) add(referrers, host, value);
    for (const [key, value] of stats.campaigns) add(campaigns, key, value);
    for (const [device, value] of stats.devices)
      add(site.devices as Map<string, DimensionCount>, device, value);
    site.referrersDirect.visitors += stats.referrersDirect.visitors;
    site.referrersDirect.leads += stats.referrersDirect.leads;
    site.referrersOther.visitors += stats.referrersOther.visitors;
    site.pages.set(pageId, {
      pageViews: stats.events.get('page_view')?.count ?? 0,
      visitors: stats.events.get('page_view')?.visitors ?? 0,
      ctaClicks: CTA_EVENT_TYPES.reduce(
        (sum, type) => sum + (stats.events.get(type)?.count ?? 0),
        0,
      ),
      leads: stats.leads,
    });
  }
  const cap = (
    all: Map<string, DimensionCount>,
    kept: Map<string, DimensionCount>,
    other: DimensionCount,
  ) => {
    const sorted = [...all].sort(([, a], [, b]) => b.visitors - a.visitors);
    for (const [key, value] of sorted.slice(0, SITE_DIMENSION_CAP)) kept.set(key, value);
    for (const [, value] of sorted.slice(SITE_DIMENSION_CAP)) {
      other.visitors += value.visitors;
      other.leads += value.leads;
    }
  };
  cap(referrers, site.referrers, site.referrersOther);
  cap(campaigns, site.campaigns, site.campaignsOther);
  return site;
}

async function writeItems(
  db: ReturnType<typeof createServices>['db'],
  table: string,
  items: Record<string, unknown>[],
) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const result = await db.send(
          new BatchWriteCommand({ RequestItems: { [table]: requests } }),
        );
        requests = (result.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** An item as text, attribute order and set order aside. */
const canonical = (item: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(item)
      .sort()
      .map((key) => {
        const value = item[key];
        return [key, value instanceof Set ? [...value].sort() : value];
      }),
  );

async function measure(url: string, cookie: string, requests: number): Promise<LatencyFigures> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${response.status}: ${text}`);
    return { elapsed, text };
  };
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await get();
  const latencies: number[] = [];
  let last = '';
  for (let i = 0; i < requests; i++) {
    const { elapsed, text } = await get();
    latencies.push(elapsed);
    last = text;
  }
  latencies.sort((a, b) => a - b);
  const report = analyticsResponseSchema.parse(JSON.parse(last));
  return {
    requests,
    medianMs: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    itemsRead: report.itemsRead,
    responseBytes: Buffer.byteLength(last),
  };
}

export async function benchAnalytics(options: { requests: number }): Promise<AnalyticsBench> {
  const stack = await startAppStack('analytics', ANALYTICS_PAGES);
  const { services, server, tableName } = stack;
  try {
    const pageIds = stack.pages.map((page) => page.id);

    // 180 days up to today: the measured 90 and the 90 they are compared with.
    const today = new Date().toISOString().slice(0, 10);
    const next = random(20_260_301);
    const items: Record<string, unknown>[] = [];
    let pageBytes = 0;
    let siteBytes = 0;
    let sample: { scope: string; stats: DayStats } | undefined;
    for (let offset = -(2 * ANALYTICS_DAYS - 1); offset <= 0; offset++) {
      const day = addDays(today, offset);
      const pages = new Map(pageIds.map((id, rank) => [id, pageDay(day, rank, next)]));
      for (const [id, stats] of pages) {
        const item = dayStatsItem(id, stats);
        pageBytes += JSON.stringify(item, (_, v: unknown) =>
          v instanceof Set ? [...v] : v,
        ).length;
        items.push(item);
        sample ??= { scope: id, stats };
      }
      const site = dayStatsItem(SITE_SCOPE, siteDay(day, pages));
      siteBytes += canonical(site).length;
      items.push(site);
    }
    await writeItems(services.db, tableName, items);
    // The seeded items read back through the repository as what was meant.
    const [readBack] = await services.events.dayStats(
      sample!.scope,
      sample!.stats.day,
      sample!.stats.day,
    );
    if (
      canonical(dayStatsItem(sample!.scope, readBack!)) !==
      canonical(dayStatsItem(sample!.scope, sample!.stats))
    ) {
      throw new Error('Seeded counter items do not read back as written: the bench is out of date');
    }

    // A signed-in administrator, as the tab calls it.
    const email = 'bench@pharmabridge.test';
    await services.admins.create(email, await hashPassword('bench-harbour-lantern-2026'));
    const session = await services.sessions.create(email, 3600);
    const cookie = `${LOCAL_COOKIE}=${session.id}`;
    const port = await freePort();
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    const from = addDays(today, -(ANALYTICS_DAYS - 1));
    const base = `http://127.0.0.1:${port}/api/admin/analytics?from=${from}&to=${today}`;
    const allPages = await measure(base, cookie, options.requests);
    const onePage = await measure(`${base}&pageId=${pageIds[0]}`, cookie, options.requests);
    const queryTimes: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      const started = performance.now();
      await services.events.dayStats(SITE_SCOPE, addDays(from, -ANALYTICS_DAYS), today);
      queryTimes.push(performance.now() - started);
    }
    queryTimes.sort((a, b) => a - b);
    const pageItems = ANALYTICS_PAGES * 2 * ANALYTICS_DAYS;
    return {
      pages: ANALYTICS_PAGES,
      days: ANALYTICS_DAYS,
      seededItems: items.length,
      pageItemBytes: pageBytes / pageItems,
      siteItemBytes: siteBytes / (2 * ANALYTICS_DAYS),
      allPages,
      onePage,
      siteQuery: { medianMs: percentile(queryTimes, 50), p99Ms: percentile(queryTimes, 99) },
    };
  } finally {
    await stack.stop();
  }
}

export function reportAnalytics(result: AnalyticsBench): string {
  const line = (name: string, figures: LatencyFigures) =>
    `  ${name.padEnd(22)} median ${fmt(figures.medianMs, 1).padStart(6)} ms   p99 ${fmt(figures.p99Ms, 1).padStart(6)} ms   max ${fmt(figures.maxMs, 1).padStart(6)} ms   items read ${fmt(figures.itemsRead)}   answer ${fmt(figures.responseBytes / 1024, 1)} KiB`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const worstP99 = Math.max(result.allPages.p99Ms, result.onePage.p99Ms);
  const worstItems = Math.max(result.allPages.itemsRead, result.onePage.itemsRead);
  return [
    `Analytics dashboard, GET /api/admin/analytics for ${result.days} days and the ${result.days} before (${result.pages} pages, ${fmt(result.seededItems)} counter items seeded; a page item about ${fmt(result.pageItemBytes / 1024, 1)} KiB, a site item ${fmt(result.siteItemBytes / 1024, 1)} KiB; ${result.allPages.requests} sequential requests each after ${WARM_UP_REQUESTS} warm-up)`,
    line('all pages', result.allPages),
    line('one page', result.onePage),
    `  of which the store    median ${fmt(result.siteQuery.medianMs, 1).padStart(6)} ms   p99 ${fmt(result.siteQuery.p99Ms, 1).padStart(6)} ms   (the all-pages counter query alone, through the SDK)`,
    `  p99 <= ${GOAL_P99_MS} ms             ${met(worstP99 <= GOAL_P99_MS)}   (${machineLoad()})`,
    `  items read <= ${fmt(GOAL_ITEMS)}       ${met(worstItems <= GOAL_ITEMS)}`,
  ].join('\n');
}
