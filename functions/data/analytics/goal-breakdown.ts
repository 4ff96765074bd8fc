// A goal's breakdown report: one goal's conversions, converters and rate over a range of
// the whole site, per page and per source (GET /api/admin/goals/:id/breakdown;
// docs/decisions/0160-goal-breakdowns-and-funnels.md; the folder:
// docs/decisions/0440-analytics-report-modules.md). Admin only: the public function's
// shared dashboard never imports it.
import {
  goalPathMatches,
  type GoalBreakdown,
  type GoalPageRow,
  type GoalSourceRow,
} from '../../shared/analytics.ts';
import { DIRECT_SOURCE, SITE_SCOPE, type PageDayFigures } from '../event-counters.ts';
import type { GoalCount } from '../goal-counters.ts';
import { goalEventKey, goalFigures } from './goals.ts';
import { pageDirectory, pageLabel, pathsOf } from './page-directory.ts';
import { TOP_ROWS, type AnalyticsSources, type ReportQuery } from './query.ts';

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const byConverters = (a: GoalCount, b: GoalCount) =>
  b.converters - a.converters || b.conversions - a.conversions;

/**
 * One goal's figures over a range of the whole site, per page and per source
 * (docs/decisions/0160-goal-breakdowns-and-funnels.md); undefined for an unknown goal.
 * An event goal reads the site's and the goals' counters of the range; a page goal the
 * site's and each matching page's own (its referrers). The query's page filter does not
 * apply: a breakdown is always the whole site's.
 */
export async function goalBreakdown(
  sources: AnalyticsSources,
  goalId: string,
  range: ReportQuery,
): Promise<GoalBreakdown | undefined> {
  const goal = (await sources.goals?.list())?.find((candidate) => candidate.id === goalId);
  if (!goal) return undefined;
  const type = goalEventKey(goal);
  const [siteDays, directory, goalDays] = await Promise.all([
    sources.events.dayStats(SITE_SCOPE, range.from, range.to),
    pageDirectory(sources, undefined),
    type ? sources.events.goalDayStats(range.from, range.to) : Promise.resolve([]),
  ]);
  const pathOfId = pathsOf(directory.entries);
  const siteVisitors = siteDays.reduce(
    (sum, stats) => sum + (stats.events.get('page_view')?.visitors ?? 0),
    0,
  );
  const figures = goalFigures(goal, siteDays, siteVisitors, null, pathOfId);
  // Each page's figures of the range, from the site's items.
  const sitePages = new Map<string, PageDayFigures>();
  for (const stats of siteDays) {
    for (const [id, day] of stats.pages) {
      const entry = sitePages.get(id) ?? { pageViews: 0, visitors: 0, ctaClicks: 0, leads: 0 };
      entry.pageViews += day.pageViews;
      entry.visitors += day.visitors;
      sitePages.set(id, entry);
    }
  }
  const row = (id: string, counts: GoalCount, rate: number | null): GoalPageRow => {
    const { title, path } = pageLabel(id, directory.entries);
    return { pageId: id, title, path, ...counts, conversionRate: rate };
  };
  let pages: GoalPageRow[];
  let sourceRows: GoalSourceRow[];
  let extraItems = goalDays.length;
  if (type) {
    const byPage = sumGoalCounts(goalDays.map((stats) => stats.pages.get(type)));
    pages = [...byPage].map(([id, counts]) =>
      row(id, counts, ratio(counts.converters, sitePages.get(id)?.visitors ?? 0)),
    );
    // Each source's visitors, as the Sources table counts them (the site's items).
    const visitorsOf = new Map<string, number>();
    for (const stats of siteDays) {
      for (const [host, counts] of stats.referrers) {
        visitorsOf.set(host, (visitorsOf.get(host) ?? 0) + counts.visitors);
      }
      visitorsOf.set(
        DIRECT_SOURCE,
        (visitorsOf.get(DIRECT_SOURCE) ?? 0) + stats.referrersDirect.visitors,
      );
    }
    const bySource = sumGoalCounts(goalDays.map((stats) => stats.sources.get(type)));
    sourceRows = sourceTable(bySource, figures, (host, counts) =>
      ratio(counts.converters, visitorsOf.get(host) ?? 0),
    );
  } else {
    const matching = [...sitePages].filter(([id]) => {
      const path = pathOfId(id);
      return path !== null && goalPathMatches(goal.match, path);
    });
    pages = matching.map(([id, page]) =>
      row(
        id,
        { conversions: page.pageViews, converters: page.visitors },
        ratio(page.visitors, siteVisitors),
      ),
    );
    // A page's visitors by the referrer of their first view of it that day (its own items).
    const pageDays = await Promise.all(
      matching.map(([id]) => sources.events.dayStats(id, range.from, range.to)),
    );
    extraItems = pageDays.reduce((sum, days) => sum + days.length, 0);
    const bySource = new Map<string, GoalCount>();
    let other = 0;
    const addSource = (host: string, visitors: number) => {
      const entry = bySource.get(host) ?? { conversions: 0, converters: 0 };
      entry.converters += visitors;
      bySource.set(host, entry);
    };
    for (const stats of pageDays.flat()) {
      for (const [host, counts] of stats.referrers) addSource(host, counts.visitors);
      if (stats.referrersDirect.visitors) addSource(DIRECT_SOURCE, stats.referrersDirect.visitors);
      other += stats.referrersOther.visitors;
    }
    sourceRows = sourceTable(
      bySource,
      { conversions: 0, converters: other + sumOf(bySource) },
      () => null,
    ).map((source) => ({ ...source, conversions: null }));
  }
  pages = pages
    .filter((page) => page.conversions > 0 || page.converters > 0)
    .sort((a, b) => byConverters(a, b) || a.title.localeCompare(b.title));
  return {
    goal: figures,
    from: range.from,
    to: range.to,
    pages,
    sources: sourceRows,
    generatedAt: sources.now().toISOString(),
    itemsRead: siteDays.length + directory.itemsRead + extraItems,
  };
}

/** Adds up per-key goal counts of several days (absent days count nothing). */
function sumGoalCounts(days: (Map<string, GoalCount> | undefined)[]): Map<string, GoalCount> {
  const total = new Map<string, GoalCount>();
  for (const day of days) {
    for (const [key, counts] of day ?? []) {
      const entry = total.get(key) ?? { conversions: 0, converters: 0 };
      entry.conversions += counts.conversions;
      entry.converters += counts.converters;
      total.set(key, entry);
    }
  }
  return total;
}

const sumOf = (counts: Map<string, GoalCount>) =>
  [...counts.values()].reduce((sum, entry) => sum + entry.converters, 0);

/**
 * The source rows: the top hosts and direct by converters, then one Other row for what no
 * named row holds (`total` minus the named counts: values past the cap, days before the
 * goals' counters existed).
 */
function sourceTable(
  bySource: Map<string, GoalCount>,
  total: GoalCount,
  rateOf: (host: string, counts: GoalCount) => number | null,
): GoalSourceRow[] {
  const sorted = [...bySource]
    .filter(([, counts]) => counts.conversions > 0 || counts.converters > 0)
    .sort(([ha, a], [hb, b]) => byConverters(a, b) || ha.localeCompare(hb));
  const named = sorted.slice(0, TOP_ROWS);
  const rows: GoalSourceRow[] = named.map(([host, counts]) => ({
    kind: host === DIRECT_SOURCE ? ('direct' as const) : ('value' as const),
    host: host === DIRECT_SOURCE ? null : host,
    ...counts,
    conversionRate: rateOf(host, counts),
  }));
  const other = {
    conversions: Math.max(0, total.conversions - named.reduce((s, [, c]) => s + c.conversions, 0)),
    converters: Math.max(0, total.converters - named.reduce((s, [, c]) => s + c.converters, 0)),
  };
  if (other.conversions > 0 || other.converters > 0) {
    rows.push({ kind: 'other', host: null, ...other, conversionRate: null });
  }
  return rows;
}
