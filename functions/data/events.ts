// Conversion events, leads as conversions, and the daily counters the analytics
// dashboard reads (docs/decisions.md, "Analytics").
//
// Page identity: every key below uses the page's id, which the route resolves from the
// wire landingPageId (SPEC.md §7: `x`, `legacy/x`, `default` or the default page's id)
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
//   n:<type>, v:<type> ........ events of a type, and visitors (a visitor's first event of
//                               that type that day; on ALL only v:page_view, across pages)
//   leads ..................... contact submissions (spam excluded)
//   ref:v:<host>, ref:l:<host>  visitors and leads by referrer host; ref:dv/ref:dl direct
//   cmp:v:<json>, cmp:l:<json>  by campaign, <json> = ["source","medium","campaign"]
//   dev:v:<class>, dev:l:<class> by device class (desktop, mobile, tablet)
//   <dim>:keys ................ the values of ref or cmp that have their own counters
//   <dim>:ov, <dim>:ol ........ everything past the cap ("other")
//   p:<pageId>:pv|v|c|l ....... on ALL only: page views, visitors, CTA clicks and leads
//                               of each page, so the all-pages table needs no page's items
// Values of ref and cmp come from visitors, so each dimension has a cap per item
// (DIMENSION_CAP per page, SITE_DIMENSION_CAP for ALL): the first values of the day get a
// counter and later new ones are counted as other. The cap is a condition on the update
// (size of <dim>:keys), so concurrent writers cannot pass it. A visitor is attributed at
// their first page view of the day (page-level) or of the site (ALL).
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
export const SITE_DIMENSION_CAP = 50;

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

/** One counter item's increments: plain attributes, and capped dimension values. */
interface CounterWrite {
  scope: string;
  day: string;
  adds: string[];
  capped: { dimension: CappedDimension; kind: 'v' | 'l'; value: string }[];
  cap: number;
}

/** Adds an event's or a lead's dimensions ('v' visitors, 'l' leads) to a write. */
function addDimensions(
  write: CounterWrite,
  kind: 'v' | 'l',
  device: DeviceClass,
  attribution: Attribution | undefined,
) {
  write.adds.push(`dev:${kind}:${device}`);
  if (attribution?.referrerHost) {
    write.capped.push({ dimension: 'ref', kind, value: attribution.referrerHost });
  } else {
    write.adds.push(`ref:d${kind}`);
  }
  const campaign = campaignKey(attribution);
  if (campaign) write.capped.push({ dimension: 'cmp', kind, value: campaign });
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
    const page: CounterWrite = {
      scope: pageId,
      day,
      adds: [`n:${type}`],
      capped: [],
      cap: DIMENSION_CAP,
    };
    const site: CounterWrite = {
      scope: SITE_SCOPE,
      day,
      adds: [`n:${type}`],
      capped: [],
      cap: SITE_DIMENSION_CAP,
    };
    if (visitorFirst.page) page.adds.push(`v:${type}`);
    if (isView) {
      site.adds.push(`p:${pageId}:pv`);
      if (visitorFirst.page) {
        site.adds.push(`p:${pageId}:v`);
        addDimensions(page, 'v', context.device, event.attribution);
      }
      if (visitorFirst.site) {
        site.adds.push('v:page_view');
        addDimensions(site, 'v', context.device, event.attribution);
      }
    } else if (CTA_TYPES.has(type)) {
      site.adds.push(`p:${pageId}:c`);
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
    const page: CounterWrite = { scope, day, adds: ['leads'], capped: [], cap: DIMENSION_CAP };
    const site: CounterWrite = {
      scope: SITE_SCOPE,
      day,
      adds: ['leads', `p:${scope}:l`],
      capped: [],
      cap: SITE_DIMENSION_CAP,
    };
    if (visit) {
      addDimensions(page, 'l', visit.device, visit.attribution);
      addDimensions(site, 'l', visit.device, visit.attribution);
    }
    await Promise.all([this.count(page), this.count(site)]);
  }

  /** The counter items of one scope (a page id, SITE_SCOPE or NO_PAGE_SCOPE), oldest first. */
  async dayStats(scope: string, from: string, to: string): Promise<DayStats[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `STATS#${scope}`,
        ':from': `DAY#${from}`,
        ':to': `DAY#${to}`,
      },
    });
    return items.map(toDayStats);
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
   * Applies one counter item's increments. Capped values are added under a condition
   * that their dimension still has room (or already holds them); when it fails, the
   * item's value sets (returned with the failure) say which dimensions are full, and
   * those values go to "other". The third attempt sends every capped value to "other"
   * without a condition, so an event is never lost to a race.
   */
  private async count(write: CounterWrite): Promise<void> {
    const full = new Set<CappedDimension>();
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 2;
      const names: Record<string, string> = { '#day': 'day', '#scope': 'scope' };
      const values: Record<string, unknown> = {
        ':one': 1,
        ':day': write.day,
        ':scope': write.scope,
      };
      const adds: string[] = [];
      const conditions: string[] = [];
      const attr = (name: string) => {
        const placeholder = `#a${Object.keys(names).length}`;
        names[placeholder] = name;
        return placeholder;
      };
      for (const name of write.adds) adds.push(`${attr(name)} :one`);
      write.capped.forEach(({ dimension, kind, value }, index) => {
        if (last || full.has(dimension)) {
          adds.push(`${attr(`${dimension}:o${kind}`)} :one`);
          return;
        }
        const keys = attr(`${dimension}:keys`);
        values[`:v${index}`] = value;
        values[`:s${index}`] = new Set([value]);
        adds.push(`${attr(`${dimension}:${kind}:${value}`)} :one`, `${keys} :s${index}`);
        conditions.push(
          `(attribute_not_exists(${keys}) OR contains(${keys}, :v${index}) OR size(${keys}) < :cap)`,
        );
      });
      if (conditions.length) values[':cap'] = write.cap;
      try {
        await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: counterKey(write.scope, write.day),
            UpdateExpression: `ADD ${adds.join(', ')} SET #day = :day, #scope = :scope`,
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
        // The item as it was, in DynamoDB's wire format: only the value sets are needed.
        const item = (error as { Item?: Record<string, { SS?: string[] }> }).Item;
        for (const { dimension, value } of write.capped) {
          const kept = item?.[`${dimension}:keys`]?.SS;
          if (!kept || (!kept.includes(value) && kept.length >= write.cap)) full.add(dimension);
        }
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

const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);
const DEVICE_SET: ReadonlySet<string> = new Set(DEVICE_CLASSES);

const zero = (): DimensionCount => ({ visitors: 0, leads: 0 });

function bump(map: Map<string, DimensionCount>, key: string, kind: string, amount: number) {
  const entry = map.get(key) ?? zero();
  if (kind === 'v') entry.visitors += amount;
  else entry.leads += amount;
  map.set(key, entry);
}

/** A counter item's attributes back into figures (see the attribute list at the top). */
export function toDayStats(item: Record<string, unknown>): DayStats {
  const stats: DayStats = {
    day: String(item['day']),
    events: new Map(),
    leads: Number(item['leads'] ?? 0),
    referrers: new Map(),
    referrersDirect: zero(),
    referrersOther: zero(),
    campaigns: new Map(),
    campaignsOther: zero(),
    devices: new Map(),
    pages: new Map(),
  };
  const add = (target: DimensionCount, kind: string, amount: number) => {
    if (kind === 'v') target.visitors += amount;
    else target.leads += amount;
  };
  for (const [name, raw] of Object.entries(item)) {
    if (typeof raw !== 'number') continue;
    const amount = raw;
    const [prefix, second, ...rest] = name.split(':');
    const tail = rest.join(':');
    if ((prefix === 'n' || prefix === 'v') && second && EVENT_TYPE_SET.has(second)) {
      const type = second as EventType;
      const entry = stats.events.get(type) ?? { count: 0, visitors: 0 };
      if (prefix === 'n') entry.count += amount;
      else entry.visitors += amount;
      stats.events.set(type, entry);
    } else if (prefix === 'ref' && (second === 'v' || second === 'l') && rest.length) {
      bump(stats.referrers, tail, second, amount);
    } else if (prefix === 'ref' && (second === 'dv' || second === 'dl')) {
      add(stats.referrersDirect, second.slice(1), amount);
    } else if (prefix === 'ref' && (second === 'ov' || second === 'ol')) {
      add(stats.referrersOther, second.slice(1), amount);
    } else if (prefix === 'cmp' && (second === 'v' || second === 'l') && rest.length) {
      bump(stats.campaigns, tail, second, amount);
    } else if (prefix === 'cmp' && (second === 'ov' || second === 'ol')) {
      add(stats.campaignsOther, second.slice(1), amount);
    } else if (prefix === 'dev' && (second === 'v' || second === 'l') && DEVICE_SET.has(tail)) {
      const device = tail as DeviceClass;
      const entry = stats.devices.get(device) ?? zero();
      add(entry, second, amount);
      stats.devices.set(device, entry);
    } else if (prefix === 'p' && second && rest.length === 1) {
      const entry = stats.pages.get(second) ?? {
        pageViews: 0,
        visitors: 0,
        ctaClicks: 0,
        leads: 0,
      };
      if (tail === 'pv') entry.pageViews += amount;
      else if (tail === 'v') entry.visitors += amount;
      else if (tail === 'c') entry.ctaClicks += amount;
      else if (tail === 'l') entry.leads += amount;
      stats.pages.set(second, entry);
    }
  }
  return stats;
}
