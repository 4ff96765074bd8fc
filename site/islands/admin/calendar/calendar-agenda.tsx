// The calendar's agenda: the 30 days from the selected one, as a list of the days that have
// entries (a heading each) and their entries as links, in time order. The view for narrow
// screens, and for reading a period at a glance with a screen reader.
import type { CalendarEntry } from '../../../../functions/shared/calendar.ts';
import { dayText } from './calendar-entries.ts';
import { EntryLink } from './calendar-parts.tsx';

const LONG = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;

export function CalendarAgenda({ byDay }: { byDay: ReadonlyMap<string, CalendarEntry[]> }) {
  const days = [...byDay].filter(([, entries]) => entries.length > 0);
  if (days.length === 0) {
    return (
      <p className="rounded-lg bg-white p-4 text-sm text-slate-600 shadow-sm">
        Nothing is planned or due in these 30 days with the types shown.
      </p>
    );
  }
  return (
    <ol className="space-y-4" aria-label="Agenda" data-testid="calendar-agenda">
      {days.map(([day, entries]) => (
        <li key={day} className="rounded-lg bg-white p-3 shadow-sm sm:p-4">
          <h3 className="text-sm font-semibold text-ink">{dayText(day, LONG)}</h3>
          <ul className="mt-2 space-y-1">
            {entries.map((entry) => (
              <li key={`${entry.type}-${entry.at}-${entry.title}`}>
                <EntryLink entry={entry} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
