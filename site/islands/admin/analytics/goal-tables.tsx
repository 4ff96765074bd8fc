// The Analytics tab's goals, entry pages and missing pages tables (issue 25; docs/decisions.md
// "Goals, entry pages and the 404 list"): drawn from the report alone, with no admin-only
// dependency, so the shared dashboard shows them too. The goal manager is ./goals.tsx.
import type {
  EntryPageRow,
  Goal,
  GoalFigures,
  NotFoundRow,
} from '../../../../functions/shared/analytics.ts';
import { EVENT_LABELS, type EventType } from '../../../../functions/shared/events.ts';
import { formatCount, formatRate } from './format.ts';
import { DataTable } from './tables.tsx';

/** What a goal counts, in words. */
export function goalMatchLabel(goal: Pick<Goal, 'kind' | 'match'>): string {
  return goal.kind === 'event'
    ? `Event: ${EVENT_LABELS[goal.match as EventType] ?? goal.match}`
    : `Pages: ${goal.match}`;
}

export function GoalsTable({ goals }: { goals: GoalFigures[] }) {
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
        goal.name,
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
