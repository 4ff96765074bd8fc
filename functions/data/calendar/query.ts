// GET /api/admin/calendar's entries and a calendar feed's (docs/decisions/0559-content-calendar.md):
// every source of this folder over one range, the pages read once, merged and sorted by time
// (then type and title, so equal times keep one order).
import type { CalendarEntry, CalendarQuery } from '../../shared/calendar.ts';
import { eventEntries } from './events.ts';
import { experimentEntries } from './experiments.ts';
import { lifecycleEntries } from './lifecycle.ts';
import { rangeOf, type CalendarSource, type CalendarSources } from './range.ts';
import { scheduledEntries } from './schedules.ts';

const SOURCES: readonly CalendarSource[] = [
  scheduledEntries,
  lifecycleEntries,
  experimentEntries,
  eventEntries,
];

export async function calendarEntries(
  sources: CalendarSources,
  query: CalendarQuery,
): Promise<CalendarEntry[]> {
  const range = rangeOf(query);
  const pages = new Map((await sources.pages.list()).map((page) => [page.id, page]));
  const lists = await Promise.all(SOURCES.map((source) => source(sources, range, pages)));
  return lists
    .flat()
    .sort(
      (a, b) =>
        a.at.localeCompare(b.at) || a.type.localeCompare(b.type) || a.title.localeCompare(b.title),
    );
}
