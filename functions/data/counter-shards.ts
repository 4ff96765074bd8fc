// Counter shards (issue 25, docs/decisions/0082-sharded-counters.md): how many items a
// scope-day's counters are spread over, chosen per event from the write rate the items
// themselves report. The counter items' encoding is functions/data/event-counters.ts's; apart
// from it since docs/decisions/0441-data-modules-by-concern.md.

/** The shard counts a scope-day's counters may be spread over (see CounterShards). */
export const COUNTER_SHARD_LEVELS = [1, 4, 16, 64, 256] as const;
/** Updates a second one counter item is aimed at after a level change. */
export const SHARD_TARGET_RATE = 25;
/** Above this many updates a second on an item, its scope-day moves up a level. */
export const SHARD_HIGH_RATE = 50;
/** At or below this total rate per item of the level below, it moves down one. */
export const SHARD_LOW_RATE = 12;
/** A rate is estimated once an item has taken this many updates since the last sample... */
const SAMPLE_WRITES = 8;
/** ... or this long has passed (a quiet item). */
const SAMPLE_MS = 1000;

interface ScopeShards {
  day: string;
  /** Index into COUNTER_SHARD_LEVELS. */
  level: number;
  /** Per shard, the item's `writes` (every writer's updates) when this instance last saw it. */
  samples: Map<number, { at: number; writes: number }>;
  /** Nothing observed yet for this scope-day: the first answer may set the level. */
  fresh: boolean;
  /** The level comes from a measured rate or from another writer, not from a default. */
  decided: boolean;
}

/**
 * Chooses the counter item of a scope-day an event updates, so that no item takes more
 * than about SHARD_HIGH_RATE updates a second however many instances write
 * (docs/decisions/0082-sharded-counters.md).
 *
 * The rate is the items' own: every update adds 1 to the item's `writes` and returns it,
 * so two of this instance's updates to one item, `dt` apart, show every writer's updates
 * in between. Times the level's item count, that is the scope-day's event rate R; the
 * level goes up to the first whose items take R / shards <= SHARD_TARGET_RATE once an item
 * takes more than SHARD_HIGH_RATE, and down one level when the level below would take no
 * more than SHARD_LOW_RATE. Each event then picks a shard of the level at random. One
 * instance per process (or Lambda instance); nothing is shared but the items. An instance
 * that starts while the scope-day is busy (a new Lambda instance) learns the level from its
 * first update's answer: the shard count the item's last decided writer used (an instance
 * is decided once it has measured a rate or learned the level so; until then it leaves the
 * item's count as it is).
 */
export class CounterShards {
  private readonly scopes = new Map<string, ScopeShards>();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(now: () => number, random: () => number = Math.random) {
    this.now = now;
    this.random = random;
  }

  /** How many items a scope-day's counters currently go to (this instance's view). */
  shards(scope: string, day: string): number {
    return COUNTER_SHARD_LEVELS[this.state(scope, day).level]!;
  }

  /** Whether the level is known (measured or learned), not the default of a new instance. */
  decided(scope: string, day: string): boolean {
    return this.state(scope, day).decided;
  }

  /** The shard the next event of the scope-day updates. */
  pick(scope: string, day: string): number {
    const shards = this.shards(scope, day);
    return shards === 1 ? 0 : Math.floor(this.random() * shards);
  }

  /**
   * An update of the shard's item returned `writes` (its update count, all writers) and
   * `othersShards`, the shard count the item's previous writer used.
   */
  observe(scope: string, day: string, shard: number, writes: number, othersShards = 1): void {
    const state = this.state(scope, day);
    const at = this.now();
    if (state.fresh) {
      state.fresh = false;
      const level = COUNTER_SHARD_LEVELS.findIndex((shards) => shards === othersShards);
      if (level > state.level) {
        state.level = level;
        state.decided = true;
        state.samples.clear();
        return;
      }
    }
    const previous = state.samples.get(shard);
    if (!previous || writes < previous.writes) {
      state.samples.set(shard, { at, writes });
      return;
    }
    const updates = writes - previous.writes;
    const elapsed = at - previous.at;
    if (updates < SAMPLE_WRITES && elapsed < SAMPLE_MS) return;
    state.samples.set(shard, { at, writes });
    state.decided = true;
    const itemRate = (updates * 1000) / Math.max(elapsed, 1);
    const current = COUNTER_SHARD_LEVELS[state.level]!;
    const total = itemRate * current;
    let level = state.level;
    if (itemRate > SHARD_HIGH_RATE) {
      while (
        level < COUNTER_SHARD_LEVELS.length - 1 &&
        total / COUNTER_SHARD_LEVELS[level]! > SHARD_TARGET_RATE
      ) {
        level++;
      }
    } else if (level > 0 && total / COUNTER_SHARD_LEVELS[level - 1]! <= SHARD_LOW_RATE) {
      level--;
    }
    if (level !== state.level) {
      // The samples measured the old level's items; start afresh.
      state.level = level;
      state.samples.clear();
    }
  }

  private state(scope: string, day: string): ScopeShards {
    let state = this.scopes.get(scope);
    if (!state || state.day !== day) {
      // A new day starts at the level the last one ended with: a busy midnight stays spread.
      state = {
        day,
        level: state?.level ?? 0,
        samples: new Map(),
        fresh: true,
        decided: state?.decided ?? false,
      };
      this.scopes.set(scope, state);
    }
    return state;
  }
}
