// The dashboard's period report: one period's totals, daily series, events, pages,
// referrers, campaigns and devices over the range's daily counters; the dashboard asks it
// for the range and for the period of the same length before it
// (docs/decisions/0081-analytics-storage-and-reads.md, docs/decisions/0084-analytics-tab.md;
// the folder: docs/decisions/0440-analytics-report-modules.md).
import {
  ANALYTICS_TOP_VALUES,
  conversionRate,
  daysBetween,
  eachDay,
  type AnalyticsPageRow,
  type AnalyticsPeriod,
  type CampaignRow,
  type ReferrerRow,
} from '../../shared/analytics.ts';
import {
  CTA_EVENT_TYPES,
  DEVICE_CLASSES,
  EVENT_TYPES,
  type EventType,
} from '../../shared/events.ts';
import type { DayStats, DimensionCount, PageDayFigures } from '../event-counters.ts';
import { pageLabel, type PageEntry } from './page-directory.ts';

const zeroDimension = (): DimensionCount => ({ visitors: 0, leads: 0 });
const addInto = (target: DimensionCount, source: DimensionCount) => {
  target.visitors += source.visitors;
  target.leads += source.leads;
};
const byFigures = (a: DimensionCount, b: DimensionCount) =>
  b.visitors - a.visitors || b.leads - a.leads;

function sumMaps(days: DayStats[], pick: (stats: DayStats) => Map<string, DimensionCount>) {
  const total = new Map<string, DimensionCount>();
  for (const stats of days) {
    for (const [key, value] of pick(stats)) {
      const entry = total.get(key) ?? zeroDimension();
      addInto(entry, value);
      total.set(key, entry);
    }
  }
  return total;
}

/** The top values by visitors (then leads), the rest added to `other`. */
function topValues(values: Map<string, DimensionCount>, other: DimensionCount) {
  const sorted = [...values].sort(([ka, a], [kb, b]) => byFigures(a, b) || ka.localeCompare(kb));
  for (const [, rest] of sorted.slice(ANALYTICS_TOP_VALUES)) addInto(other, rest);
  return sorted.slice(0, ANALYTICS_TOP_VALUES);
}

const nonEmpty = (figures: DimensionCount) => figures.visitors > 0 || figures.leads > 0;

export function summarize(
  byDay: Map<string, DayStats>,
  from: string,
  to: string,
  pageId: string | undefined,
  directory: Map<string, PageEntry>,
): AnalyticsPeriod {
  const days = eachDay(from, to)
    .map((day) => byDay.get(day))
    .filter((stats) => stats !== undefined);
  const eventCount = (stats: DayStats | undefined, type: EventType) =>
    stats?.events.get(type)?.count ?? 0;

  const daily = eachDay(from, to).map((day) => {
    const stats = byDay.get(day);
    return {
      day,
      visitors: stats?.events.get('page_view')?.visitors ?? 0,
      pageViews: eventCount(stats, 'page_view'),
      leads: stats?.leads ?? 0,
      ctaClicks: CTA_EVENT_TYPES.reduce((sum, type) => sum + eventCount(stats, type), 0),
    };
  });
  const sum = (field: 'visitors' | 'pageViews' | 'leads' | 'ctaClicks') =>
    daily.reduce((total, day) => total + day[field], 0);
  const totals = {
    visitors: sum('visitors'),
    pageViews: sum('pageViews'),
    leads: sum('leads'),
    conversionRate: conversionRate(sum('leads'), sum('visitors')),
  };
  const events = Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      days.reduce((total, stats) => total + eventCount(stats, type), 0),
    ]),
  ) as Record<EventType, number>;

  // Pages: the site's items carry every page's figures; one page's view is its own row.
  const pageFigures = new Map<string, PageDayFigures>();
  if (pageId) {
    pageFigures.set(pageId, {
      pageViews: totals.pageViews,
      visitors: totals.visitors,
      ctaClicks: sum('ctaClicks'),
      leads: totals.leads,
    });
  } else {
    for (const id of directory.keys()) {
      pageFigures.set(id, { pageViews: 0, visitors: 0, ctaClicks: 0, leads: 0 });
    }
    for (const stats of days) {
      for (const [id, figures] of stats.pages) {
        const entry = pageFigures.get(id) ?? { pageViews: 0, visitors: 0, ctaClicks: 0, leads: 0 };
        entry.pageViews += figures.pageViews;
        entry.visitors += figures.visitors;
        entry.ctaClicks += figures.ctaClicks;
        entry.leads += figures.leads;
        pageFigures.set(id, entry);
      }
    }
  }
  const pages: AnalyticsPageRow[] = [...pageFigures].map(([id, figures]) => {
    const entry = pageLabel(id, directory);
    return {
      pageId: id,
      ...entry,
      ...figures,
      conversionRate: conversionRate(figures.leads, figures.visitors),
    };
  });
  pages.sort((a, b) => byFigures(a, b) || a.title.localeCompare(b.title));

  // Referrers: the top hosts, direct visits, and one row for everything else.
  const referrerOther = zeroDimension();
  const referrerDirect = zeroDimension();
  for (const stats of days) {
    addInto(referrerOther, stats.referrersOther);
    addInto(referrerDirect, stats.referrersDirect);
  }
  const referrers: ReferrerRow[] = topValues(
    sumMaps(days, (stats) => stats.referrers),
    referrerOther,
  ).map(([host, figures]) => ({ kind: 'value' as const, host, ...figures }));
  if (nonEmpty(referrerDirect)) referrers.push({ kind: 'direct', host: null, ...referrerDirect });
  referrers.sort(byFigures);
  if (nonEmpty(referrerOther)) referrers.push({ kind: 'other', host: null, ...referrerOther });

  const campaignOther = zeroDimension();
  for (const stats of days) addInto(campaignOther, stats.campaignsOther);
  const campaigns: CampaignRow[] = topValues(
    sumMaps(days, (stats) => stats.campaigns),
    campaignOther,
  ).map(([key, figures]) => {
    const [source = '', medium = '', campaign = ''] = parseCampaign(key);
    return { kind: 'value' as const, source, medium, campaign, ...figures };
  });
  if (nonEmpty(campaignOther)) {
    campaigns.push({ kind: 'other', source: '', medium: '', campaign: '', ...campaignOther });
  }

  const devices = DEVICE_CLASSES.map((device) => {
    const figures = zeroDimension();
    for (const stats of days) {
      const counted = stats.devices.get(device);
      if (counted) addInto(figures, counted);
    }
    return { device, ...figures };
  }).sort(byFigures);

  return {
    from,
    to,
    days: daysBetween(from, to),
    totals,
    events,
    daily,
    pages,
    referrers,
    campaigns,
    devices,
  };
}

function parseCampaign(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(key);
    return Array.isArray(parsed) ? parsed.map(String) : [key];
  } catch {
    return [key];
  }
}
