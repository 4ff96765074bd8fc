// Counting per variant (docs/decisions/0320-experiment-visitor-key.md for the units,
// docs/decisions/0082-sharded-counters.md for the shards): a visitor is a visitor key, the
// keyed hash of the address prefix and the user agent's family under the experiment
// (functions/lib/experiment-visitor.ts), for the whole test; a conversion is a visitor with
// the goal. The key's own item holds its marks, so its first event counts it once; each
// counter update (a new visitor or conversion only) goes to one of COUNTER_SHARDS items of
// the day, chosen at random. When the experiment ends, the minute's schedule run deletes its
// keys (sweepEndedVisitors); the TTL is a backstop.
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VARIANT_IDS, type VariantId } from '../../shared/experiments.ts';
import { keys } from '../keys.ts';
import { utcDay } from '../salts.ts';
import { deleteKeys, queryAll } from '../table.ts';
import { ExperimentServing, type RunningExperiment } from './serving.ts';

/**
 * Shards of a day's counters: 128 keeps every item under 80 updates a second at 10,000 new
 * visitor-days a second on one experiment (docs/decisions/0082-sharded-counters.md); a quiet day
 * writes only the few it picks, and the results read whichever exist (tiny items, one Query).
 */
export const COUNTER_SHARDS = 128;
const DAY_SECONDS = 86_400;
/**
 * Partitions of an experiment's visitor keys (the key's bits 32 to 39 choose one, so a
 * visitor always meets the same): each takes at most 1,000 writes a second, so one
 * experiment counts up to 32,000 events a second.
 */
export const VISITOR_SHARDS = 32;
/**
 * A visitor key no event has touched for this long expires (DynamoDB's TTL): a backstop for
 * the deletion at the experiment's end; a visitor away longer than this counts again.
 */
export const KEY_IDLE_DAYS = 90;
/** Visitor keys one sweep deletes at most (the schedule runs every minute). */
export const SWEEP_BUDGET = 5_000;

export interface DayCounts {
  day: string;
  variants: Map<VariantId, { visitors: number; conversions: number }>;
}

/** The partition of a visitor key: bits 32 to 39 (the assignment uses bits 0 to 31). */
const visitorShard = (key: string) => parseInt(key.slice(8, 10), 16) % VISITOR_SHARDS;

/** The counting layer of the experiments' repository (layers: functions/data/experiments/store.ts). */
export abstract class ExperimentCounters extends ExperimentServing {
  /**
   * Counts an event of the visitor `key` (functions/lib/experiment-visitor.ts visitorKey,
   * whose variant the caller checked is `variantId`): the key's first event of the experiment
   * makes it a visitor, its first goal event a conversion (and a visitor, when the goal came
   * first), each on the day it happens. One write on the key's own item per event, whose
   * answer says whether it was new; a counter update only for a new visitor or conversion.
   */
  async count(
    experiment: RunningExperiment,
    variantId: VariantId,
    key: string,
    kind: 'view' | 'goal',
  ): Promise<void> {
    const now = this.now();
    const day = utcDay(now);
    const goal = kind === 'goal';
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.experimentVisitor(experiment.id, visitorShard(key), key),
        UpdateExpression: `ADD #v :one${goal ? ', #g :one' : ''} SET expiresAt = :expires`,
        ExpressionAttributeNames: { '#v': 'views', ...(goal ? { '#g': 'goals' } : {}) },
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': Math.floor(now.getTime() / 1000) + KEY_IDLE_DAYS * DAY_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const marks = result.Attributes ?? {};
    const visitors = Number(marks['views']) === 1 ? 1 : 0;
    const conversions = goal && Number(marks['goals']) === 1 ? 1 : 0;
    if (!visitors && !conversions) return;
    const shard = Math.floor(Math.random() * COUNTER_SHARDS);
    const adds: string[] = [];
    const names: Record<string, string> = {};
    if (visitors) {
      adds.push('#vis :one');
      names['#vis'] = `v:${variantId}`;
    }
    if (conversions) {
      adds.push('#conv :one');
      names['#conv'] = `c:${variantId}`;
    }
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.experimentDay(experiment.id, day, shard),
        UpdateExpression: `ADD ${adds.join(', ')} SET #day = :day`,
        ExpressionAttributeNames: { ...names, '#day': 'day' },
        ExpressionAttributeValues: { ':one': 1, ':day': day },
      }),
    );
  }

  /**
   * Deletes the visitor keys of ended experiments, at most `budget` a run, and forgets an
   * experiment once none is left. The schedule runs it every minute (functions/publishing/
   * lambda.ts, functions/server/local-stack.ts); Queries of the keys' own partitions, never
   * a Scan.
   */
  async sweepEndedVisitors(budget = SWEEP_BUDGET): Promise<{ deleted: number; pending: number }> {
    const ended = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.endedExperimentVisitors('').pk },
      ProjectionExpression: 'sk',
    });
    let deleted = 0;
    let pending = 0;
    for (const { sk } of ended) {
      const id = String(sk);
      let left = false;
      for (let shard = 0; shard < VISITOR_SHARDS; shard++) {
        if (deleted >= budget) {
          left = true;
          break;
        }
        const page = await this.db.send(
          new QueryCommand({
            TableName: this.table,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.experimentVisitorsPartition(id, shard) },
            ProjectionExpression: 'pk, sk',
            Limit: budget - deleted,
          }),
        );
        const found = (page.Items ?? []).map((item) => ({ pk: item['pk'], sk: item['sk'] }));
        await deleteKeys(this.db, this.table, found);
        deleted += found.length;
        if (page.LastEvaluatedKey) left = true;
      }
      if (left) pending++;
      else {
        await this.db.send(
          new DeleteCommand({ TableName: this.table, Key: keys.endedExperimentVisitors(id) }),
        );
      }
    }
    return { deleted, pending };
  }

  /** Per day (oldest first), each variant's visitors and conversions, shards summed. */
  async counters(id: string): Promise<DayCounts[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.experimentStatsPartition(id) },
    });
    const days = new Map<string, DayCounts>();
    for (const item of items) {
      const day = String(item['day']);
      let entry = days.get(day);
      if (!entry) {
        entry = { day, variants: new Map() };
        days.set(day, entry);
      }
      for (const variantId of VARIANT_IDS) {
        const visitors = Number(item[`v:${variantId}`] ?? 0);
        const conversions = Number(item[`c:${variantId}`] ?? 0);
        if (!visitors && !conversions) continue;
        const sum = entry.variants.get(variantId) ?? { visitors: 0, conversions: 0 };
        sum.visitors += visitors;
        sum.conversions += conversions;
        entry.variants.set(variantId, sum);
      }
    }
    return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  }

  /** Removes an experiment's counters (tests and restore only). */
  async clearCounters(id: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.experimentStatsPartition(id) },
      ProjectionExpression: 'pk, sk',
    });
    await deleteKeys(this.db, this.table, items);
  }
}
