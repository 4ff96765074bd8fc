// The analytics dashboard (GET /api/admin/analytics, the shared dashboard and the weekly
// e-mail) from the daily counter items of functions/data/events/reads.ts: it reads, then asks
// each report of this folder for its part. Reads with queries only: one query for the
// range and its previous period together (they are adjacent days of one partition), plus
// the page records for titles. A 90-day view reads 180 counter items, whether for one page
// or every page (docs/decisions/0081-analytics-storage-and-reads.md; the folder:
// docs/decisions/0440-analytics-report-modules.md).
import {
  previousRange,
  type AnalyticsResponse,
  type AnalyticsTotals,
} from '../../shared/analytics.ts';
import { NOT_FOUND_ROUTE, SITE_SCOPE_PREFIX } from '../../shared/site-routes.ts';
import { localeScope, SITE_SCOPE, type DayStats } from '../event-counters.ts';
import { entryPages } from './entry-pages.ts';
import { DEFAULT_FUNNEL, funnelFigures } from './funnel.ts';
import { goalFigures } from './goals.ts';
import { notFoundRows } from './not-found.ts';
import { pageDirectory, pathsOf } from './page-directory.ts';
import { summarize } from './period.ts';
import type { AnalyticsSources, ReportQuery } from './query.ts';

/**
 * The dashboard for `query`, or undefined when it names a page that does not exist (nor
 * was deleted within the restore window).
 */
export async function analyticsReport(
  sources: AnalyticsSources,
  query: ReportQuery,
): Promise<AnalyticsResponse | undefined> {
  const previous = previousRange(query.from, query.to);
  // One page's items, one locale's (docs/decisions/0574-analytics-by-locale.md), or the site's.
  const scope = query.pageId ?? (query.locale ? localeScope(query.locale) : SITE_SCOPE);
  const siteWide = scope === SITE_SCOPE;
  const [days, directory, { goals: goalList, funnel, definition }, missingDays, siteDays] =
    await Promise.all([
      sources.events.dayStats(scope, previous.from, query.to),
      pageDirectory(sources, query.pageId, query.locale),
      sources.goals
        ? sources.goals.listWithFunnel()
        : Promise.resolve({ goals: [], funnel: [], definition: DEFAULT_FUNNEL }),
      query.pageId
        ? Promise.resolve([])
        : sources.events.dayStats(`${SITE_SCOPE_PREFIX}${NOT_FOUND_ROUTE}`, query.from, query.to),
      // The funnel is the site's (its counters are on the site's items): one page's or one
      // locale's view reads the site's items of the range for it (a locale's view for its
      // goals too: their visitors are counted on the site's items only).
      siteWide
        ? Promise.resolve(undefined)
        : sources.events.dayStats(SITE_SCOPE, query.from, query.to),
    ]);
  let page: AnalyticsResponse['page'] = null;
  if (query.pageId) {
    const entry = directory.entries.get(query.pageId);
    if (!entry) return undefined;
    page = { id: query.pageId, title: entry.title, path: entry.path };
  }
  const byDay = new Map(days.map((stats) => [stats.day, stats]));
  const period = (from: string, to: string) =>
    summarize(byDay, from, to, query.pageId, directory.entries);
  const current = period(query.from, query.to);
  const inRange = days.filter((stats) => stats.day >= query.from && stats.day <= query.to);
  const pathOfId = pathsOf(directory.entries);
  return {
    page,
    current,
    previous: period(previous.from, previous.to),
    generatedAt: sources.now().toISOString(),
    goals: goalList.map((goal) =>
      query.locale && siteDays
        ? goalFigures(goal, siteDays, visitorsOf(siteDays), null, pathOfId)
        : goalFigures(goal, inRange, current.totals.visitors, page?.path ?? null, pathOfId),
    ),
    goalFunnel: funnel,
    funnel: funnelFigures(definition, siteDays ?? inRange),
    funnelSince: definition.since,
    entryPages: query.pageId ? [] : entryPages(inRange, directory.entries),
    notFound: notFoundRows(missingDays),
    itemsRead: days.length + directory.itemsRead + missingDays.length + (siteDays?.length ?? 0),
  };
}

/**
 * One locale's totals over `range` and the period before it, from its counters alone (the
 * weekly e-mail's "By language": no page, goal or 404 reads).
 */
export async function localeTotals(
  sources: Pick<AnalyticsSources, 'events'>,
  range: { from: string; to: string },
  locale: string,
): Promise<{ current: AnalyticsTotals; previous: AnalyticsTotals }> {
  const previous = previousRange(range.from, range.to);
  const days = await sources.events.dayStats(localeScope(locale), previous.from, range.to);
  const byDay = new Map(days.map((stats) => [stats.day, stats]));
  const totals = (from: string, to: string) =>
    summarize(byDay, from, to, undefined, new Map()).totals;
  return { current: totals(range.from, range.to), previous: totals(previous.from, previous.to) };
}

/** The visitors of a range of the site's days (the goals' rate under a locale's view). */
const visitorsOf = (days: DayStats[]) =>
  days.reduce((total, stats) => total + (stats.events.get('page_view')?.visitors ?? 0), 0);
