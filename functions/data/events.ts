// Conversion events, leads as conversions, and the daily counters the analytics
// dashboard reads (docs/decisions.md, "Analytics").
//
// Page identity: every key below uses the page's id, which the route resolves from the
// wire landingPageId (docs/requirements.md §7: `x`, `legacy/x`, `default` or the default page's id)
// before calling this module. So /x and /legacy/x are one page, and a renamed slug keeps
// its history. Leads from forms outside landing pages (the contact page, /pilot) count
// under the scope OTHER; STATS#ALL is the whole site. Ids are UUIDs, so neither collides.
//
// Access patterns and keys (day = UTC date YYYY-MM-DD):
//   raw events of a page-day ...... Query    pk=EVENTS#<pageId>#<day>  sk=<time ISO>#<uuid>   TTL 400 days
//   one page, days from..to ....... Query    pk=STATS#<pageId>         sk BETWEEN DAY#<from> AND DAY#<to>
//   the whole site, days from..to . Query    pk=STATS#ALL              sk BETWEEN DAY#<from> AND DAY#<to>
//   a visitor's day ............... Update   pk=VISITOR#<day>#<hash>   sk=DAY     (TTL 2 days)
//   daily salt (no secret set) .... Get/Put  pk=SALT                   sk=<day>   (TTL 2 days)
//
// One counter item per scope and day holds every figure of that day as its own top-level
// attribute, so one atomic UpdateItem with ADD counts an event without reading first, and
// a dashboard over N days reads N items per scope:
//   n:<type>, v:<type> ....... events of a type, and visitors (a visitor's first event of
//                              that type that day; on ALL only v:page_view, across pages)
//   leads .................... contact submissions (spam excluded)
//   ref:<host> ............... visitors and leads by referrer host (a pair, see below);
//                              ref:(direct) without a referrer, ref:(other) past the cap
//   cmp:<json> ............... the same by campaign, <json> = ["source","medium","campaign"];
//                              cmp:(other) past the cap
//   dev:<class> .............. the same by device class (desktop, mobile, tablet)
//   ref:(slots), cmp:(slots) . how many values have their own counter
//   pl:<pageId>, pc:<pageId> . on ALL only: each page's visitors and leads, and its page
//                              views and CTA clicks, so the all-pages table needs no page item
// A pair is one number holding two counts, first + second x PAIR (1e9): ADD 1 counts a
// visitor (or page view), ADD 1e9 a lead (or CTA click); 2000000015 reads "2 leads, 15
// visitors". It halves the attributes a breakdown needs, and an item's size is what a
// read costs. A day never has a billion visitors of one value, and the second count stays
// exact up to 9 million a day (JavaScript's safe integers; DynamoDB keeps 38 digits).
// Hosts cannot hold parentheses and campaign keys start with '[', so (direct), (other)
// and (slots) never meet a value. Values of ref and cmp come from visitors, so each has a
// cap per item (DIMENSION_CAP per page, SITE_DIMENSION_CAP for ALL): the first values of
// the day get a counter and later new ones count as other. A new counter is created only
// under the condition that the slot count is below the cap (see count()), so concurrent
// writers cannot pass it. A visitor is attributed at their first page view of the day
// (page-level) or of the site (ALL).
//
// Budget: a 90-day all-pages view reads 180 ALL items (the range and the previous
// period); one page, 180 of its items. An item is a few KB at most (the caps bound it).
// Hot items: every event of the site updates that day's ALL item, so the site's event rate
// is bounded by DynamoDB's per-item write rate (1,000 WCU/s; an update costs the item's
// size in KB): a few hundred events per second, far above a B2B landing site's traffic.
// Visitors are a salted hash of IP and user agent with a salt that changes every UTC
// day, so nobody (us included) can link a visitor across days; no cookie is involved.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  CTA_EVENT_TYPES,
  DEVICE_CLASSES,
  EVENT_TYPES,
  type Attribution,
  type ConversionEvent,
  type DeviceClass,
  type EventType,
} from '../shared/events.ts';
import { addDays } from '../shared/days.ts';
import { isConditionalFailure, queryAll, TableRepository } from './table.ts';

export const EVENT_TTL_DAYS = 400;
const DAY_SECONDS = 86_400;

/** The whole site's counters. */
export const SITE_SCOPE = 'ALL';
/** Leads from forms that are not on a landing page (the contact page, /pilot). */
export const NO_PAGE_SCOPE = 'OTHER';
/** Referrers and campaigns with their own counter, per page and day. */
export const DIMENSION_CAP = 20;
/** The same for the whole site's item, which sees every page's values. */
export const SITE_DIMENSION_CAP = 30;
/** A pair counter holds first + second x PAIR (see the key design above). */
export const PAIR = 1_000_000_000;
/** Days read by one query of a long range (see dayStats). */
const DAYS_PER_QUERY = 30;

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
}

/** What the server knows about a visit besides the event: derived from its request. */
export interface VisitContext {
  device: DeviceClass;
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const dayEndSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS;

export const counterKey = (scope: string, day: string) => ({
  pk: `STATS#${scope}`,
  sk: `DAY#${day}`,
});

/** The campaign dimension's value: one key for the source/medium/campaign triple. */
export const campaignKey = (attribution: Attribution | undefined): string | undefined =>
  attribution?.utmSource || attribution?.utmMedium || attribution?.utmCampaign
    ? JSON.stringify([
        attribution.utmSource ?? '',
        attribution.utmMedium ?? '',
        attribution.utmCampaign ?? '',
      ])
    : undefined;

const CTA_TYPES: ReadonlySet<string> = new Set(CTA_EVENT_TYPES);

type CappedDimension = 'ref' | 'cmp';

/** One counter item's increments: attributes with their amount, and capped values. */
interface CounterWrite {
  scope: string;
  day: string;
  adds: Map<string, number>;
  capped: { dimension: CappedDimension; value: string; amount: number }[];
  cap: number;
}

function counterWrite(scope: string, day: string, cap: number): CounterWrite {
  return { scope, day, adds: new Map(), capped: [], cap };
}

function add(write: CounterWrite, name: string, amount = 1) {
  write.adds.set(name, (write.adds.get(name) ?? 0) + amount);
}

/** Adds a visitor's (amount 1) or a lead's (amount PAIR) source and device to a write. */
function addDimensions(
  write: CounterWrite,
  amount: number,
  device: DeviceClass,
  attribution: Attribution | undefined,
) {
  add(write, `dev:${device}`, amount);
  if (attribution?.referrerHost) {
    write.capped.push({ dimension: 'ref', value: attribution.referrerHost, amount });
  } else {
    add(write, 'ref:(direct)', amount);
  }
  const campaign = campaignKey(attribution);
  if (campaign) write.capped.push({ dimension: 'cmp', value: campaign, amount });
}

export class EventRepository extends TableRepository {
  private readonly secret: string | undefined;
  private readonly salts = new Map<string, Promise<string>>();

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    saltSecret?: string,
  ) {
    super(db, table, now);
    this.secret = saltSecret;
  }

  /** The visitor's hash for today: never stored with the IP or user agent themselves. */
  async visitorHash(ip: string, userAgent: string): Promise<string> {
    const salt = await this.salt(utcDay(this.now()));
    return createHash('sha256')
      .update(`${salt}\0${ip}\0${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * Writes the event of a resolved page and counts it on the page's and the site's item.
   * A page view also counts its visit's attribution once per visitor and day.
   */
  async record(
    event: ConversionEvent,
    pageId: string,
    visitor: string,
    context: VisitContext,
  ): Promise<void> {
    const at = this.now();
    const day = utcDay(at);
    const time = at.toISOString();
    const type = event.eventType;
    const isView = type === 'page_view';
    // Round trip one: the raw event and the visitor's marker, which says whether this is
    // the visitor's first such event today; round trip two: both counter items at once.
    const [visitorFirst] = await Promise.all([
      this.markVisitor(day, visitor, pageId, type),
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: `EVENTS#${pageId}#${day}`,
            sk: `${time}#${randomUUID()}`,
            pageId,
            landingPageId: event.landingPageId,
            eventType: type,
            ...(event.metadata ? { metadata: event.metadata } : {}),
            ...(isView && event.attribution ? { attribution: event.attribution } : {}),
            ...(isView ? { device: context.device } : {}),
            visitor,
            createdAt: time,
            expiresAt: Math.floor(at.getTime() / 1000) + EVENT_TTL_DAYS * DAY_SECONDS,
          },
        }),
      ),
    ]);
    const page = counterWrite(pageId, day, DIMENSION_CAP);
    const site = counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
    add(page, `n:${type}`);
    add(site, `n:${type}`);
    if (visitorFirst.page) add(page, `v:${type}`);
    if (isView) {
      add(site, `pc:${pageId}`);
      if (visitorFirst.page) {
        add(site, `pl:${pageId}`);
        addDimensions(page, 1, context.device, event.attribution);
      }
      if (visitorFirst.site) {
        add(site, 'v:page_view');
        addDimensions(site, 1, context.device, event.attribution);
      }
    } else if (CTA_TYPES.has(type)) {
      add(site, `pc:${pageId}`, PAIR);
    }
    await Promise.all([this.count(page), this.count(site)]);
  }

  /**
   * Counts a stored lead (never spam) on its page (OTHER when it came from no landing
   * page) and on the site. `visit` is absent when the browser asked not to be tracked:
   * the lead then counts in the totals but in no referrer, campaign or device.
   */
  async recordLead(
    pageId: string | undefined,
    visit: (VisitContext & { attribution?: Attribution | undefined }) | undefined,
  ): Promise<void> {
    const day = utcDay(this.now());
    const scope = pageId ?? NO_PAGE_SCOPE;
    const page = counterWrite(scope, day, DIMENSION_CAP);
    const site = counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
    add(page, 'leads');
    add(site, 'leads');
    add(site, `pl:${scope}`, PAIR);
    if (visit) {
      addDimensions(page, PAIR, visit.device, visit.attribution);
      addDimensions(site, PAIR, visit.device, visit.attribution);
    }
    await Promise.all([this.count(page), this.count(site)]);
  }

  /**
   * The counter items of one scope (a page id, SITE_SCOPE or NO_PAGE_SCOPE), oldest
   * first. A long range is read as consecutive slices of DAYS_PER_QUERY days queried at
   * once: the same items, but no query waits for another's pages (a site item is several
   * KB, so 180 of them span two or more 1 MB query pages).
   */
  async dayStats(scope: string, from: string, to: string): Promise<DayStats[]> {
    const slices: [string, string][] = [];
    for (let start = from; start <= to; start = addDays(start, DAYS_PER_QUERY)) {
      const end = addDays(start, DAYS_PER_QUERY - 1);
      slices.push([start, end < to ? end : to]);
    }
    const parts = await Promise.all(
      slices.map(([low, high]) =>
        queryAll(this.db, {
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': `STATS#${scope}`,
            ':from': `DAY#${low}`,
            ':to': `DAY#${high}`,
          },
        }),
      ),
    );
    // Only day items: the first release kept one item per type under DAY#<day>#<type>
    // (for the default page's id too), which sorts inside the range and is not read.
    return parts
      .flat()
      .filter((item) => String(item['sk']).length === 'DAY#YYYY-MM-DD'.length)
      .map(toDayStats);
  }

  /** Events of one page (or scope) per day and type, from its counter items. */
  async countersForPage(pageId: string, from: string, to: string): Promise<EventCounter[]> {
    return (await this.dayStats(pageId, from, to)).flatMap((stats) =>
      EVENT_TYPES.filter((type) => stats.events.has(type)).map((type) => ({
        landingPageId: pageId,
        day: stats.day,
        eventType: type,
        ...stats.events.get(type)!,
      })),
    );
  }

  /** Raw events of a page-day, oldest first (the counters are what dashboards read). */
  async eventsForDay(pageId: string, day: string): Promise<Record<string, unknown>[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${pageId}#${day}` },
        ConsistentRead: true,
      }),
    );
    return result.Items ?? [];
  }

  /**
   * Whether this is the visitor's first event of this type on this page today, and (for
   * a page view) their first page view on the site today. One item per visitor and day
   * with an atomic ADD per question, so repeat visits cost no exception on either side.
   */
  private async markVisitor(day: string, visitor: string, pageId: string, type: EventType) {
    const isView = type === 'page_view';
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `VISITOR#${day}#${visitor}`, sk: 'DAY' },
        UpdateExpression: `ADD #page :one${isView ? ', #site :one' : ''} SET expiresAt = if_not_exists(expiresAt, :expires)`,
        ExpressionAttributeNames: {
          '#page': `${pageId}:${type}`,
          ...(isView ? { '#site': 'site:page_view' } : {}),
        },
        ExpressionAttributeValues: { ':one': 1, ':expires': dayEndSeconds(day) + DAY_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const attributes = result.Attributes ?? {};
    return {
      page: Number(attributes[`${pageId}:${type}`]) === 1,
      site: isView && Number(attributes['site:page_view']) === 1,
    };
  }

  /**
   * Applies one counter item's increments. A capped value is first assumed to have its
   * counter already (the condition is that it exists), which is true for all but a
   * value's first visitor of the day. When that fails, the item as it was (returned with
   * the failure) says, per value, whether it has a counter, may take a new one (the
   * dimension's slot count is under the cap: the new counter and the count are added
   * under that condition) or goes to "other". A race can fail that too; the last attempt
   * sends every capped value to "other" without a condition, so no event is ever lost.
   */
  private async count(write: CounterWrite): Promise<void> {
    const plans: ('existing' | 'new' | 'other')[] = write.capped.map(() => 'existing');
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 3;
      const names: Record<string, string> = { '#day': 'day', '#scope': 'scope' };
      const values: Record<string, unknown> = { ':day': write.day, ':scope': write.scope };
      const adds = new Map(write.adds);
      const clauses: string[] = [];
      const conditions: string[] = [];
      const attr = (name: string) => {
        const placeholder = `#a${Object.keys(names).length}`;
        names[placeholder] = name;
        return placeholder;
      };
      write.capped.forEach(({ dimension, value, amount }, index) => {
        const plan = last ? 'other' : plans[index];
        if (plan === 'other') {
          const other = `${dimension}:(other)`;
          adds.set(other, (adds.get(other) ?? 0) + amount);
          return;
        }
        const counter = attr(`${dimension}:${value}`);
        values[`:n${index}`] = amount;
        clauses.push(`${counter} :n${index}`);
        if (plan === 'existing') {
          conditions.push(`attribute_exists(${counter})`);
        } else {
          const slots = attr(`${dimension}:(slots)`);
          clauses.push(`${slots} :one`);
          values[':one'] = 1;
          values[':cap'] = write.cap;
          conditions.push(
            `attribute_not_exists(${counter}) AND (attribute_not_exists(${slots}) OR ${slots} < :cap)`,
          );
        }
      });
      [...adds].forEach(([name, amount], index) => {
        values[`:x${index}`] = amount;
        clauses.push(`${attr(name)} :x${index}`);
      });
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: counterKey(write.scope, write.day),
            UpdateExpression: `ADD ${clauses.join(', ')} SET #day = :day, #scope = :scope`,
            ...(conditions.length
              ? {
                  ConditionExpression: conditions.join(' AND '),
                  ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                }
              : {}),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        return;
      } catch (error) {
        if (last || !isConditionalFailure(error)) throw error;
        // The item as it was (absent before the day's first count), in DynamoDB's wire format.
        const item = (error as { Item?: Record<string, { N?: string }> }).Item ?? {};
        write.capped.forEach(({ dimension, value }, index) => {
          const slots = Number(item[`${dimension}:(slots)`]?.N ?? 0);
          plans[index] =
            item[`${dimension}:${value}`] !== undefined
              ? 'existing'
              : slots < write.cap
                ? 'new'
                : 'other';
        });
      }
    }
  }

  private salt(day: string): Promise<string> {
    if (this.secret) {
      return Promise.resolve(createHmac('sha256', this.secret).update(day).digest('base64url'));
    }
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.sharedSalt(day);
      // A failed read must not be cached; the next event tries again.
      salt.catch(() => this.salts.delete(day));
      this.salts.clear();
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** First instance to ask writes the day's random salt; the others read it. */
  private async sharedSalt(day: string): Promise<string> {
    const key = { pk: 'SALT', sk: day };
    const candidate = randomBytes(32).toString('base64url');
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, salt: candidate, expiresAt: dayEndSeconds(day) + DAY_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return candidate;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    const existing = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    const salt = existing.Item?.['salt'];
    if (typeof salt !== 'string') throw new Error(`The salt of ${day} could not be read`);
    return salt;
  }
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
  return item;
}

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
const DEVICE_SET: ReadonlySet<string> = new Set(DEVICE_CLASSES);

/** A pair counter's two counts. */
function unpair(value: number): [first: number, second: number] {
  const second = Math.floor(value / PAIR);
  return [value - second * PAIR, second];
}

function asDimension(value: number): DimensionCount {
  const [visitors, leads] = unpair(value);
  return { visitors, leads };
}

/** A counter item's attributes back into figures (see the key design at the top). */
export function toDayStats(item: Record<string, unknown>): DayStats {
  const stats: DayStats = {
    day: String(item['day']),
    events: new Map(),
    leads: Number(item['leads'] ?? 0),
    referrers: new Map(),
    referrersDirect: { visitors: 0, leads: 0 },
    referrersOther: { visitors: 0, leads: 0 },
    campaigns: new Map(),
    campaignsOther: { visitors: 0, leads: 0 },
    devices: new Map(),
    pages: new Map(),
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
    }
  }
  return stats;
}
