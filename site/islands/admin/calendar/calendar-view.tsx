// The content calendar (issue 37, /admin/calendar; docs/decisions/0559-content-calendar.md):
// scheduled publishes and unpublishes, expiries, review-by dates, experiments and live
// pages' events by day, in a month, week or agenda view, filtered by type. The URL keeps the
// view, the selected day and the filters (calendar-url.ts). Every role reads it; each entry
// leads to its page's editor or its experiment. Feeds for calendar apps: calendar-feeds.tsx.
import { useEffect, useRef, useState } from 'react';
import {
  CALENDAR_ENTRY_TYPES,
  CALENDAR_TYPE_HINTS,
  CALENDAR_TYPE_LABELS,
  type CalendarEntryType,
} from '../../../../functions/shared/calendar.ts';
import { describeError } from '../api.ts';
import { navigate } from '../route.ts';
import { Button, Tooltip } from '../ui.tsx';
import { CalendarAgenda } from './calendar-agenda.tsx';
import { dayText, entriesByDay, useCalendarEntries } from './calendar-entries.ts';
import { CalendarFeeds } from './calendar-feeds.tsx';
import { CalendarGrid } from './calendar-grid.tsx';
import { TypeSwatch } from './calendar-parts.tsx';
import {
  CALENDAR_VIEWS,
  calendarUrl,
  daysShown,
  localToday,
  readCalendarUrl,
  step,
  VIEW_LABELS,
  type CalendarLocation,
} from './calendar-url.ts';

export function CalendarView({ params, onBack }: { params: URLSearchParams; onBack: () => void }) {
  const location = readCalendarUrl(params, localToday());
  const weeks = daysShown(location);
  const days = weeks.flat();
  const entries = useCalendarEntries(days);
  const shown = (entries.data?.entries ?? []).filter((entry) =>
    location.types.includes(entry.type),
  );
  const byDay = entriesByDay(shown, days);
  const [feedsOpen, setFeedsOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Moving between days or periods refines the URL (Back skips it); a view switch is a step.
  const go = (patch: Partial<CalendarLocation>, replace = true) =>
    navigate(calendarUrl({ ...location, ...patch }), { replace });

  return (
    <section aria-labelledby="calendar-heading" data-testid="calendar-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2
            id="calendar-heading"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold text-ink outline-none"
          >
            Content calendar
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            What is planned or due: scheduled publishes and unpublishes, approval expiries,
            review-by dates, experiments and the events live pages announce. Times are in your time
            zone.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onBack}>
            <span aria-hidden="true">←</span> Back to pages
          </Button>
          <Tooltip content="A private address of this calendar for Outlook, Google Calendar or Apple Calendar.">
            <Button onClick={() => setFeedsOpen(true)}>Calendar feeds</Button>
          </Tooltip>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <div role="group" aria-label="View" className="inline-flex rounded-lg bg-slate-200 p-1">
          {CALENDAR_VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={location.view === view}
              onClick={() => go({ view }, false)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow"
            >
              {VIEW_LABELS[view]}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Tooltip content={`The previous ${periodName(location)}`}>
            <Button
              aria-label={`Previous ${periodName(location)}`}
              onClick={() => go({ date: step(location, -1) })}
            >
              <span aria-hidden="true">‹</span>
            </Button>
          </Tooltip>
          <Button onClick={() => go({ date: localToday() })}>Today</Button>
          <Tooltip content={`The next ${periodName(location)}`}>
            <Button
              aria-label={`Next ${periodName(location)}`}
              onClick={() => go({ date: step(location, 1) })}
            >
              <span aria-hidden="true">›</span>
            </Button>
          </Tooltip>
        </div>
        <h3
          aria-live="polite"
          className="text-lg font-semibold text-ink"
          data-testid="calendar-period"
        >
          {periodLabel(location, days)}
        </h3>
      </div>

      <TypeFilters types={location.types} onChange={(types) => go({ types })} />

      {entries.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          The calendar could not be loaded: {describeError(entries.error)}
        </p>
      )}
      {entries.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading the calendar...
        </p>
      )}

      <div className="mt-4">
        {location.view === 'agenda' ? (
          <CalendarAgenda byDay={byDay} />
        ) : (
          <CalendarGrid
            view={location.view}
            weeks={weeks}
            month={location.date.slice(0, 7)}
            selected={location.date}
            byDay={byDay}
            onSelect={(date) => go({ date })}
          />
        )}
      </div>
      <CalendarFeeds open={feedsOpen} onOpenChange={setFeedsOpen} />
    </section>
  );
}

/** Checkboxes per type; at least one stays on (none would show an empty calendar). */
function TypeFilters({
  types,
  onChange,
}: {
  types: readonly CalendarEntryType[];
  onChange: (types: CalendarEntryType[]) => void;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-medium text-slate-800">Show</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
        {CALENDAR_ENTRY_TYPES.map((type) => {
          const on = types.includes(type);
          const last = on && types.length === 1;
          return (
            <Tooltip key={type} content={CALENDAR_TYPE_HINTS[type]}>
              {/* The tip opens on hovering the label and on focusing its checkbox (focus bubbles). */}
              <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={on}
                  aria-disabled={last || undefined}
                  onChange={() => {
                    if (last) return;
                    onChange(
                      on
                        ? types.filter((other) => other !== type)
                        : CALENDAR_ENTRY_TYPES.filter((t) => t === type || types.includes(t)),
                    );
                  }}
                  className="h-4 w-4 rounded border-slate-300"
                />
                <TypeSwatch type={type} />
                {CALENDAR_TYPE_LABELS[type]}
              </label>
            </Tooltip>
          );
        })}
      </div>
    </fieldset>
  );
}

const periodName = (location: CalendarLocation) =>
  location.view === 'month' ? 'month' : location.view === 'week' ? 'week' : '30 days';

/** "December 2026", or the first and last day shown. */
function periodLabel(location: CalendarLocation, days: readonly string[]): string {
  if (location.view === 'month') return dayText(location.date, { month: 'long', year: 'numeric' });
  const long = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  return `${dayText(days[0]!, long)} – ${dayText(days.at(-1)!, long)}`;
}
