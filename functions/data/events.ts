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
//   daily salt (no secret set) .... Get/Put  pk=SALT                   sk=<day>   (TTL 2 days)//
// The counter items' attributes are encoded in functions/data/event-counters.ts, the daily
// salt in functions/data/salts.ts, every key in functions/data/keys.ts.
//
// Hot items: every event of the site updates that day's ALL item, so the site's event rate
// is bounded by DynamoDB's per-item write rate (1,000 WCU/s; an update costs the item's
// size in KB): a few hundred events per second, far above a B2B landing site's traffic.
// Visitors are a salted hash of IP and user agent with a salt that changes every UTC
// day, so nobody (us included) can link a visitor across days; no cookie is involved.
import { randomUUID, createHash } from 'node:crypto';
import {
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import {
  CTA_EVENT_TYPES,
  EVENT_TYPES,
  type Attribution,
  type ConversionEvent,
  type EventType,
} from '../shared/events.ts';
import { addDays } from '../shared/days.ts';
import {
  add,
  addDimensions,
  counterKey,
  counterWrite,
  DIMENSION_CAP,
  NO_PAGE_SCOPE,
  PAIR,
  SITE_DIMENSION_CAP,
  SITE_SCOPE,
  toDayStats,
  type CounterWrite,
  type DayStats,
  type EventCounter,
  type VisitContext,
} from './event-counters.ts';
import { keys } from './keys.ts';
import { DailySalts, dayEndSeconds, utcDay } from './salts.ts';
import { isConditionalFailure, queryAll, TableRepository } from './table.ts';

// Callers read the encoding's names through this module too (one definition each).
export * from './event-counters.ts';
export { utcDay } from './salts.ts';

export const EVENT_TTL_DAYS = 400;
const DAY_SECONDS = 86_400;
/** Days read by one query of a long range (see dayStats). */
const DAYS_PER_QUERY = 30;

const CTA_TYPES: ReadonlySet<string> = new Set(CTA_EVENT_TYPES);

export class EventRepository extends TableRepository {
  private readonly salts: DailySalts;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    saltSecret?: string,
  ) {
    super(db, table, now);
    this.salts = new DailySalts(db, table, saltSecret);
  }

  /** The visitor's hash for today: never stored with the IP or user agent themselves. */
  async visitorHash(ip: string, userAgent: string): Promise<string> {
    const salt = await this.salts.salt(utcDay(this.now()));
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
            ...keys.event(pageId, day, time, randomUUID()),
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
            ':pk': keys.statsPartition(scope),
            ':from': keys.statsDaySk(low),
            ':to': keys.statsDaySk(high),
          },
        }),
      ),
    );
    // Only day items: the first release kept one item per type under DAY#<day>#<type>
    // (for the default page's id too), which sorts inside the range and is not read.
    return parts
      .flat()
      .filter((item) => String(item['sk']).length === keys.statsDaySk('YYYY-MM-DD').length)
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
        ExpressionAttributeValues: { ':pk': keys.eventsPartition(pageId, day) },
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
        Key: keys.visitor(day, visitor),
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
}
