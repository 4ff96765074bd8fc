// The calendar's entries on the admin's days: the API's days are UTC (functions/shared/calendar.ts);
// the view shows each timed entry on its day in the browser's time zone, so it asks for a day
// more on each side and places each entry itself. A review-by date is a whole day: its own.
import { useQuery } from '@tanstack/react-query';
import { addDays } from '../../../../functions/shared/days.ts';
import type { CalendarEntry } from '../../../../functions/shared/calendar.ts';
import { calendarQuery } from './calendar-api.ts';
import { localToday } from './calendar-url.ts';

/** The day an entry is on, in the browser's time zone (a whole day: its date). */
export const entryDay = (entry: CalendarEntry): string =>
  entry.allDay ? entry.at.slice(0, 10) : localToday(new Date(entry.at));

/** Each shown day's entries, in time order. */
export function entriesByDay(
  entries: readonly CalendarEntry[],
  days: readonly string[],
): Map<string, CalendarEntry[]> {
  const byDay = new Map(days.map((day) => [day, [] as CalendarEntry[]]));
  for (const entry of entries) byDay.get(entryDay(entry))?.push(entry);
  return byDay;
}

/** A day as words in the browser's language ("Tuesday, 24 November 2026" with the options). */
export const dayText = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', ...options });

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** "All day", "14:00" or "16:00–17:00". */
export const entryTime = (entry: CalendarEntry): string =>
  entry.allDay ? 'All day' : entry.end ? `${time(entry.at)}–${time(entry.end)}` : time(entry.at);

/** The calendar's entries for these days (a day more each side: see the header). */
export function useCalendarEntries(days: readonly string[]) {
  const from = addDays(days[0]!, -1);
  const to = addDays(days.at(-1)!, 1);
  return useQuery(calendarQuery(from, to));
}
