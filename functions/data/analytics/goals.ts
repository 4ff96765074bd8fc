// The dashboard's goals report: each goal's conversions, converters and rate over the
// range's daily counters (docs/decisions/0159-goals.md,
// docs/decisions/0412-form-and-file-goals.md; the folder:
// docs/decisions/0440-analytics-report-modules.md).
import { goalPathMatches, type Goal, type GoalFigures } from '../../shared/analytics.ts';
import type { EventType } from '../../shared/events.ts';
import { eventKey, type DayStats } from '../event-counters.ts';

/**
 * The counter name an event goal reads: its type, or its type about one form or one file
 * (docs/decisions/0412-form-and-file-goals.md); undefined for a page goal.
 */
export const goalEventKey = (goal: Goal): string | undefined =>
  goal.kind === 'event'
    ? eventKey(goal.match as EventType, goal.formId ?? goal.assetId)
    : undefined;

/**
 * A goal's figures over `days` (docs/decisions/0159-goals.md): an event goal counts the type's
 * events and its visitor-days (of the site, or of the page asked for); a page goal the views
 * and visitors of the pages whose path matches, a visitor counted once per matching page.
 */
export function goalFigures(
  goal: Goal,
  days: DayStats[],
  visitors: number,
  pagePath: string | null,
  pathOfId: (id: string) => string | null,
): GoalFigures {
  let conversions = 0;
  let converters = 0;
  const key = goalEventKey(goal);
  if (key) {
    for (const stats of days) {
      const counts =
        goal.formId || goal.assetId ? stats.targets.get(key) : stats.events.get(key as EventType);
      conversions += counts?.count ?? 0;
      converters += counts?.visitors ?? 0;
    }
  } else if (pagePath !== null) {
    // One page asked for: the goal is its page views when its path matches.
    if (goalPathMatches(goal.match, pagePath)) {
      for (const stats of days) {
        conversions += stats.events.get('page_view')?.count ?? 0;
        converters += stats.events.get('page_view')?.visitors ?? 0;
      }
    }
  } else {
    for (const stats of days) {
      for (const [id, figures] of stats.pages) {
        const path = pathOfId(id);
        if (path === null || !goalPathMatches(goal.match, path)) continue;
        conversions += figures.pageViews;
        converters += figures.visitors;
      }
    }
  }
  return {
    id: goal.id,
    name: goal.name,
    kind: goal.kind,
    match: goal.match,
    ...(goal.formId ? { formId: goal.formId } : {}),
    ...(goal.assetId ? { assetId: goal.assetId } : {}),
    ...(goal.targetName ? { targetName: goal.targetName } : {}),
    conversions,
    converters,
    conversionRate: visitors > 0 ? converters / visitors : null,
  };
}
