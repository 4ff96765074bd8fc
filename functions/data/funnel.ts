// The Analytics tab's funnel, counted in order (issue 35, docs/decisions/0411-funnels-in-order.md):
// which steps an event can reach, for the funnel in effect. A visitor counts at step n only
// once they have reached steps 1 to n-1, in that order, the same UTC day (their visitor-day:
// the daily hash cannot link days). The writer (events.ts) keeps the highest step each
// visitor-day has reached on its day item and counts a step on the site's counter item when
// the visitor reaches it; the report (analytics.ts) adds up the days' counts of the funnel's
// version. A new version (each change of the steps) starts from nothing.
import { goalPathMatches, type Goal } from '../shared/analytics.ts';
import { CTA_EVENT_TYPES, type EventType } from '../shared/events.ts';

/** What an event is, as far as the funnel's steps can tell. */
export interface FunnelEvent {
  type: EventType;
  /** The form sent (form_submit) or the gated file downloaded (file_download), if any. */
  target?: string | undefined;
  /** The page's public path (`/spring`, `/pricing`, `/` for the default page), if known. */
  path?: string | null | undefined;
}

/** A step: one of the team's goals, or a step of the default funnel. */
export type FunnelStep =
  { kind: 'goal'; goal: Goal } | { kind: 'view' | 'cta' | 'lead'; name: string };

export interface FunnelDefinition {
  /**
   * Names the steps' counters (`fn:<version>:<step>` on the site's items). `default` for the
   * default funnel never changed, `legacy` for a funnel saved before versions existed; each
   * change of the funnel gets a new one, so the new steps start from nothing.
   */
  version: string;
  /** When the counting of this version began (ISO); null when not known (before versions). */
  since: string | null;
  steps: FunnelStep[];
}

/** Page views, then presses of a call-to-action button, then a form sent (a lead). */
export const DEFAULT_FUNNEL_STEPS: FunnelStep[] = [
  { kind: 'view', name: 'Viewed a page' },
  { kind: 'cta', name: 'Pressed a call-to-action button' },
  { kind: 'lead', name: 'Sent a form' },
];

const CTA_TYPES: ReadonlySet<string> = new Set(CTA_EVENT_TYPES);

/** Whether `event` is what `step` counts. */
export function stepMatches(step: FunnelStep, event: FunnelEvent): boolean {
  switch (step.kind) {
    case 'view':
      return event.type === 'page_view';
    case 'cta':
      return CTA_TYPES.has(event.type);
    case 'lead':
      return event.type === 'form_submit';
    case 'goal': {
      const { goal } = step;
      if (goal.kind === 'page') {
        return (
          event.type === 'page_view' &&
          typeof event.path === 'string' &&
          goalPathMatches(goal.match, event.path)
        );
      }
      if (event.type !== goal.match) return false;
      if (goal.formId) return event.target === goal.formId;
      if (goal.assetId) return event.target === goal.assetId;
      return true;
    }
  }
}

/** The steps (1-based) `event` could reach; the visitor's progress decides which, if any. */
export function stepsMatched(funnel: FunnelDefinition, event: FunnelEvent): number[] {
  return funnel.steps.flatMap((step, index) => (stepMatches(step, event) ? [index + 1] : []));
}

/** A step's name and goal id, as the report shows it. */
export const stepLabel = (step: FunnelStep): { goalId: string | null; name: string } =>
  step.kind === 'goal'
    ? { goalId: step.goal.id, name: step.goal.name }
    : { goalId: null, name: step.name };

/** The counter of a step on the site's items (fn:<version>:<step>, the prefix left off). */
export const funnelCounter = (version: string, step: number) => `${version}:${step}`;
