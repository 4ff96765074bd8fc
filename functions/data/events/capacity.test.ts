// Issue 25, "Ingestion that scales" (docs/decisions/0082-sharded-counters.md): 10,000 events a
// second on ONE page, on a simulated clock, through EventRepository.record and recordLead against
// an in-memory store that applies the repository's own DynamoDB requests and counts, per simulated
// second, the updates each item takes and the write capacity units (WCU) each partition key takes.
// No network and no DynamoDB Local: the store is this file's, so a million events run in seconds.
import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventRepository } from './repository.ts';
import {
  counterWrite,
  DIMENSION_CAP,
  dayStatsItem,
  emptyDayStats,
  mergeDayStats,
  SITE_SCOPE,
  toDayStats,
  type DayStats,
} from '../event-counters.ts';
import { COUNTER_SHARD_LEVELS, CounterShards } from '../counter-shards.ts';
import { keys, PK } from '../keys.ts';
import type { Attribution, DeviceClass, EventType } from '../../shared/events.ts';

type Item = Record<string, unknown>;

/** A seeded generator (mulberry32): the same run every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An attribute's size as DynamoDB bills it, near enough: name plus value, numbers ~digits/2. */
function attributeBytes(name: string, value: unknown): number {
  const bytes =
    typeof value === 'number'
      ? Math.ceil(String(value).length / 2) + 1
      : Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));
  return Buffer.byteLength(name) + bytes;
}

/** An item's size: the sum of its attributes'. */
function itemBytes(item: Item): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += attributeBytes(name, value);
  return bytes;
}

/** The fields of the requests events.ts sends that the simulated store reads. */
interface StoreInput {
  Item?: Item;
  Key?: { pk: string; sk: string };
  UpdateExpression?: string;
  ConditionExpression?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  ReturnValues?: string;
  ReturnValuesOnConditionCheckFailure?: string;
}

/** Splits at `separator` outside parentheses. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** An update expression read: ADD's operands, SET's (a value, or if_not_exists(path, value)). */
interface Update {
  adds: { target: string; value: string }[];
  sets: { target: string; value: string; ifNotExists?: string }[];
}

function parseUpdate(text: string): Update {
  const match = /^(?:ADD (.*?))?\s*(?:SET (.*))?$/.exec(text)!;
  const adds = (match[1] ? splitTop(match[1], ',') : []).map((clause) => {
    const [target, value] = clause.split(/\s+/) as [string, string];
    return { target, value };
  });
  const sets = (match[2] ? splitTop(match[2], ',') : []).map((clause) => {
    const [target, expression] = clause.split(' = ') as [string, string];
    const ifNotExists = /^if_not_exists\((\S+), (\S+)\)$/.exec(expression);
    return ifNotExists
      ? { target, value: ifNotExists[2]!, ifNotExists: ifNotExists[1]! }
      : { target, value: expression };
  });
  return { adds, sets };
}

/** A condition expression read: AND, OR, attribute_(not_)exists, and `path < value` or `<=`. */
type Condition =
  | { kind: 'and' | 'or'; parts: Condition[] }
  | { kind: 'exists'; path: string; exists: boolean }
  | { kind: 'less'; path: string; value: string; orEqual: boolean };

function parseCondition(text: string): Condition {
  const ands = splitTop(text, ' AND ');
  if (ands.length > 1) return { kind: 'and', parts: ands.map(parseCondition) };
  const ors = splitTop(text, ' OR ');
  if (ors.length > 1) return { kind: 'or', parts: ors.map(parseCondition) };
  if (text.startsWith('(') && text.endsWith(')')) return parseCondition(text.slice(1, -1));
  const exists = /^attribute_(not_)?exists\((\S+)\)$/.exec(text);
  if (exists) return { kind: 'exists', path: exists[2]!, exists: !exists[1] };
  const less = /^(\S+) (<|<=) (\S+)$/.exec(text);
  if (less) return { kind: 'less', path: less[1]!, value: less[3]!, orEqual: less[2] === '<=' };
  throw new Error(`the simulated store cannot read the condition ${text}`);
}

/** `text` read with `parse`, once per distinct text. */
function parsed<T>(cache: Map<string, T>, text: string, parse: (text: string) => T): T {
  let result = cache.get(text);
  if (result === undefined) {
    result = parse(text);
    cache.set(text, result);
  }
  return result;
}

/**
 * The store: the update, put and query forms events.ts sends (ADD, SET with
 * if_not_exists, attribute_(not_)exists / < conditions, UPDATED_NEW, ALL_OLD on a failed
 * condition), applied to a Map. Every write attempt counts, a refused condition too
 * (DynamoDB bills it), under the simulated second it happened in.
 */
class SimulatedStore {
  readonly items = new Map<string, Item>();
  /**
   * Each item's size (itemBytes), kept up to date by each write from the attributes it
   * changes: measuring and copying the whole counter item on each of the ramp's 700,000 writes
   * was two thirds of this file's time.
   */
  private readonly sizes = new Map<string, number>();
  /** Expressions read once each: the repository sends the same few hundreds of thousands of times. */
  private readonly updates = new Map<string, Update>();
  private readonly conditions = new Map<string, Condition>();
  /** second -> item key -> updates */
  readonly itemWrites = new Map<number, Map<string, number>>();
  /** second -> partition key -> WCU */
  readonly partitionWcu = new Map<number, Map<string, number>>();
  writes = 0;
  private readonly clock: () => number;
  constructor(clock: () => number) {
    this.clock = clock;
  }

  private count(pk: string, sk: string, bytes: number) {
    const second = Math.floor(this.clock() / 1000);
    const items = this.itemWrites.get(second) ?? new Map<string, number>();
    const partitions = this.partitionWcu.get(second) ?? new Map<string, number>();
    this.itemWrites.set(second, items);
    this.partitionWcu.set(second, partitions);
    const key = `${pk}\u0000${sk}`;
    items.set(key, (items.get(key) ?? 0) + 1);
    partitions.set(pk, (partitions.get(pk) ?? 0) + Math.max(1, Math.ceil(bytes / 1024)));
    this.writes++;
  }

  send = async (command: { constructor: { name: string }; input: StoreInput }) => {
    const input = command.input;
    switch (command.constructor.name) {
      case 'PutCommand': {
        const item = input.Item as Item;
        const key = `${String(item['pk'])}\u0000${String(item['sk'])}`;
        const bytes = itemBytes(item);
        this.items.set(key, { ...item });
        this.sizes.set(key, bytes);
        this.count(String(item['pk']), String(item['sk']), bytes);
        return {};
      }
      case 'UpdateCommand':
        return this.update(input);
      case 'QueryCommand':
        return this.query(input);
      default:
        throw new Error(`the simulated store has no ${command.constructor.name}`);
    }
  };

  private update(input: StoreInput) {
    const { pk, sk } = input.Key as { pk: string; sk: string };
    const key = `${pk}\u0000${sk}`;
    const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    const name = (token: string) => (token.startsWith('#') ? names[token]! : token);
    const old = this.items.get(key);
    // Read as it was before the update; changed in place once the condition holds.
    const item: Item = old ?? { pk, sk };
    const itemBytesBefore = old ? (this.sizes.get(key) ?? itemBytes(old)) : itemBytes(item);
    const condition = (test: Condition): boolean => {
      switch (test.kind) {
        case 'and':
          return test.parts.every(condition);
        case 'or':
          return test.parts.some(condition);
        case 'exists':
          return (item[name(test.path)] !== undefined) === test.exists;
        case 'less': {
          const [left, right] = [Number(item[name(test.path)]), Number(values[test.value])];
          return test.orEqual ? left <= right : left < right;
        }
      }
    };
    if (
      input.ConditionExpression &&
      !condition(parsed(this.conditions, input.ConditionExpression, parseCondition))
    ) {
      this.count(pk, sk, itemBytesBefore);
      const wire = Object.fromEntries(
        Object.entries(old ?? {}).map(([k, v]) => [
          k,
          typeof v === 'number' ? { N: String(v) } : { S: String(v) },
        ]),
      );
      throw Object.assign(new Error('The conditional request failed'), {
        name: 'ConditionalCheckFailedException',
        ...(input.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && old ? { Item: wire } : {}),
      });
    }
    const update = parsed(this.updates, input.UpdateExpression as string, parseUpdate);
    // Every operand is read from the item as it was before the update: the new values
    // first, then applied.
    const changes = new Map<string, unknown>();
    for (const { target, value } of update.adds) {
      const attribute = name(target);
      changes.set(attribute, Number(item[attribute] ?? 0) + Number(values[value]));
    }
    for (const { target, value, ifNotExists } of update.sets) {
      changes.set(
        name(target),
        ifNotExists ? ((old ?? {})[name(ifNotExists)] ?? values[value]) : values[value],
      );
    }
    let bytes = itemBytesBefore;
    for (const [attribute, value] of changes) {
      if (Object.hasOwn(item, attribute)) bytes -= attributeBytes(attribute, item[attribute]);
      item[attribute] = value;
      bytes += attributeBytes(attribute, value);
    }
    this.items.set(key, item);
    this.sizes.set(key, bytes);
    // An update is billed on the larger of the item before (nothing, for a new one) and after.
    this.count(pk, sk, Math.max(old ? itemBytesBefore : 0, bytes));
    return input.ReturnValues === 'UPDATED_NEW'
      ? { Attributes: Object.fromEntries([...changes.keys()].map((a) => [a, item[a]])) }
      : {};
  }

  private query(input: StoreInput) {
    const values = input.ExpressionAttributeValues as Record<string, string>;
    const between = / AND sk BETWEEN :from AND :to$/.test(input.KeyConditionExpression as string);
    const items = [...this.items.values()].filter(
      (item) =>
        item['pk'] === values[':pk'] &&
        (!between ||
          (String(item['sk']) >= values[':from']! && String(item['sk']) <= values[':to']!)),
    );
    items.sort((a, b) => (String(a['sk']) < String(b['sk']) ? -1 : 1));
    return { Items: items.map((item) => ({ ...item })) };
  }

  /** Per second: the busiest item's updates, the busiest raw-event and counter partitions' WCU. */
  peaks() {
    const perSecond = [...this.itemWrites.keys()]
      .sort((a, b) => a - b)
      .map((second) => {
        const items = this.itemWrites.get(second)!;
        const partitions = this.partitionWcu.get(second)!;
        const top = (prefix: string) =>
          Math.max(0, ...[...partitions].filter(([pk]) => pk.startsWith(prefix)).map(([, w]) => w));
        const [itemKey, item] = [...items].reduce((a, b) => (b[1] > a[1] ? b : a));
        return {
          second,
          itemKey,
          item,
          eventsPartition: top(PK.events),
          statsPartition: top(PK.stats),
        };
      });
    const max = (field: 'item' | 'eventsPartition' | 'statsPartition') =>
      Math.max(...perSecond.map((s) => s[field]));
    return {
      perSecond,
      item: max('item'),
      eventsPartition: max('eventsPartition'),
      statsPartition: max('statsPartition'),
    };
  }

  /** The largest counter item's size in bytes. */
  largestCounterItem(): number {
    return Math.max(
      ...[...this.items.values()]
        .filter((i) => String(i['pk']).startsWith(PK.stats))
        .map(itemBytes),
    );
  }

  /** Sort keys stored under a partition key. */
  sortKeys(pk: string): string[] {
    return [...this.items.values()].filter((i) => i['pk'] === pk).map((i) => String(i['sk']));
  }
}

const PAGE = '0b9e3c2a-6f1d-4e8a-9c3b-2d7f5a1e4b6c';
const DAY = '2026-03-02';
const START = Date.parse(`${DAY}T08:00:00.000Z`);
/**
 * Writers, each with its own CounterShards, as Lambda runs them: one instance per request
 * in flight, so about rate x LATENCY_S of them (an event is two store round trips), up to
 * MAX_INSTANCES; an instance started during the run begins knowing nothing.
 */
const LATENCY_S = 0.015;
const MAX_INSTANCES = 150;

interface Sent {
  events: Map<EventType, number>;
  visitors: Set<string>;
  leads: number;
  referrerVisitors: number;
  campaignVisitors: number;
  direct: number;
}

/**
 * Drives `rate(t)` events a second (t in seconds from START) for `seconds`, all on PAGE,
 * spread over INSTANCES repositories; one event in 100 is followed by a lead. A visitor
 * sends a few events, so most events are a visitor's first page view of the day, the
 * heaviest kind (every dimension of both counter items).
 */
async function drive(rate: (t: number) => number, seconds: number, seed = 25) {
  let clock = START;
  const store = new SimulatedStore(() => clock);
  const db = store as unknown as DynamoDBDocumentClient;
  const random = seeded(seed);
  const instances: EventRepository[] = [];
  const sent: Sent = {
    events: new Map(),
    visitors: new Set(),
    leads: 0,
    referrerVisitors: 0,
    campaignVisitors: 0,
    direct: 0,
  };
  const devices: DeviceClass[] = ['desktop', 'mobile', 'tablet'];
  let owed = 0;
  let visitorNumber = 0;
  for (let ms = 0; ms < seconds * 1000; ms++) {
    clock = START + ms;
    owed += rate(ms / 1000) / 1000;
    const running = Math.min(MAX_INSTANCES, Math.max(1, Math.ceil(rate(ms / 1000) * LATENCY_S)));
    while (instances.length < running) {
      const next = seeded(seed + 1 + instances.length);
      instances.push(new EventRepository(db, 'sim', () => new Date(clock), 'secret', next));
    }
    for (; owed >= 1; owed--) {
      const instance = instances[Math.floor(random() * running)]!;
      // A new visitor two events in three; else one of the last hundred comes back.
      const visitor = `v${random() < 2 / 3 ? ++visitorNumber : Math.max(1, visitorNumber - Math.floor(random() * 100))}`;
      const isView = random() < 0.8;
      const type: EventType = isView ? 'page_view' : 'hero_primary_cta';
      // 120 referrer hosts and 40 campaigns: more than the caps (20, 30) allow per item.
      const attribution: Attribution | undefined =
        random() < 0.5
          ? {
              referrerHost: `r${Math.floor(random() * 120)}.example`,
              ...(random() < 0.5
                ? { utmSource: 'news', utmCampaign: `c${Math.floor(random() * 40)}` }
                : {}),
            }
          : undefined;
      const firstView = isView && !sent.visitors.has(visitor);
      await instance.record(
        { landingPageId: 'newsletter', eventType: type, ...(attribution ? { attribution } : {}) },
        PAGE,
        visitor,
        { device: devices[Math.floor(random() * 3)]! },
      );
      sent.events.set(type, (sent.events.get(type) ?? 0) + 1);
      if (isView) sent.visitors.add(visitor);
      if (firstView) {
        if (attribution?.referrerHost) sent.referrerVisitors++;
        else sent.direct++;
        if (attribution?.utmCampaign) sent.campaignVisitors++;
      }
      if (random() < 0.01) {
        await instance.recordLead(PAGE, { device: 'desktop', attribution });
        sent.leads++;
      }
    }
  }
  return { store, sent, reader: instances[0]! };
}

/** The figures of a day read back as the dashboard reads them, and what was sent. */
async function expectNothingLost(
  reader: EventRepository,
  sent: Sent,
  scope: string,
): Promise<DayStats> {
  const [stats] = await reader.dayStats(scope, DAY, DAY);
  expect(stats!.events.get('page_view')!.count).toBe(sent.events.get('page_view'));
  expect(stats!.events.get('hero_primary_cta')!.count).toBe(sent.events.get('hero_primary_cta'));
  expect(stats!.events.get('page_view')!.visitors).toBe(sent.visitors.size);
  expect(stats!.leads).toBe(sent.leads);
  // Every visitor's source is counted once: by name, as (other) or as direct.
  const named = [...stats!.referrers.values()].reduce((sum, c) => sum + c.visitors, 0);
  expect(named + stats!.referrersOther.visitors).toBe(sent.referrerVisitors);
  expect(stats!.referrersDirect.visitors).toBe(sent.direct);
  const campaigns = [...stats!.campaigns.values()].reduce((sum, c) => sum + c.visitors, 0);
  expect(campaigns + stats!.campaignsOther.visitors).toBe(sent.campaignVisitors);
  return stats!;
}

describe('ingestion at 10,000 events a second on one page (simulated clock)', () => {
  it('a newsletter ramp (0 to 10,000 a second in 10 s, then 10 s at 10,000): no item over 100 updates a second, no raw-event partition over 1,000 WCU a second, nothing lost', async () => {
    const { store, sent, reader } = await drive((t) => Math.min(10_000, 1000 * t), 20);
    const peaks = store.peaks();
    const atFull = peaks.perSecond.filter((s) => s.second * 1000 >= START + 10_000);
    console.info(
      `ramp: ${[...sent.events.values()].reduce((a, b) => a + b)} events, ${store.writes} writes; ` +
        `busiest item ${peaks.item} updates/s; busiest raw-event partition ${peaks.eventsPartition} WCU/s; ` +
        `busiest counter partition ${peaks.statsPartition} WCU/s; at 10,000/s the busiest item ` +
        `${Math.max(...atFull.map((s) => s.item))} updates/s; ` +
        `shards: page ${reader.shards.shards(PAGE, DAY)}, site ${reader.shards.shards(SITE_SCOPE, DAY)}`,
    );
    expect(peaks.item).toBeLessThanOrEqual(100);
    expect(peaks.eventsPartition).toBeLessThanOrEqual(1000);
    // The page and the site spread over the top level, and read back whole.
    const top = COUNTER_SHARD_LEVELS.at(-1)!;
    expect(store.sortKeys(keys.statsPartition(PAGE)).length).toBeLessThanOrEqual(top);
    expect(store.sortKeys(keys.statsPartition(PAGE)).length).toBeGreaterThan(16);
    await expectNothingLost(reader, sent, PAGE);
    const site = await expectNothingLost(reader, sent, SITE_SCOPE);
    expect(site.pages.get(PAGE)).toMatchObject({
      pageViews: sent.events.get('page_view'),
      visitors: sent.visitors.size,
      ctaClicks: sent.events.get('hero_primary_cta'),
      leads: sent.leads,
    });
    expect(await reader.eventsForDay(PAGE, DAY)).toHaveLength(
      [...sent.events.values()].reduce((a, b) => a + b),
    );
  }, 300_000);

  it('a step from nothing to 10,000 a second with 150 new instances: over 100 updates on shard 0 in the first second only, within 1,000 WCU', async () => {
    const { store, sent, reader } = await drive(() => 10_000, 5);
    const peaks = store.peaks();
    const [first, ...rest] = peaks.perSecond;
    console.info(
      `step: busiest item ${first!.item} updates/s in the first second (${first!.itemKey.replace('\u0000', ' ')}), ` +
        `${Math.max(...rest.map((s) => s.item))} after; busiest raw-event partition ${peaks.eventsPartition} WCU/s; ` +
        `largest counter item ${store.largestCounterItem()} bytes`,
    );
    // Every instance starts at once knowing nothing, and no writer has measured the rate
    // yet: each sends its first few updates to the day's shard 0 (about 3 each) before its
    // own two looks at the item show the rate. That second is the one over 100, and stays
    // under DynamoDB's 1,000 WCU an item for items of this size; after it, none is over 100.
    const wcu = Math.ceil(store.largestCounterItem() / 1024);
    expect(first!.item).toBeLessThanOrEqual(4 * MAX_INSTANCES);
    expect(first!.item * wcu).toBeLessThanOrEqual(1000);
    expect(Math.max(...rest.map((s) => s.item))).toBeLessThanOrEqual(100);
    expect(peaks.eventsPartition).toBeLessThanOrEqual(1000);
    await expectNothingLost(reader, sent, PAGE);
  }, 300_000);

  it('a quiet day stays one counter item per scope, the key every older item has', async () => {
    const { store, sent, reader } = await drive(() => 5, 120);
    expect(store.sortKeys(keys.statsPartition(PAGE))).toEqual([keys.counter(PAGE, DAY).sk]);
    expect(store.sortKeys(keys.statsPartition(SITE_SCOPE))).toEqual([
      keys.counter(SITE_SCOPE, DAY).sk,
    ]);
    await expectNothingLost(reader, sent, SITE_SCOPE);
  });
});

describe('counter shards', () => {
  it('an item of the first release (DAY#<day>) and new shards of the same day sum', async () => {
    let clock = START;
    const store = new SimulatedStore(() => clock);
    const repository = new EventRepository(
      store as unknown as DynamoDBDocumentClient,
      'sim',
      () => new Date(clock),
      'secret',
    );
    // Stored before issue 25: one item, written as the bench seeds it.
    const old = emptyDayStats(DAY);
    old.events.set('page_view', { count: 7, visitors: 5 });
    old.referrers.set('a.example', { visitors: 3, leads: 1 });
    old.leads = 1;
    await store.send({
      constructor: { name: 'PutCommand' },
      input: { Item: dayStatsItem(PAGE, old) },
    });
    expect(dayStatsItem(PAGE, old)['sk']).toBe(keys.statsDaySk(DAY));
    // Then a busy hour: the repository spreads its writes over shards.
    for (let i = 0; i < 2000; i++) {
      clock = START + i;
      await repository.record(
        { landingPageId: 'x', eventType: 'page_view', attribution: { referrerHost: 'a.example' } },
        PAGE,
        `v${i}`,
        { device: 'mobile' },
      );
    }
    expect(store.sortKeys(keys.statsPartition(PAGE)).length).toBeGreaterThan(1);
    const [stats] = await repository.dayStats(PAGE, DAY, DAY);
    expect(stats!.events.get('page_view')).toEqual({ count: 2007, visitors: 2005 });
    expect(stats!.referrers.get('a.example')).toEqual({ visitors: 2003, leads: 1 });
    expect(stats!.leads).toBe(1);
  });

  it('a value named in one shard and counted as other in another is reported by name for its named part, the rest in Other', () => {
    // Shard 0 reached the cap before b.example came; shard 1 gave it a counter.
    const full = emptyDayStats(DAY);
    for (let i = 0; i < DIMENSION_CAP; i++)
      full.referrers.set(`r${i}.example`, { visitors: 1, leads: 0 });
    full.referrersOther = { visitors: 4, leads: 1 }; // b.example's 4 visitors and a lead, unnamed
    const shard1 = emptyDayStats(DAY);
    shard1.referrers.set('b.example', { visitors: 6, leads: 0 });
    shard1.referrers.set('r0.example', { visitors: 2, leads: 0 });
    const merged = mergeDayStats(
      toDayStats(dayStatsItem(PAGE, full)),
      toDayStats(dayStatsItem(PAGE, shard1)),
    );
    expect(merged.referrers.get('b.example')).toEqual({ visitors: 6, leads: 0 });
    expect(merged.referrers.get('r0.example')).toEqual({ visitors: 3, leads: 0 });
    expect(merged.referrersOther).toEqual({ visitors: 4, leads: 1 });
    const total = (stats: DayStats) =>
      [...stats.referrers.values()].reduce((sum, c) => sum + c.visitors, 0) +
      stats.referrersOther.visitors;
    expect(total(merged)).toBe(DIMENSION_CAP + 4 + 6 + 2);
  });

  it('each shard item keeps its own cap', async () => {
    let clock = START;
    const store = new SimulatedStore(() => clock);
    const repository = new EventRepository(
      store as unknown as DynamoDBDocumentClient,
      'sim',
      () => new Date(clock),
      'secret',
    );
    const write = counterWrite(PAGE, DAY, DIMENSION_CAP, 3);
    expect(write.shard).toBe(3);
    for (let i = 0; i < 30; i++) {
      clock = START + i * 1000;
      await repository.recordLead(PAGE, {
        device: 'desktop',
        attribution: { referrerHost: `h${i}.example` },
      });
    }
    for (const sk of store.sortKeys(keys.statsPartition(PAGE))) {
      const item = store.items.get(`${keys.statsPartition(PAGE)}\u0000${sk}`)!;
      expect(Number(item['ref:(slots)'] ?? 0)).toBeLessThanOrEqual(DIMENSION_CAP);
    }
  });

  it('levels follow the items’ rate: up at once under load, down one level at a time when it falls', () => {
    let clock = 0;
    const shards = new CounterShards(() => clock, seeded(1));
    expect(shards.shards('p', DAY)).toBe(1);
    expect(shards.pick('p', DAY)).toBe(0);
    // 2,000 updates a second on the one item: straight to 2,000 / 25 = 80 -> 256.
    shards.observe('p', DAY, 0, 1);
    clock = 10;
    shards.observe('p', DAY, 0, 21);
    expect(shards.shards('p', DAY)).toBe(256);
    // 1 update a second per item of 256 (256 a second): 256 / 64 = 4 <= 12, one level down.
    shards.observe('p', DAY, 5, 100);
    clock = 1010;
    shards.observe('p', DAY, 5, 101);
    expect(shards.shards('p', DAY)).toBe(64);
    // The next day starts where this one ended.
    expect(shards.shards('p', '2026-03-03')).toBe(64);
  });
});
