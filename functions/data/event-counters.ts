// The encoding of the daily counter items the analytics dashboard reads
// (docs/decisions/0081-analytics-storage-and-reads.md): attribute names, pair counters, and the
// dimension caps. The writes live in functions/data/events/ (recording.ts, store.ts), the keys in
// functions/data/keys.ts, the goals item's reading in functions/data/goal-counters.ts, the
// shard choice in functions/data/counter-shards.ts (docs/decisions/0441-data-modules-by-concern.md).
//
// One counter item per scope and day holds every figure of that day as its own top-level
// attribute, so one atomic UpdateItem with ADD counts an event without reading first, and
// a dashboard over N days reads N items per scope:
//   n:<type>, v:<type> ....... events of a type, and visitors (a visitor's first event of
//                              that type that day; on ALL only v:page_view, across pages)
//   leads .................... contact submissions (spam excluded)
//   ref:<source> ............. visitors and leads by source (a pair, see below): the
//                              utm_source tag, else the referrer's host (visitSource in
//                              functions/shared/attribution.ts); ref:(direct) without either,
//                              ref:(other) past the cap
//   cmp:<json> ............... the same by campaign, <json> = ["source","medium","campaign"];
//                              cmp:(other) past the cap
//   dev:<class> .............. the same by device class (desktop, mobile, tablet)
//   ref:(slots), cmp:(slots) . how many values have their own counter
//   pl:<pageId>, pc:<pageId> . on ALL only: each page's visitors and leads, and its page
//                              views and CTA clicks, so the all-pages table needs no page item
//   n:<type>@<target>, v:... . the same as n:/v: for an event about one form or one file: a
//                              form sent (form_submit@<formId>) or a gated file downloaded
//                              (file_download@<assetId>), what form and file goals read
//                              (docs/decisions/0412-form-and-file-goals.md)
//   fn:<version>:<step> ...... on ALL only: visitors who reached the funnel's step in order
//                              that day, for the funnel of that version
//                              (docs/decisions/0411-funnels-in-order.md)
// A pair is one number holding two counts, first + second x PAIR (1e9): ADD 1 counts a
// visitor (or page view), ADD 1e9 a lead (or CTA click); 2000000015 reads "2 leads, 15
// visitors". It halves the attributes a breakdown needs, and an item's size is what a
// read costs. A day never has a billion visitors of one value, and the second count stays
// exact up to 9 million a day (JavaScript's safe integers; DynamoDB keeps 38 digits).
// Hosts cannot hold parentheses, a utm_source spelling one of these names is no source
// (visitSource), and campaign keys start with '[', so (direct), (other) and (slots) never
// meet a value. Values of ref and cmp come from visitors, so each has a
// cap per item (DIMENSION_CAP per page, SITE_DIMENSION_CAP for ALL): the first values of
// the day get a counter and later new ones count as other. A new counter is created only
// under the condition that the slot count is below the cap (see count()), so concurrent
// writers cannot pass it. A visitor is attributed at their first page view of the day
// (page-level) or of the site (ALL).
//
// Shards (issue 25, docs/decisions/0082-sharded-counters.md): a
// scope-day's counters are spread over 1, 4, 16, 64 or 256 items (DAY#<day> is shard 0,
// DAY#<day>#<n> the others), chosen per event by CounterShards (counter-shards.ts) from the write rate the
// items themselves report (each update adds 1 to `writes` and returns it), and summed at
// read by mergeDayStats. A quiet day stays one item, as before. The caps hold per shard:
// each shard item gives the first DIMENSION_CAP (SITE_DIMENSION_CAP) values it sees a
// counter, so a value may be named in one shard and counted as other in another; the
// reader adds the named counts by value and the other counts into (other), so totals stay
// exact and a value's named figure is never more than it really had.
//
// The goals' item (issue 25, docs/decisions/0160-goal-breakdowns-and-funnels.md): one
// more scope, GOAL_EVENTS (STATS#GOAL_EVENTS, sharded like every scope), updated by every
// event but a page view (a button, a lead form, an outbound click, a download, a 404), so
// page views, the bulk of events, still update two counter items:
//   pe:<type>:<pageId> ....... the type's events on the page and its visitors there (a pair:
//                              events + visitors x PAIR; a visitor's first of the type on
//                              the page that day); <type> may be <type>@<target> too (above)
//   gs:<json> ................ the same by source, <json> = ["<type>","<source>"], the source
//                              of the visitor's first page view of the day ((direct) without
//                              one: the visit the Sources table counts them under), visitors
//                              at their first event of the type on the site that day; capped
//                              (GOAL_SOURCE_CAP), gs:(other) past it
// Page goals need nothing new: the site's pl:/pc: give them per page, and each matching
// page's own ref: counters per source.
//
// A locale's items (issue 39, docs/decisions/0574-analytics-by-locale.md): on a site with
// more than one locale configured, one more scope per locale, LOCALE#<locale> (localeScope),
// sharded like every scope and written like ALL for the events counted in that locale (the
// page's `<html lang>`; absent or not configured: the default locale): n:<type>,
// v:page_view (a visitor's first view in that locale that day), pl:/pc: per page (a
// visitor's first view of the page in that locale), en:, ref:, cmp:, dev:, leads, and
// n:<type>@<target>. Not fn:, not v:<type> of other events (the funnel and goals stay the
// site's). A page view on such a site updates three counter items.
//
// Budget: a 90-day all-pages view reads 180 ALL items on quiet days (the range and the
// previous period), and one item more per shard of a busy day.
import {
  DEVICE_CLASSES,
  EVENT_TYPES,
  type Attribution,
  type DeviceClass,
  type EventType,
} from '../shared/events.ts';
import { visitSource } from '../shared/attribution.ts';
import { keys, localeScope, NO_PAGE_SCOPE, SITE_SCOPE } from './keys.ts';

export { localeScope, NO_PAGE_SCOPE, SITE_SCOPE };

/** Referrers and campaigns with their own counter, per page and day. */
export const DIMENSION_CAP = 20;
/** The same for the whole site's item, which sees every page's values. */
export const SITE_DIMENSION_CAP = 30;
/** The goals' counters (see the header): events by page and by source of every type but views. */
export const GOALS_SCOPE = 'GOAL_EVENTS';
/** Type-and-source values with their own counter on a goals item. */
export const GOAL_SOURCE_CAP = 20;
/** The source of a visit without a referrer. */
export const DIRECT_SOURCE = '(direct)';
/** A pair counter holds first + second x PAIR (see the encoding above). */
export const PAIR = 1_000_000_000;
const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
/** Between an event type and what it is about (a form's id, a file's id) in a counter's name. */
export const TARGET_SEPARATOR = '@';

/**
 * The counter name of an event (`form_submit`), or of an event about one form or file
 * (`form_submit@webinar-2027`): form ids and asset ids hold no `@` and no `:`.
 */
export const eventKey = (type: EventType, target?: string): string =>
  target ? `${type}${TARGET_SEPARATOR}${target}` : type;

/** Whether a counter name is an event type, or a type about a form or file. */
export const isEventKey = (key: string) => EVENT_TYPE_SET.has(key.split(TARGET_SEPARATOR, 1)[0]!);

export interface EventCounter {
  landingPageId: string;
  day: string;
  eventType: EventType;
  count: number;
  visitors: number;
}

export interface DimensionCount {
  visitors: number;
  leads: number;
}

export interface PageDayFigures {
  pageViews: number;
  visitors: number;
  ctaClicks: number;
  leads: number;
}

/** One counter item, read back. Maps, never plain objects: keys come from visitors. */
export interface DayStats {
  day: string;
  events: Map<EventType, { count: number; visitors: number }>;
  leads: number;
  referrers: Map<string, DimensionCount>;
  referrersDirect: DimensionCount;
  referrersOther: DimensionCount;
  /** Keyed by JSON ["source","medium","campaign"]. */
  campaigns: Map<string, DimensionCount>;
  campaignsOther: DimensionCount;
  devices: Map<DeviceClass, DimensionCount>;
  /** ALL only: each page's figures that day. */
  pages: Map<string, PageDayFigures>;
  /** ALL only: visitors whose first page view of the day was on each page (entry pages). */
  entries: Map<string, number>;
  /** The 404 page's scope only: missing paths and their views, past the cap as "(other)". */
  missing: Map<string, number>;
  /** Events about one form or one file, by eventKey (`form_submit@<formId>`). */
  targets: Map<string, { count: number; visitors: number }>;
  /** ALL only: visitors who reached a funnel step in order, by `<version>:<step>`. */
  funnel: Map<string, number>;
}

/** What the server knows about a visit besides the event: derived from its request. */
export interface VisitContext {
  device: DeviceClass;
}

export const counterKey = keys.counter;

/** The campaign dimension's value: one key for the source/medium/campaign triple. */
export const campaignKey = (attribution: Attribution | undefined): string | undefined =>
  attribution?.utmSource || attribution?.utmMedium || attribution?.utmCampaign
    ? JSON.stringify([
        attribution.utmSource ?? '',
        attribution.utmMedium ?? '',
        attribution.utmCampaign ?? '',
      ])
    : undefined;

export type CappedDimension = 'ref' | 'cmp' | 'nf' | 'gs';

/** One counter item's increments: attributes with their amount, and capped values. */
export interface CounterWrite {
  scope: string;
  day: string;
  /** Which of the scope-day's items (0 is DAY#<day>). */
  shard: number;
  adds: Map<string, number>;
  capped: { dimension: CappedDimension; value: string; amount: number }[];
  cap: number;
}

export function counterWrite(scope: string, day: string, cap: number, shard = 0): CounterWrite {
  return { scope, day, shard, adds: new Map(), capped: [], cap };
}

export function add(write: CounterWrite, name: string, amount = 1) {
  write.adds.set(name, (write.adds.get(name) ?? 0) + amount);
}

/** Adds a visitor's (amount 1) or a lead's (amount PAIR) source and device to a write. */
export function addDimensions(
  write: CounterWrite,
  amount: number,
  device: DeviceClass,
  attribution: Attribution | undefined,
) {
  add(write, `dev:${device}`, amount);
  const source = visitSource(attribution);
  if (source) {
    write.capped.push({ dimension: 'ref', value: source, amount });
  } else {
    add(write, 'ref:(direct)', amount);
  }
  const campaign = campaignKey(attribution);
  if (campaign) write.capped.push({ dimension: 'cmp', value: campaign, amount });
}

/**
 * The counter item that `toDayStats` reads back as `stats`: the inverse of reading, for
 * seeding realistic counters in bulk (scripts/bench/analytics.ts) without a write per event.
 */
export function dayStatsItem(scope: string, stats: DayStats): Record<string, unknown> {
  const item: Record<string, unknown> = { ...counterKey(scope, stats.day), day: stats.day, scope };
  const put = (name: string, value: number) => {
    if (value) item[name] = value;
  };
  const pair = (first: number, second: number) => first + second * PAIR;
  for (const [type, { count, visitors }] of stats.events) {
    put(`n:${type}`, count);
    put(`v:${type}`, visitors);
  }
  put('leads', stats.leads);
  const dimension = (prefix: string, values: Map<string, DimensionCount>) => {
    for (const [value, counts] of values) {
      put(`${prefix}:${value}`, pair(counts.visitors, counts.leads));
    }
    put(`${prefix}:(slots)`, values.size);
  };
  dimension('ref', stats.referrers);
  dimension('cmp', stats.campaigns);
  put('ref:(direct)', pair(stats.referrersDirect.visitors, stats.referrersDirect.leads));
  put('ref:(other)', pair(stats.referrersOther.visitors, stats.referrersOther.leads));
  put('cmp:(other)', pair(stats.campaignsOther.visitors, stats.campaignsOther.leads));
  for (const [device, counts] of stats.devices) {
    put(`dev:${device}`, pair(counts.visitors, counts.leads));
  }
  for (const [pageId, figures] of stats.pages) {
    put(`pl:${pageId}`, pair(figures.visitors, figures.leads));
    put(`pc:${pageId}`, pair(figures.pageViews, figures.ctaClicks));
  }
  for (const [key, { count, visitors }] of stats.targets) {
    put(`n:${key}`, count);
    put(`v:${key}`, visitors);
  }
  for (const [step, visitors] of stats.funnel) put(`fn:${step}`, visitors);
  for (const [pageId, visitors] of stats.entries) put(`en:${pageId}`, visitors);
  for (const [path, views] of stats.missing) put(`nf:${path}`, views);
  if (stats.missing.size)
    put('nf:(slots)', [...stats.missing.keys()].filter((k) => k !== '(other)').length);
  return item;
}

const DEVICE_SET: ReadonlySet<string> = new Set(DEVICE_CLASSES);

/** A pair counter's two counts. */
export function unpair(value: number): [first: number, second: number] {
  const second = Math.floor(value / PAIR);
  return [value - second * PAIR, second];
}

function asDimension(value: number): DimensionCount {
  const [visitors, leads] = unpair(value);
  return { visitors, leads };
}

/** A day with nothing counted yet. */
export const emptyDayStats = (day: string): DayStats => ({
  day,
  events: new Map(),
  leads: 0,
  referrers: new Map(),
  referrersDirect: { visitors: 0, leads: 0 },
  referrersOther: { visitors: 0, leads: 0 },
  campaigns: new Map(),
  campaignsOther: { visitors: 0, leads: 0 },
  devices: new Map(),
  pages: new Map(),
  entries: new Map(),
  missing: new Map(),
  targets: new Map(),
  funnel: new Map(),
});

/**
 * Adds one shard's figures into another's (the same scope-day): counts add up; a capped
 * value named in several shards adds its named counts, and each shard's (other) adds to
 * (other), so a value counted as other in one shard stays there (see the header).
 */
export function mergeDayStats(into: DayStats, from: DayStats): DayStats {
  const addInto = (target: DimensionCount, source: DimensionCount) => {
    target.visitors += source.visitors;
    target.leads += source.leads;
  };
  const mergeMap = <K>(target: Map<K, DimensionCount>, source: Map<K, DimensionCount>) => {
    for (const [key, counts] of source) {
      const entry = target.get(key);
      if (entry) addInto(entry, counts);
      else target.set(key, { ...counts });
    }
  };
  for (const [type, counts] of from.events) {
    const entry = into.events.get(type);
    if (entry) {
      entry.count += counts.count;
      entry.visitors += counts.visitors;
    } else {
      into.events.set(type, { ...counts });
    }
  }
  into.leads += from.leads;
  mergeMap(into.referrers, from.referrers);
  addInto(into.referrersDirect, from.referrersDirect);
  addInto(into.referrersOther, from.referrersOther);
  mergeMap(into.campaigns, from.campaigns);
  addInto(into.campaignsOther, from.campaignsOther);
  mergeMap(into.devices, from.devices);
  for (const [id, count] of from.entries) into.entries.set(id, (into.entries.get(id) ?? 0) + count);
  for (const [path, count] of from.missing)
    into.missing.set(path, (into.missing.get(path) ?? 0) + count);
  for (const [key, counts] of from.targets) {
    const entry = into.targets.get(key);
    if (entry) {
      entry.count += counts.count;
      entry.visitors += counts.visitors;
    } else {
      into.targets.set(key, { ...counts });
    }
  }
  for (const [step, count] of from.funnel)
    into.funnel.set(step, (into.funnel.get(step) ?? 0) + count);
  for (const [id, figures] of from.pages) {
    const entry = into.pages.get(id);
    if (entry) {
      entry.pageViews += figures.pageViews;
      entry.visitors += figures.visitors;
      entry.ctaClicks += figures.ctaClicks;
      entry.leads += figures.leads;
    } else {
      into.pages.set(id, { ...figures });
    }
  }
  return into;
}

/** A counter item's attributes back into figures (see the encoding at the top). */
export function toDayStats(item: Record<string, unknown>): DayStats {
  const stats: DayStats = {
    ...emptyDayStats(String(item['day'])),
    leads: Number(item['leads'] ?? 0),
  };
  const page = (id: string) => {
    const figures = stats.pages.get(id) ?? { pageViews: 0, visitors: 0, ctaClicks: 0, leads: 0 };
    stats.pages.set(id, figures);
    return figures;
  };
  for (const [name, value] of Object.entries(item)) {
    // The key attributes (pk, sk, day, scope) are not figures.
    if (typeof value !== 'number') continue;
    const colon = name.indexOf(':');
    const prefix = colon < 0 ? name : name.slice(0, colon);
    const rest = name.slice(colon + 1);
    if ((prefix === 'n' || prefix === 'v') && EVENT_TYPE_SET.has(rest)) {
      const type = rest as EventType;
      const entry = stats.events.get(type) ?? { count: 0, visitors: 0 };
      if (prefix === 'n') entry.count += value;
      else entry.visitors += value;
      stats.events.set(type, entry);
    } else if ((prefix === 'n' || prefix === 'v') && rest.includes(TARGET_SEPARATOR)) {
      if (!isEventKey(rest)) continue;
      const entry = stats.targets.get(rest) ?? { count: 0, visitors: 0 };
      if (prefix === 'n') entry.count += value;
      else entry.visitors += value;
      stats.targets.set(rest, entry);
    } else if (prefix === 'fn') {
      stats.funnel.set(rest, value);
    } else if (rest === '(slots)') {
      // How many values have a counter: bookkeeping for the cap, not a figure.
    } else if (prefix === 'ref') {
      if (rest === '(direct)') stats.referrersDirect = asDimension(value);
      else if (rest === '(other)') stats.referrersOther = asDimension(value);
      else stats.referrers.set(rest, asDimension(value));
    } else if (prefix === 'cmp') {
      if (rest === '(other)') stats.campaignsOther = asDimension(value);
      else stats.campaigns.set(rest, asDimension(value));
    } else if (prefix === 'dev' && DEVICE_SET.has(rest)) {
      stats.devices.set(rest as DeviceClass, asDimension(value));
    } else if (prefix === 'pl') {
      [page(rest).visitors, page(rest).leads] = unpair(value);
    } else if (prefix === 'pc') {
      [page(rest).pageViews, page(rest).ctaClicks] = unpair(value);
    } else if (prefix === 'en') {
      stats.entries.set(rest, value);
    } else if (prefix === 'nf') {
      stats.missing.set(rest, value);
    }
  }
  return stats;
}

/** Raw events of a page-day are spread over this many partitions (functions/data/events/recording.ts). */
export const EVENT_PARTITIONS = 32;
