// The calendar's small parts: each type's colour and an entry's link to its page's editor or
// its experiment (functions/shared/calendar.ts calendarEntryPath).
import {
  CALENDAR_TYPE_LABELS,
  calendarEntryPath,
  type CalendarEntry,
  type CalendarEntryType,
} from '../../../../functions/shared/calendar.ts';
import { navigate } from '../route.ts';
import { entryTime } from './calendar-entries.ts';

/** Each type's colour, beside its label in the filters and on each entry. */
const TYPE_COLOURS: Record<CalendarEntryType, string> = {
  publish: 'bg-emerald-600',
  unpublish: 'bg-slate-600',
  expiry: 'bg-red-700',
  'review-by': 'bg-amber-500',
  'experiment-start': 'bg-violet-600',
  'experiment-end': 'bg-violet-300',
  event: 'bg-sky-600',
};

export function TypeSwatch({ type }: { type: CalendarEntryType }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${TYPE_COLOURS[type]}`}
    />
  );
}

/**
 * An entry as a link: its type, time and title (`compact`: the title only, the rest in its
 * accessible name and title). `focusable` false keeps it out of the Tab order (the month
 * grid's cells: the selected day's list below has the same links).
 */
export function EntryLink({
  entry,
  compact = false,
  focusable = true,
}: {
  entry: CalendarEntry;
  compact?: boolean;
  focusable?: boolean;
}) {
  const href = calendarEntryPath(entry);
  const what = `${CALENDAR_TYPE_LABELS[entry.type]}${entry.planned ? ' (planned)' : ''}`;
  const full = `${what}, ${entryTime(entry)}: ${entry.title}`;
  return (
    <a
      href={href}
      data-entry-type={entry.type}
      tabIndex={focusable ? undefined : -1}
      title={compact ? full : undefined}
      aria-label={compact ? full : undefined}
      onClick={(event) => {
        // A page's editor opens from the URL when the admin loads (as the Claims view's
        // page links do): a plain link. The Experiments view follows the URL as it changes.
        if (!entry.experimentId || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(href);
      }}
      className="flex min-w-0 items-start gap-1.5 rounded px-1 py-0.5 text-sm text-slate-800 hover:bg-slate-100 hover:underline"
    >
      <span className="mt-1.5">
        <TypeSwatch type={entry.type} />
      </span>
      {compact ? (
        <span className="truncate">{entry.title}</span>
      ) : (
        <span className="min-w-0">
          <span className="block text-xs text-slate-600">
            {what} · {entryTime(entry)}
          </span>
          <span className="block font-medium wrap-anywhere">{entry.title}</span>
        </span>
      )}
    </a>
  );
}
