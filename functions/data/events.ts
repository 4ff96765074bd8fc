// Conversion events, leads as conversions, and the daily counters the analytics
// dashboard reads (docs/decisions/0081-analytics-storage-and-reads.md).
//
// Page identity: every key below uses the page's id, which the route resolves from the
// wire landingPageId (docs/requirements.md §7: `x`, `legacy/x`, `default` or the default page's id)
// before calling this module. So /x and /legacy/x are one page, and a renamed slug keeps
// its history. Leads from forms outside landing pages (the contact page, /pilot) count
// under the scope OTHER; STATS#ALL is the whole site. Ids are UUIDs, so neither collides.
//
// Access patterns and keys (day = UTC date YYYY-MM-DD):
//   raw events of a page-day ...... Query    pk=EVENTS#<pageId>#<day>[#<n>]  sk=<time ISO>#<uuid>   TTL 400 days
//                                            (EVENT_PARTITIONS partitions, n = 1.., queried together)
//   one page, days from..to ....... Query    pk=STATS#<pageId>   sk BETWEEN DAY#<from> AND DAY#<to>#~
//   the whole site, days from..to . Query    pk=STATS#ALL        sk BETWEEN DAY#<from> AND DAY#<to>#~
//   goals' events by page, source . Query    pk=STATS#GOAL_EVENTS sk BETWEEN DAY#<from> AND DAY#<to>#~
//                                            (a day's shards DAY#<day> and DAY#<day>#<n>, summed)
//   a visitor's day ............... Update   pk=VISITOR#<day>#<hash>   sk=DAY     (TTL 2 days)
//                                            (first-of-the-day markers, entry source, and
//                                            fs:<version>, the funnel step reached in order)
//   daily salt (no secret set) .... Get/Put  pk=SALT                   sk=<day>   (TTL 2 days)
// The counter items' attributes are encoded in functions/data/event-counters.ts, the daily
// salt in functions/data/salts.ts, every key in functions/data/keys.ts.
//
// Hot items (issue 25, docs/decisions/0082-sharded-counters.md):
// an event updates one shard of its page's counters and one of the site's (an event other
// than a page view one of the goals' too), chosen by
// CounterShards (event-counters.ts) so that no item takes more than about 50 updates a
// second up to 12,800 events a second on one page; its raw event goes to one of
// EVENT_PARTITIONS partitions at random, so no partition takes more than about 1,000 WCU/s
// below 30,000 events a second on one page.
// Visitors are a salted hash of IP and user agent with a salt that changes every UTC
// day, so nobody (us included) can link a visitor across days; no cookie is involved.
import { randomUUID, createHash } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
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
import { visitSource } from '../shared/attribution.ts';
import {
  add,
  addDimensions,
  counterKey,
  counterWrite,
  CounterShards,
  eventKey,
  DIMENSION_CAP,
  DIRECT_SOURCE,
  EVENT_PARTITIONS,
  GOAL_SOURCE_CAP,
  GOALS_SCOPE,
  goalSourceValue,
  mergeDayStats,
  mergeGoalDayStats,
  NO_PAGE_SCOPE,
  PAIR,
  SITE_DIMENSION_CAP,
  SITE_SCOPE,
  toDayStats,
  toGoalDayStats,
  type CounterWrite,
  type DayStats,
  type GoalDayStats,
  type EventCounter,
  type VisitContext,
} from './event-counters.ts';
import { funnelCounter, stepsMatched, type FunnelDefinition } from './funnel.ts';
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

/**
 * What record() writes: a browser's event (docs/requirements.md §7), or one the server counts
 * itself (a form sent, a gated file downloaded), which has no wire id of its own.
 */
export type RecordedEvent = Pick<ConversionEvent, 'eventType' | 'metadata' | 'attribution'> & {
  landingPageId?: string | undefined;
};
/** A counter item's update count, and the shard count its last writer used (see count()). */
const WRITES = 'writes';
const SHARDS = 'shards';
const SHARDS_BEFORE = 'shardsBefore';

export class EventRepository extends TableRepository {
  private readonly salts: DailySalts;
  /** This instance's choice of counter shards (one per process or Lambda instance). */
  readonly shards: CounterShards;
  /** Picks raw-event partitions and counter shards (a seeded one in simulations). */
  private readonly random: () => number;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    saltSecret?: string,
    random: () => number = Math.random,
  ) {
    super(db, table, now);
    this.salts = new DailySalts(db, table, saltSecret);
    this.shards = new CounterShards(() => this.now().getTime(), random);
    this.random = random;
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
   * A page view also counts its visit's attribution once per visitor and day. `context.target`
   * names the form sent or the gated file downloaded (counted under eventKey as well as the
   * type: docs/decisions/0412-form-and-file-goals.md); `context.path` is the page's public path,
   * which page goals of the funnel match. With `funnel`, an event that takes the visitor one
   * step further in it, in order, counts that step (docs/decisions/0411-funnels-in-order.md).
   */
  async record(
    event: RecordedEvent,
    pageId: string,
    visitor: string,
    context: VisitContext & { target?: string | undefined; path?: string | null | undefined },
    funnel?: FunnelDefinition,
  ): Promise<void> {
    const at = this.now();
    const day = utcDay(at);
    const time = at.toISOString();
    const type = event.eventType;
    const isView = type === 'page_view';
    const targetKey = context.target ? eventKey(type, context.target) : undefined;
    const steps = funnel
      ? stepsMatched(funnel, { type, target: context.target, path: context.path })
      : [];
    // Round trip one: the raw event, the visitor's marker, which says whether this is the
    // visitor's first such event today, and (for an event the funnel counts) the visitor's
    // step in the funnel; round trip two: the counter items at once.
    const [visitorFirst, , reached] = await Promise.all([
      this.markVisitor(
        day,
        visitor,
        pageId,
        type,
        targetKey,
        isView ? event.attribution : undefined,
      ),
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...keys.event(
              pageId,
              day,
              time,
              randomUUID(),
              Math.floor(this.random() * EVENT_PARTITIONS),
            ),
            pageId,
            ...(event.landingPageId ? { landingPageId: event.landingPageId } : {}),
            eventType: type,
            ...(event.metadata ? { metadata: event.metadata } : {}),
            ...(context.target ? { target: context.target } : {}),
            ...(isView && event.attribution ? { attribution: event.attribution } : {}),
            ...(isView ? { device: context.device } : {}),
            visitor,
            createdAt: time,
            expiresAt: Math.floor(at.getTime() / 1000) + EVENT_TTL_DAYS * DAY_SECONDS,
          },
        }),
      ),
      funnel && steps.length ? this.advanceFunnel(day, visitor, funnel.version, steps) : undefined,
    ]);
    const page = this.counterWrite(pageId, day, DIMENSION_CAP);
    const site = this.counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
    add(page, `n:${type}`);
    add(site, `n:${type}`);
    if (visitorFirst.page) add(page, `v:${type}`);
    if (targetKey) {
      add(page, `n:${targetKey}`);
      add(site, `n:${targetKey}`);
      if (visitorFirst.targetPage) add(page, `v:${targetKey}`);
      if (visitorFirst.targetSite) add(site, `v:${targetKey}`);
    }
    if (funnel && reached) add(site, `fn:${funnelCounter(funnel.version, reached)}`);
    if (isView) {
      add(site, `pc:${pageId}`);
      if (visitorFirst.page) {
        add(site, `pl:${pageId}`);
        addDimensions(page, 1, context.device, event.attribution);
      }
      if (visitorFirst.site) {
        add(site, 'v:page_view');
        // The page of the visitor's first view of the day: an entry page (issue 25).
        add(site, `en:${pageId}`);
        addDimensions(site, 1, context.device, event.attribution);
      }
    } else {
      if (CTA_TYPES.has(type)) add(site, `pc:${pageId}`, PAIR);
      // Visitors with this event anywhere on the site today: a goal's converters (issue 25).
      if (visitorFirst.site) add(site, `v:${type}`);
    }
    // The 404 page counts the missing paths, capped like the referrers (the rest: other).
    if (type === 'not_found' && event.metadata?.source) {
      page.capped.push({ dimension: 'nf', value: event.metadata.source, amount: 1 });
    }
    // Every event but a view, by page and by the visit's source: goals' breakdowns (issue 25);
    // a form's or a file's too, under its key.
    const goals = isView ? undefined : this.counterWrite(GOALS_SCOPE, day, GOAL_SOURCE_CAP);
    if (goals) {
      add(goals, `pe:${type}:${pageId}`, 1 + (visitorFirst.page ? PAIR : 0));
      goals.capped.push({
        dimension: 'gs',
        value: goalSourceValue(type, visitorFirst.entrySource),
        amount: 1 + (visitorFirst.site ? PAIR : 0),
      });
      if (targetKey) {
        add(goals, `pe:${targetKey}:${pageId}`, 1 + (visitorFirst.targetPage ? PAIR : 0));
        goals.capped.push({
          dimension: 'gs',
          value: goalSourceValue(targetKey, visitorFirst.entrySource),
          amount: 1 + (visitorFirst.targetSite ? PAIR : 0),
        });
      }
    }
    await Promise.all([this.count(page), this.count(site), ...(goals ? [this.count(goals)] : [])]);
  }

  /**
   * Takes the visitor one step further in the funnel of `version` when they stand just
   * before one of `steps` (1-based): one conditional update of their day item, whose
   * `fs:<version>` holds the highest step reached in order (absent: none yet). One event
   * moves them one step at most, and of two events racing for the same step one counts.
   * Returns the step reached, or undefined when the event takes them nowhere.
   */
  private async advanceFunnel(
    day: string,
    visitor: string,
    version: string,
    steps: number[],
  ): Promise<number | undefined> {
    const attribute = `fs:${version}`;
    const before = Object.fromEntries(steps.map((step, index) => [`:p${index}`, step - 1]));
    const conditions = [`#fs IN (${Object.keys(before).join(', ')})`];
    if (steps.includes(1)) conditions.unshift('attribute_not_exists(#fs)');
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.visitor(day, visitor),
          UpdateExpression:
            'SET #fs = if_not_exists(#fs, :zero) + :one, expiresAt = if_not_exists(expiresAt, :expires)',
          ConditionExpression: conditions.join(' OR '),
          ExpressionAttributeNames: { '#fs': attribute },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':expires': dayEndSeconds(day) + DAY_SECONDS,
            ...before,
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const reached = Number(result.Attributes?.[attribute]);
      return reached > 0 ? reached : undefined;
    } catch (error) {
      if (isConditionalFailure(error)) return undefined;
      throw error;
    }
  }

  /**
   * The source of the visitor's first page view today that had one (a referrer or a
   * campaign), kept on their day item (no cookie): what a lead without its own source is
   * attributed to (docs/decisions/0158-one-definition-of-a-lead.md).
   */
  async firstSource(visitor: string): Promise<Attribution | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.visitor(utcDay(this.now()), visitor),
        ProjectionExpression: 'firstSource',
      }),
    );
    const source = result.Item?.['firstSource'] as Attribution | undefined;
    return source && typeof source === 'object' ? source : undefined;
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
    const page = this.counterWrite(scope, day, DIMENSION_CAP);
    const site = this.counterWrite(SITE_SCOPE, day, SITE_DIMENSION_CAP);
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
   * A form sent by a tracked visitor (never spam, a bot, or a visitor who asked not to be
   * tracked): a form_submit event about the form, and for a gated file a file_download event
   * about the file (the link is handed out with the answer), each counted like a browser's
   * event on the page (NO_PAGE_SCOPE off a landing page) and in the funnel
   * (docs/decisions/0412-form-and-file-goals.md).
   */
  async recordSubmission(
    submission: { formId: string; assetId?: string | undefined },
    visit: { pageId: string | undefined; path: string | null; visitor: string },
    context: VisitContext,
    funnel: FunnelDefinition,
  ): Promise<void> {
    const pageId = visit.pageId ?? NO_PAGE_SCOPE;
    const counted = (type: 'form_submit' | 'file_download', target: string) =>
      this.record(
        { eventType: type },
        pageId,
        visit.visitor,
        { ...context, target, path: visit.path },
        funnel,
      );
    // One after the other: the form is sent before its file is handed out (the funnel's order).
    await counted('form_submit', submission.formId);
    if (submission.assetId) await counted('file_download', submission.assetId);
  }

  /**
   * The counters of one scope (a page id, SITE_SCOPE or NO_PAGE_SCOPE) per day, oldest
   * first, each day's shards summed (mergeDayStats). A long range is read as consecutive
   * slices of DAYS_PER_QUERY days queried at once: the same items, but no query waits for
   * another's pages (a site item is several KB, so 180 of them span two or more 1 MB query
   * pages).
   */
  async dayStats(scope: string, from: string, to: string): Promise<DayStats[]> {
    const days = new Map<string, DayStats>();
    for (const [day, item] of await this.counterItems(scope, from, to)) {
      const stats = toDayStats(item);
      const known = days.get(day);
      days.set(day, known ? mergeDayStats(known, stats) : stats);
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  /** The goals' counters per day (GOALS_SCOPE), oldest first, each day's shards summed. */
  async goalDayStats(from: string, to: string): Promise<GoalDayStats[]> {
    const days = new Map<string, GoalDayStats>();
    for (const [day, item] of await this.counterItems(GOALS_SCOPE, from, to)) {
      const stats = toGoalDayStats(item);
      const known = days.get(day);
      days.set(day, known ? mergeGoalDayStats(known, stats) : stats);
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  /** A scope's counter items of the days from..to, with their day (see dayStats). */
  private async counterItems(
    scope: string,
    from: string,
    to: string,
  ): Promise<[string, Record<string, unknown>][]> {
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
            ':from': keys.statsDayRange(low, high).from,
            ':to': keys.statsDayRange(low, high).to,
          },
        }),
      ),
    );
    // Only day shards: the first release kept one item per type under DAY#<day>#<type>
    // (for the default page's id too), which sorts inside the range and is not read.
    return parts.flatMap((items) =>
      items.flatMap((item): [string, Record<string, unknown>][] => {
        const shard = keys.counterShard(String(item['sk']));
        return shard ? [[shard.day, item]] : [];
      }),
    );
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

  /**
   * Raw events of a page-day, oldest first (the counters are what dashboards read): every
   * partition of the day, the first (also the only one before issue 25) included.
   */
  async eventsForDay(pageId: string, day: string): Promise<Record<string, unknown>[]> {
    const parts = await Promise.all(
      Array.from({ length: EVENT_PARTITIONS }, (_, shard) =>
        queryAll(this.db, {
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.eventsPartition(pageId, day, shard) },
          ConsistentRead: true,
        }),
      ),
    );
    // DynamoDB's own order within a partition: the sort key's bytes (<time ISO>#<uuid>).
    const sk = (item: Record<string, unknown>) => String(item['sk']);
    return parts.flat().sort((a, b) => (sk(a) < sk(b) ? -1 : sk(a) > sk(b) ? 1 : 0));
  }

  /** A counter write to the shard this instance picks for the scope-day. */
  private counterWrite(scope: string, day: string, cap: number): CounterWrite {
    return counterWrite(scope, day, cap, this.shards.pick(scope, day));
  }

  /**
   * Whether this is the visitor's first event of this type on this page today, and their
   * first of this type on the site today (the same for `targetKey`, the event's form or
   * file, when it has one). One item per visitor and day with an atomic ADD per question,
   * so repeat visits cost no exception on either side. Also the visit's entry source: the
   * source of the visitor's first page view today (visitSource: its utm_source, else its
   * referrer's host; (direct) without either), kept as `entrySource` and returned by the
   * same update (UPDATED_NEW: the SET writes the value it already has), which the goals'
   * counters count an event under.
   */
  private async markVisitor(
    day: string,
    visitor: string,
    pageId: string,
    type: EventType,
    targetKey: string | undefined,
    attribution: Attribution | undefined,
  ) {
    // The day's first source with something to say (a referrer or a campaign): a lead sent
    // later from a page without one (the contact page) is attributed to it (firstSource).
    const source = attribution && Object.keys(attribution).length > 0 ? attribution : undefined;
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.visitor(day, visitor),
        UpdateExpression: `ADD #page :one, #site :one${targetKey ? ', #tpage :one, #tsite :one' : ''} SET expiresAt = if_not_exists(expiresAt, :expires), #entry = if_not_exists(#entry, :entry)${source ? ', firstSource = if_not_exists(firstSource, :source)' : ''}`,
        ExpressionAttributeNames: {
          '#page': `${pageId}:${type}`,
          '#site': `site:${type}`,
          ...(targetKey
            ? { '#tpage': `${pageId}:${targetKey}`, '#tsite': `site:${targetKey}` }
            : {}),
          '#entry': 'entrySource',
        },
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': dayEndSeconds(day) + DAY_SECONDS,
          // A view's source; any other event (a view comes first) says direct.
          ':entry': (type === 'page_view' && visitSource(attribution)) || DIRECT_SOURCE,
          ...(source ? { ':source': source } : {}),
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const attributes = result.Attributes ?? {};
    const entry = attributes['entrySource'];
    const first = (name: string) => Number(attributes[name]) === 1;
    return {
      page: first(`${pageId}:${type}`),
      site: first(`site:${type}`),
      targetPage: targetKey ? first(`${pageId}:${targetKey}`) : false,
      targetSite: targetKey ? first(`site:${targetKey}`) : false,
      entrySource: typeof entry === 'string' && entry ? entry : DIRECT_SOURCE,
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
   * Every update also adds 1 to the item's `writes` and, once this instance's shard count
   * is decided, sets `shards` to it, copying the previous one into `shardsBefore` (an
   * update reads the item as it was before it): their new values, in the update's answer,
   * tell CounterShards how busy the item is and what the other writers do, without a read.
   * None is a figure: toDayStats skips them.
   */
  private async count(write: CounterWrite): Promise<void> {
    const plans: ('existing' | 'new' | 'other')[] = write.capped.map(() => 'existing');
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 3;
      const names: Record<string, string> = {
        '#day': 'day',
        '#scope': 'scope',
        '#writes': WRITES,
        '#shards': SHARDS,
        '#before': SHARDS_BEFORE,
      };
      const values: Record<string, unknown> = {
        ':day': write.day,
        ':scope': write.scope,
        ':write': 1,
        ':shards': this.shards.shards(write.scope, write.day),
      };
      const adds = new Map(write.adds);
      const clauses: string[] = [];
      const conditions: string[] = [];
      const attr = (name: string) => {
        const placeholder = `#a${Object.keys(names).length}`;
        names[placeholder] = name;
        return placeholder;
      };
      const newSlots = new Map<string, number>();
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
          conditions.push(`attribute_not_exists(${counter})`);
          newSlots.set(dimension, (newSlots.get(dimension) ?? 0) + 1);
        }
      });
      // New counters take their dimension's slots together: one path per dimension (an
      // event about a form adds two values to gs:, its type's and its form's), and all of
      // them fit under the cap or none does.
      [...newSlots].forEach(([dimension, count], index) => {
        const slots = attr(`${dimension}:(slots)`);
        clauses.push(`${slots} :s${index}`);
        values[`:s${index}`] = count;
        values[`:c${index}`] = write.cap - count;
        conditions.push(`(attribute_not_exists(${slots}) OR ${slots} <= :c${index})`);
      });
      [...adds].forEach(([name, amount], index) => {
        values[`:x${index}`] = amount;
        clauses.push(`${attr(name)} :x${index}`);
      });
      const decided = this.shards.decided(write.scope, write.day);
      try {
        const result = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: counterKey(write.scope, write.day, write.shard),
            UpdateExpression: `ADD ${clauses.join(', ')}, #writes :write SET #day = :day, #scope = :scope, #before = if_not_exists(#shards, :shards), #shards = ${decided ? ':shards' : 'if_not_exists(#shards, :shards)'}`,
            ReturnValues: 'UPDATED_NEW',
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
        const writes = Number(result.Attributes?.[WRITES]);
        const before = Number(result.Attributes?.[SHARDS_BEFORE] ?? 1);
        if (writes) this.shards.observe(write.scope, write.day, write.shard, writes, before);
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
