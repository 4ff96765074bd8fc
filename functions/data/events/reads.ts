// The event repository's reads: a scope's daily counters (its shards summed), the goals'
// counters, and a page-day's raw events (docs/decisions/0081-analytics-storage-and-reads.md;
// the split: docs/decisions/0441-data-modules-by-concern.md).
import { addDays } from '../../shared/days.ts';
import { EVENT_TYPES } from '../../shared/events.ts';
import {
  EVENT_PARTITIONS,
  GOALS_SCOPE,
  mergeDayStats,
  toDayStats,
  type DayStats,
  type EventCounter,
} from '../event-counters.ts';
import { mergeGoalDayStats, toGoalDayStats, type GoalDayStats } from '../goal-counters.ts';
import { keys } from '../keys.ts';
import { queryAll } from '../table.ts';
import { EventStore } from './store.ts';

/** Days read by one query of a long range (see dayStats). */
const DAYS_PER_QUERY = 30;

export class EventReads extends EventStore {
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
  protected async counterItems(
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
}
