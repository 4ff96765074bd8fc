// One goal per page and per source, below the Goals table of the Analytics tab (issue 25;
// docs/decisions/0160-goal-breakdowns-and-funnels.md): GET /api/admin/goals/:id/breakdown
// for the tab's range, always of the whole site. The tab keeps the goal in its URL
// (`?goal=<id>`), so a reload shows it again; Hide returns focus to the goal's button.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoalFigures } from '../../../../functions/shared/analytics.ts';
import { describeError } from '../api.ts';
import { Button, InfoTip } from '../ui.tsx';
import { rangeLabel, type DayRange } from './format.ts';
import { GoalBreakdownTables, goalButtonId, goalMatchLabel } from './goal-tables.tsx';
import { breakdownKey, fetchGoalBreakdown } from './goals-api.ts';

const HELP = {
  event:
    'Conversions: the events on each page, and from each source. Converters: visitors who had the event that day. A page’s rate is its converters over its visitors; a source is the referrer of each visitor’s first page view of the day (Direct without one), and its rate is its converters over the visitors it brought. Other: sources past the 20 shown, and days before sources were counted for goals.',
  page: 'Each matching page’s views and visitors; its share is its visitors over the site’s. By source: each page’s visitors by the referrer of their first view of that page that day, so a page reached by a link on this site counts as Direct. Views and rates are not counted by source for page goals.',
} as const;

export function GoalBreakdownPanel({
  goal,
  range,
  pageScoped,
  onClose,
}: {
  goal: GoalFigures;
  range: DayRange;
  /** The tab shows one page: the breakdown still covers every page, which it says. */
  pageScoped: boolean;
  onClose: () => void;
}) {
  const breakdown = useQuery({
    queryKey: breakdownKey(goal.id, range),
    queryFn: () => fetchGoalBreakdown(goal.id, range),
    placeholderData: keepPreviousData,
  });
  const close = () => {
    onClose();
    // The button stays in the table; back to it, as a dialog returns focus to its opener.
    document.getElementById(goalButtonId(goal.id))?.focus();
  };
  return (
    <section
      id="goal-breakdown"
      aria-labelledby="goal-breakdown-heading"
      className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
      data-testid="goal-breakdown"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4
            id="goal-breakdown-heading"
            className="flex items-center gap-2 font-semibold text-ink"
          >
            {goal.name} by page and by source
            <InfoTip about={`${goal.name} by page and by source`}>{HELP[goal.kind]}</InfoTip>
          </h4>
          <p className="mt-1 text-sm text-slate-600">
            {goalMatchLabel(goal)} · all pages · {rangeLabel(range)}
            {pageScoped && ' (the page chosen above is not applied here)'}
          </p>
        </div>
        <Button type="button" onClick={close}>
          Hide
        </Button>
      </div>
      {breakdown.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading {goal.name} by page and by source…
        </p>
      ) : breakdown.isError ? (
        <div role="alert" className="text-sm text-red-800">
          <p>Could not load this goal by page and by source: {describeError(breakdown.error)}</p>
          <Button className="mt-2" onClick={() => void breakdown.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div
          aria-busy={breakdown.isFetching}
          className={breakdown.isPlaceholderData ? 'opacity-60' : ''}
        >
          <GoalBreakdownTables breakdown={breakdown.data} />
        </div>
      )}
    </section>
  );
}
