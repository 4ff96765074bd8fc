// The calendar's month and week grids: an ARIA grid of days (WAI-ARIA APG's date grid, as in
// a date picker). One day is in the Tab order, the selected one; the arrow keys move a day or
// a week, Home and End to the week's ends, Page Up and Page Down a month (with Shift a year),
// each in the URL. Enter takes focus to the selected day's list below the grid, where every
// entry of the day is a link; the grid's own entry links are for the pointer (out of the Tab
// order, the same links as the list). On narrow screens a month's cells show coloured dots.
import { useEffect, useRef } from 'react';
import type { CalendarEntry } from '../../../../functions/shared/calendar.ts';
import { dayText } from './calendar-entries.ts';
import { EntryLink, TypeSwatch } from './calendar-parts.tsx';
import { dayForKey, type CalendarView } from './calendar-url.ts';

export function CalendarGrid({
  view,
  weeks,
  month,
  selected,
  byDay,
  onSelect,
}: {
  view: Exclude<CalendarView, 'agenda'>;
  weeks: readonly string[][];
  /** The month shown (YYYY-MM): other months' days are dimmed. */
  month: string;
  selected: string;
  byDay: ReadonlyMap<string, CalendarEntry[]>;
  onSelect: (day: string) => void;
}) {
  const grid = useRef<HTMLTableElement>(null);
  const list = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // A key moved the selection: focus follows it, once the grid shows the day.
  useEffect(() => {
    if (!moved.current) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-day="${selected}"]`);
    if (cell) {
      moved.current = false;
      cell.focus();
    }
  }, [selected, weeks]);
  const entries = byDay.get(selected) ?? [];

  return (
    <>
      <table
        ref={grid}
        role="grid"
        aria-label={
          view === 'month'
            ? `Days of ${dayText(`${month}-01`, { month: 'long', year: 'numeric' })}`
            : 'Days of the week'
        }
        className="w-full table-fixed border-collapse rounded-lg bg-white text-left shadow-sm"
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            list.current?.focus();
            return;
          }
          const next = dayForKey(event.key, selected, event.shiftKey);
          if (!next) return;
          event.preventDefault();
          moved.current = true;
          onSelect(next);
        }}
      >
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={dayText(day, { weekday: 'long' })}
                className="border-b border-slate-200 px-1 py-2 text-center text-xs font-medium text-slate-600 sm:px-2"
              >
                {dayText(day, { weekday: 'short' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <DayCell
                  key={day}
                  day={day}
                  view={view}
                  outside={view === 'month' && !day.startsWith(month)}
                  selected={day === selected}
                  entries={byDay.get(day) ?? []}
                  onSelect={() => onSelect(day)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="calendar-day-heading" className="mt-6" data-testid="calendar-day">
        <h3
          id="calendar-day-heading"
          ref={list}
          tabIndex={-1}
          className="text-base font-semibold text-ink outline-none"
        >
          {dayText(selected, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </h3>
        {entries.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">Nothing is planned or due on this day.</p>
        ) : (
          <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {entries.map((entry) => (
              <li key={`${entry.type}-${entry.at}-${entry.title}`}>
                <EntryLink entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function DayCell({
  day,
  view,
  outside,
  selected,
  entries,
  onSelect,
}: {
  day: string;
  view: Exclude<CalendarView, 'agenda'>;
  outside: boolean;
  selected: boolean;
  entries: readonly CalendarEntry[];
  onSelect: () => void;
}) {
  const count = entries.length;
  return (
    <td
      role="gridcell"
      data-day={day}
      tabIndex={selected ? 0 : -1}
      aria-selected={selected}
      onClick={onSelect}
      className={`h-20 cursor-pointer border border-slate-200 p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:h-28 sm:p-1.5 ${
        view === 'week' ? 'sm:h-64' : ''
      } ${selected ? 'bg-brand-50' : outside ? 'bg-slate-50' : ''}`}
    >
      <span className="sr-only">
        {dayText(day, { weekday: 'long', day: 'numeric', month: 'long' })},{' '}
        {count === 0 ? 'nothing planned' : `${count} ${count === 1 ? 'entry' : 'entries'}`}
      </span>
      <span
        aria-hidden="true"
        className={`block text-xs font-semibold ${outside ? 'text-slate-500' : 'text-slate-800'} ${
          selected ? 'text-brand-800' : ''
        }`}
      >
        {Number(day.slice(8))}
      </span>
      {count > 0 && (
        <>
          {/* Narrow screens: a dot per entry (the day's list below names them). */}
          <span aria-hidden="true" className="mt-1 flex flex-wrap gap-0.5 sm:hidden">
            {entries.map((entry) => (
              <TypeSwatch key={`${entry.type}-${entry.at}-${entry.title}`} type={entry.type} />
            ))}
          </span>
          <ul className="mt-1 hidden space-y-0.5 sm:block">
            {entries.slice(0, view === 'month' ? 3 : undefined).map((entry) => (
              <li key={`${entry.type}-${entry.at}-${entry.title}`}>
                <EntryLink entry={entry} compact={view === 'month'} focusable={false} />
              </li>
            ))}
            {view === 'month' && count > 3 && (
              <li className="px-1 text-xs text-slate-600">{count - 3} more</li>
            )}
          </ul>
        </>
      )}
    </td>
  );
}
