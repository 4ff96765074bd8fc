// The calendar's expiries and review-by dates: each page's `lifecycle`
// (functions/shared/api/lifecycle.ts), kept on the page item. A review-by date is a whole
// day, shown at its UTC midnight.
import type { CalendarEntry } from '../../shared/calendar.ts';
import { inRange, type CalendarSource } from './range.ts';

export const lifecycleEntries: CalendarSource = async (_sources, range, pages) =>
  [...pages.values()].flatMap((page) => {
    const entries: CalendarEntry[] = [];
    const { reviewBy, expiresAt } = page.lifecycle ?? {};
    const base = { pageId: page.id, title: page.title };
    if (expiresAt) {
      const at = new Date(expiresAt).toISOString();
      if (inRange(at, range)) entries.push({ type: 'expiry', at, ...base });
    }
    if (reviewBy) {
      const at = `${reviewBy}T00:00:00.000Z`;
      if (inRange(at, range)) entries.push({ type: 'review-by', at, allDay: true, ...base });
    }
    return entries;
  });
