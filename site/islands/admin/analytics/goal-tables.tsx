// The Analytics tab's goals, entry pages and missing pages tables (issue 25;
// docs/decisions/0159-goals.md): drawn from the report alone, with no admin-only dependency, so the
// shared dashboard shows them too. The goal manager is ./goals.tsx. A goal's tables per page and
// per source (docs/decisions/0160-goal-breakdowns-and-funnels.md) are drawn here from its
// breakdown; ./goal-breakdown.tsx fetches it.
import type {
  EntryPageRow,
  Goal,
  GoalBreakdown,
  GoalFigures,
  NotFoundRow,
} from '../../../../functions/shared/analytics.ts';
import { EVENT_LABELS, type EventType } from '../../../../functions/shared/events.ts';
import { formatCount, formatRate } from './format.ts';
import { DataTable } from './tables.tsx';

/** What a goal counts, in words. */
export function goalMatchLabel(goal: Pick<Goal, 'kind' | 'match' | 'targetName'>): string {
  if (goal.kind !== 'event') return `Pages: ${goal.match}`;
  const event = `Event: ${EVENT_LABELS[goal.match as EventType] ?? goal.match}`;
  // A form or file goal names its form or file (docs/decisions/0412-form-and-file-goals.md).
  return goal.targetName ? `${event}: ${goal.targetName}` : event;
}

/** The id of a goal's button in the Goals table (focus returns there from its breakdown). */
export const goalButtonId = (id: string) => `goal-select-${id}`;

/**
 * The goals with their figures. With `onSelect` (the admin's tab), each goal's name is a
 * toggle button that shows its breakdown (`selected`) below the table.
 */
export function GoalsTable({
  goals,
  selected,
  onSelect,
}: {
  goals: GoalFigures[];
  selected?: string | undefined;
  onSelect?: (id: string | undefined) => void;
}) {
  return (
    <DataTable
      caption="Goals"
      testId="goals-table"
      columns={[
        { label: 'Goal' },
        { label: 'Counts' },
        { label: 'Conversions', numeric: true },
        { label: 'Converters', numeric: true },
        { label: 'Conversion rate', numeric: true },
      ]}
      empty="No goals yet. A goal counts an event (a button, a download, a lead form) or views of pages."
      rows={goals.map((goal) => [
        onSelect ? (
          <button
            key="name"
            type="button"
            id={goalButtonId(goal.id)}
            aria-pressed={selected === goal.id}
            aria-controls={selected === goal.id ? 'goal-breakdown' : undefined}
            onClick={() => onSelect(selected === goal.id ? undefined : goal.id)}
            className="rounded text-left font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 aria-pressed:text-ink aria-pressed:decoration-2"
          >
            {goal.name}
          </button>
        ) : (
          goal.name
        ),
        goalMatchLabel(goal),
        formatCount(goal.conversions),
        formatCount(goal.converters),
        formatRate(goal.conversionRate),
      ])}
    />
  );
}

export function EntryPagesTable({ rows }: { rows: EntryPageRow[] }) {
  return (
    <DataTable
      caption="Entry pages"
      testId="entry-pages-table"
      columns={[{ label: 'Page' }, { label: 'Visitors who started here', numeric: true }]}
      rows={rows.map((row) => [
        <span key="page">
          {row.title}
          {row.path && row.path !== row.title && (
            <span className="ml-1 font-normal text-slate-600">{row.path}</span>
          )}
        </span>,
        formatCount(row.visitors),
      ])}
    />
  );
}

export function NotFoundTable({ rows }: { rows: NotFoundRow[] }) {
  return (
    <DataTable
      caption="Pages not found"
      testId="not-found-table"
      columns={[{ label: 'Missing path' }, { label: 'Views', numeric: true }]}
      empty="No visitor asked for a missing page in this range."
      rows={rows.map((row) => [
        row.path === '(other)' ? 'Other paths' : <code key="path">{row.path}</code>,
        formatCount(row.views),
      ])}
    />
  );
}

const SOURCE_LABELS = { direct: 'Direct', other: 'Other' } as const;

/** A goal per page and per source: two tables from its breakdown. */
export function GoalBreakdownTables({ breakdown }: { breakdown: GoalBreakdown }) {
  const page = breakdown.goal.kind === 'page';
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <h5 className="mb-2 text-sm font-semibold text-ink">By page</h5>
        <DataTable
          caption={`${breakdown.goal.name} by page`}
          testId="goal-pages-table"
          columns={[
            { label: 'Page' },
            { label: page ? 'Views' : 'Conversions', numeric: true },
            { label: 'Converters', numeric: true },
            { label: page ? 'Share of visitors' : 'Rate', numeric: true },
          ]}
          empty={
            page
              ? 'No page matching this goal was viewed in this range.'
              : 'Nobody reached this goal on a page in this range.'
          }
          rows={breakdown.pages.map((row) => [
            <span key="page">
              {row.title}
              {row.path && row.path !== row.title && (
                <span className="ml-1 font-normal text-slate-600">{row.path}</span>
              )}
            </span>,
            formatCount(row.conversions),
            formatCount(row.converters),
            formatRate(row.conversionRate),
          ])}
        />
      </div>
      <div className="min-w-0">
        <h5 className="mb-2 text-sm font-semibold text-ink">By source</h5>
        <DataTable
          caption={`${breakdown.goal.name} by source`}
          testId="goal-sources-table"
          columns={
            page
              ? [{ label: 'Source' }, { label: 'Converters', numeric: true }]
              : [
                  { label: 'Source' },
                  { label: 'Conversions', numeric: true },
                  { label: 'Converters', numeric: true },
                  { label: 'Rate', numeric: true },
                ]
          }
          empty="Nobody reached this goal in this range."
          rows={breakdown.sources.map((row) => {
            const source = row.kind === 'value' ? row.host : SOURCE_LABELS[row.kind];
            return page
              ? [source, formatCount(row.converters)]
              : [
                  source,
                  formatCount(row.conversions ?? 0),
                  formatCount(row.converters),
                  formatRate(row.conversionRate),
                ];
          })}
        />
      </div>
    </div>
  );
}
