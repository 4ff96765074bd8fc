// The dashboard's funnel report: each step's visitors over the site's daily counters, of
// the funnel's version (docs/decisions/0411-funnels-in-order.md; the folder:
// docs/decisions/0440-analytics-report-modules.md). The steps' definition and counter
// names are functions/data/funnel.ts's.
import type { FunnelStepFigures } from '../../shared/analytics.ts';
import type { DayStats } from '../event-counters.ts';
import {
  DEFAULT_FUNNEL_STEPS,
  funnelCounter,
  stepLabel,
  type FunnelDefinition,
} from '../funnel.ts';

/** The funnel reported when no goals repository is at hand. */
export const DEFAULT_FUNNEL: FunnelDefinition = {
  version: 'default',
  since: null,
  steps: DEFAULT_FUNNEL_STEPS,
};

/**
 * Each step's visitors over the site's `days`: those who reached it in order, of the
 * funnel's version (docs/decisions/0411-funnels-in-order.md).
 */
export function funnelFigures(definition: FunnelDefinition, days: DayStats[]): FunnelStepFigures[] {
  return definition.steps.map((step, index) => ({
    ...stepLabel(step),
    visitors: days.reduce(
      (sum, stats) => sum + (stats.funnel.get(funnelCounter(definition.version, index + 1)) ?? 0),
      0,
    ),
  }));
}
