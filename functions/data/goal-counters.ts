// The goals' counter item, read back (issue 25, docs/decisions/0160-goal-breakdowns-and-funnels.md):
// one more scope, GOAL_EVENTS (STATS#GOAL_EVENTS, sharded like every scope), updated by every
// event but a page view; its attributes (pe:<type>:<pageId>, gs:<json>) are described with
// the other counter items' in functions/data/event-counters.ts. Apart from that encoding
// since docs/decisions/0441-data-modules-by-concern.md.
import { isEventKey, unpair } from './event-counters.ts';

/** An event type's events and visitors on one page or from one source (a goals item). */
export interface GoalCount {
  conversions: number;
  converters: number;
}

/**
 * A goals item, read back: per event key (a type, or a type about a form or file: eventKey),
 * by page id and by source.
 */
export interface GoalDayStats {
  day: string;
  pages: Map<string, Map<string, GoalCount>>;
  sources: Map<string, Map<string, GoalCount>>;
}

/** The capped value of an event's key and source on the goals item. */
export const goalSourceValue = (key: string, source: string) => JSON.stringify([key, source]);

/** A goals item's attributes back into figures (see the header). */
export function toGoalDayStats(item: Record<string, unknown>): GoalDayStats {
  const stats: GoalDayStats = { day: String(item['day']), pages: new Map(), sources: new Map() };
  const addTo = (
    map: Map<string, Map<string, GoalCount>>,
    type: string,
    key: string,
    value: number,
  ) => {
    if (!isEventKey(type)) return;
    const byKey = map.get(type) ?? new Map<string, GoalCount>();
    map.set(type, byKey);
    const [conversions, converters] = unpair(value);
    const entry = byKey.get(key) ?? { conversions: 0, converters: 0 };
    entry.conversions += conversions;
    entry.converters += converters;
    byKey.set(key, entry);
  };
  for (const [name, value] of Object.entries(item)) {
    if (typeof value !== 'number') continue;
    if (name.startsWith('pe:')) {
      const rest = name.slice(3);
      const colon = rest.indexOf(':');
      if (colon > 0) addTo(stats.pages, rest.slice(0, colon), rest.slice(colon + 1), value);
    } else if (name.startsWith('gs:[')) {
      const parsed = parseJsonPair(name.slice(3));
      if (parsed) addTo(stats.sources, parsed[0], parsed[1], value);
    }
  }
  return stats;
}

function parseJsonPair(text: string): [string, string] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length === 2
      ? [String(parsed[0]), String(parsed[1])]
      : undefined;
  } catch {
    return undefined;
  }
}

/** Adds one goals shard's figures into another's (the same day). */
export function mergeGoalDayStats(into: GoalDayStats, from: GoalDayStats): GoalDayStats {
  for (const field of ['pages', 'sources'] as const) {
    for (const [type, byKey] of from[field]) {
      const target = into[field].get(type) ?? new Map<string, GoalCount>();
      into[field].set(type, target);
      for (const [key, counts] of byKey) {
        const entry = target.get(key);
        if (entry) {
          entry.conversions += counts.conversions;
          entry.converters += counts.converters;
        } else {
          target.set(key, { ...counts });
        }
      }
    }
  }
  return into;
}
