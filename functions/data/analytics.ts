// The analytics dashboard's figures (GET /api/admin/analytics) from the daily counter
// items of functions/data/events.ts. Reads with queries only: one query for the range
// and its previous period together (they are adjacent days of one partition), plus the
// page records for titles. A 90-day view reads 180 counter items, whether for one page
// or every page (docs/decisions/0081-analytics-storage-and-reads.md). Also one goal's breakdown per
// page and per source (GET /api/admin/goals/:id/breakdown;
// docs/decisions/0160-goal-breakdowns-and-funnels.md).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  ANALYTICS_TOP_VALUES,
  conversionRate,
  daysBetween,
  eachDay,
  previousRange,
  type AnalyticsPageRow,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type CampaignRow,
  type EntryPageRow,
  type Goal,
  type GoalBreakdown,
  type GoalBreakdownQuery,
  type GoalFigures,
  type GoalPageRow,
  type GoalSourceRow,
  type FunnelStepFigures,
  type NotFoundRow,
  type ReferrerRow,
  goalPathMatches,
} from '../shared/analytics.ts';
import { CTA_EVENT_TYPES, DEVICE_CLASSES, EVENT_TYPES, type EventType } from '../shared/events.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import {
  DIRECT_SOURCE,
  eventKey,
  NO_PAGE_SCOPE,
  SITE_SCOPE,
  type DayStats,
  type GoalCount,
  type DimensionCount,
  type EventRepository,
  type PageDayFigures,
} from './events.ts';
import type { LandingPageRepository } from './landing-pages.ts';
import { NOT_FOUND_ROUTE, SITE_SCOPE_PREFIX } from '../shared/site-routes.ts';
import type { GoalRepository } from './goals.ts';
import { DEFAULT_FUNNEL_STEPS, funnelCounter, stepLabel, type FunnelDefinition } from './funnel.ts';
import { GSI1, GSI2, queryAll } from './table.ts';
import { GSI1PK, GSI2PK } from './keys.ts';

export interface AnalyticsSources {
  db: DynamoDBDocumentClient;
  tableName: string;
  events: EventRepository;
  pages: LandingPageRepository;
  /** The goals to report on (none without). */
  goals?: GoalRepository;
  now: () => Date;
}

/** What the pages table shows for a page id. */
interface PageEntry {
  title: string;
  path: string | null;
  kind: AnalyticsPageRow['kind'];
}

export const FORMS_ROW_TITLE = 'Contact page and pilot form';
export const DELETED_ROW_TITLE = 'Deleted page';

const pathOf = (slug: string) => (slug === DEFAULT_SLUG ? '/' : `/${slug}`);

/**
 * The dashboard for `query`, or undefined when it names a page that does not exist (nor
 * was deleted within the restore window).
 */
export async function analyticsReport(
  sources: AnalyticsSources,
  query: AnalyticsQuery,
): Promise<AnalyticsResponse | undefined> {
  const previous = previousRange(query.from, query.to);
  const scope = query.pageId ?? SITE_SCOPE;
  const [days, directory, { goals: goalList, funnel, definition }, missingDays, siteDays] =
    await Promise.all([
      sources.events.dayStats(scope, previous.from, query.to),
      pageDirectory(sources, query.pageId),
      sources.goals
        ? sources.goals.listWithFunnel()
        : Promise.resolve({ goals: [], funnel: [], definition: DEFAULT_FUNNEL }),
      query.pageId
        ? Promise.resolve([])
        : sources.events.dayStats(`${SITE_SCOPE_PREFIX}${NOT_FOUND_ROUTE}`, query.from, query.to),
      // The funnel is the site's (its counters are on the site's items): one page's view
      // reads the site's items of the range for it.
      query.pageId
        ? sources.events.dayStats(SITE_SCOPE, query.from, query.to)
        : Promise.resolve(undefined),
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
  const pathOfId = (id: string) =>
    directory.entries.get(id)?.path ?? (id.startsWith(SITE_SCOPE_PREFIX) ? id : null);
  return {
    page,
    current,
    previous: period(previous.from, previous.to),
    generatedAt: sources.now().toISOString(),
    goals: goalList.map((goal) =>
      goalFigures(goal, inRange, current.totals.visitors, page?.path ?? null, pathOfId),
    ),
    goalFunnel: funnel,
    funnel: funnelFigures(definition, siteDays ?? inRange),
    funnelSince: definition.since,
    entryPages: query.pageId ? [] : entryPages(inRange, directory.entries),
    notFound: notFoundRows(missingDays),
    itemsRead: days.length + directory.itemsRead + missingDays.length + (siteDays?.length ?? 0),
  };
}

const DEFAULT_FUNNEL: FunnelDefinition = {
  version: 'default',
  since: null,
  steps: DEFAULT_FUNNEL_STEPS,
};

/**
 * Each step's visitors over the site's `days`: those who reached it in order, of the
 * funnel's version (docs/decisions/0411-funnels-in-order.md).
 */
function funnelFigures(definition: FunnelDefinition, days: DayStats[]): FunnelStepFigures[] {
  return definition.steps.map((step, index) => ({
    ...stepLabel(step),
    visitors: days.reduce(
      (sum, stats) => sum + (stats.funnel.get(funnelCounter(definition.version, index + 1)) ?? 0),
      0,
    ),
  }));
}

/**
 * The counter name an event goal reads: its type, or its type about one form or one file
 * (docs/decisions/0412-form-and-file-goals.md); undefined for a page goal.
 */
export const goalEventKey = (goal: Goal): string | undefined =>
  goal.kind === 'event'
    ? eventKey(goal.match as EventType, goal.formId ?? goal.assetId)
    : undefined;

/**
 * A goal's figures over `days` (docs/decisions/0159-goals.md): an event goal counts the type's
 * events and its visitor-days (of the site, or of the page asked for); a page goal the views
 * and visitors of the pages whose path matches, a visitor counted once per matching page.
 */
function goalFigures(
  goal: Goal,
  days: DayStats[],
  visitors: number,
  pagePath: string | null,
  pathOfId: (id: string) => string | null,
): GoalFigures {
  let conversions = 0;
  let converters = 0;
  const key = goalEventKey(goal);
  if (key) {
    for (const stats of days) {
      const counts =
        goal.formId || goal.assetId ? stats.targets.get(key) : stats.events.get(key as EventType);
      conversions += counts?.count ?? 0;
      converters += counts?.visitors ?? 0;
    }
  } else if (pagePath !== null) {
    // One page asked for: the goal is its page views when its path matches.
    if (goalPathMatches(goal.match, pagePath)) {
      for (const stats of days) {
        conversions += stats.events.get('page_view')?.count ?? 0;
        converters += stats.events.get('page_view')?.visitors ?? 0;
      }
    }
  } else {
    for (const stats of days) {
      for (const [id, figures] of stats.pages) {
        const path = pathOfId(id);
        if (path === null || !goalPathMatches(goal.match, path)) continue;
        conversions += figures.pageViews;
        converters += figures.visitors;
      }
    }
  }
  return {
    id: goal.id,
    name: goal.name,
    kind: goal.kind,
    match: goal.match,
    ...(goal.formId ? { formId: goal.formId } : {}),
    ...(goal.assetId ? { assetId: goal.assetId } : {}),
    ...(goal.targetName ? { targetName: goal.targetName } : {}),
    conversions,
    converters,
    conversionRate: visitors > 0 ? converters / visitors : null,
  };
}

const TOP_ROWS = 20;

/** A page id's title and path in tables: a landing page, a site page, the forms, or deleted. */
function pageLabel(id: string, directory: Map<string, PageEntry>): PageEntry {
  return (
    directory.get(id) ??
    (id === NO_PAGE_SCOPE
      ? { title: FORMS_ROW_TITLE, path: null, kind: 'forms' }
      : id.startsWith(SITE_SCOPE_PREFIX)
        ? // A marketing page counts under '/' + its path (functions/shared/site-routes.ts).
          { title: id, path: id, kind: 'site' }
        : { title: DELETED_ROW_TITLE, path: null, kind: 'deleted' })
  );
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const byConverters = (a: GoalCount, b: GoalCount) =>
  b.converters - a.converters || b.conversions - a.conversions;

/**
 * One goal's figures over a range of the whole site, per page and per source
 * (docs/decisions/0160-goal-breakdowns-and-funnels.md); undefined for an unknown goal.
 * An event goal reads the site's and the goals' counters of the range; a page goal the
 * site's and each matching page's own (its referrers).
 */
export async function goalBreakdown(
  sources: AnalyticsSources,
  goalId: string,
  range: GoalBreakdownQuery,
): Promise<GoalBreakdown | undefined> {
  const goal = (await sources.goals?.list())?.find((candidate) => candidate.id === goalId);
  if (!goal) return undefined;
  const type = goalEventKey(goal);
  const [siteDays, directory, goalDays] = await Promise.all([
    sources.events.dayStats(SITE_SCOPE, range.from, range.to),
    pageDirectory(sources, undefined),
    type ? sources.events.goalDayStats(range.from, range.to) : Promise.resolve([]),
  ]);
  const pathOfId = (id: string) =>
    directory.entries.get(id)?.path ?? (id.startsWith(SITE_SCOPE_PREFIX) ? id : null);
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

function entryPages(days: DayStats[], directory: Map<string, PageEntry>): EntryPageRow[] {
  const sums = new Map<string, number>();
  for (const stats of days) {
    for (const [id, count] of stats.entries) sums.set(id, (sums.get(id) ?? 0) + count);
  }
  return [...sums]
    .map(([pageId, visitors]) => {
      const entry = directory.get(pageId);
      const site = pageId.startsWith(SITE_SCOPE_PREFIX);
      return {
        pageId,
        title: entry?.title ?? (site ? pageId : DELETED_ROW_TITLE),
        path: entry?.path ?? (site ? pageId : null),
        visitors,
      };
    })
    .sort((a, b) => b.visitors - a.visitors || a.title.localeCompare(b.title))
    .slice(0, TOP_ROWS);
}

function notFoundRows(days: DayStats[]): NotFoundRow[] {
  const sums = new Map<string, number>();
  for (const stats of days) {
    for (const [path, views] of stats.missing) sums.set(path, (sums.get(path) ?? 0) + views);
  }
  const other = sums.get('(other)') ?? 0;
  sums.delete('(other)');
  const rows = [...sums]
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  const extra = rows.slice(TOP_ROWS).reduce((sum, row) => sum + row.views, 0) + other;
  return [...rows.slice(0, TOP_ROWS), ...(extra ? [{ path: '(other)', views: extra }] : [])];
}

/**
 * Titles and paths: every page for the all-pages table, or just the one asked for.
 * The lists are landing-pages.ts's own access patterns ("all pages", gsi1 PAGES, and
 * "deleted pages", gsi2 DELETED) projected to the four fields shown here: a page item
 * carries its whole content (about 15 KB), which this table never needs.
 */
async function pageDirectory(sources: AnalyticsSources, pageId: string | undefined) {
  const entries = new Map<string, PageEntry>();
  const headers = (index: string, partition: string) =>
    queryAll<{ id: string; title: string; slug: string; isActive?: boolean; expiresAt?: number }>(
      sources.db,
      {
        TableName: sources.tableName,
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: 'id, title, slug, isActive, expiresAt',
        ExpressionAttributeNames: { '#pk': `${index}pk` },
        ExpressionAttributeValues: { ':pk': partition },
      },
    );
  const single = pageId ? await sources.pages.getById(pageId) : undefined;
  const live = pageId ? (single ? [single] : []) : await headers(GSI1, GSI1PK.pages);
  let itemsRead = pageId ? 1 : live.length;
  for (const page of live) {
    entries.set(page.id, {
      title: page.title,
      path: pathOf(page.slug),
      kind: page.isActive ? 'live' : 'inactive',
    });
  }
  if (!pageId || entries.size === 0) {
    // A page deleted within the restore window keeps its title in the table. TTL deletes
    // lazily, so an expired item may still be read; it is ignored.
    const deleted = await headers(GSI2, GSI2PK.deleted);
    itemsRead += deleted.length;
    const nowSeconds = sources.now().getTime() / 1000;
    for (const page of deleted) {
      if (Number(page.expiresAt) <= nowSeconds || entries.has(page.id)) continue;
      if (!pageId || page.id === pageId) {
        entries.set(page.id, { title: page.title, path: pathOf(page.slug), kind: 'deleted' });
      }
    }
  }
  return { entries, itemsRead };
}

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

function summarize(
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
