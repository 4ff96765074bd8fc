// A calendar feed's file (docs/decisions/0560-calendar-feeds.md): the content calendar's
// entries as RFC 5545 events with the event blocks' writer (functions/shared/ics.ts). Each
// event's UID names its type, subject and time, so a calendar app that reads the feed again
// updates what it has; a review-by date is a whole day, an instant has no end.
import {
  CALENDAR_TYPE_LABELS,
  calendarEntryPath,
  type CalendarEntry,
} from '../../shared/calendar.ts';
import { icsCalendar } from '../../shared/ics.ts';

export const FEED_PRODUCT_ID = '-//PharmaBridge//Content calendar//EN';

export function feedIcs(entries: readonly CalendarEntry[], siteUrl: string, stamp: Date): string {
  const host = new URL(siteUrl).hostname;
  return icsCalendar(
    entries.map((entry) => {
      const url = new URL(calendarEntryPath(entry), siteUrl).href;
      const subject = entry.experimentId ?? entry.pageId ?? 'site';
      return {
        uid: `${entry.type}.${subject}.${entry.at.replace(/[^0-9]/g, '')}@${host}`,
        start: new Date(entry.at),
        end: entry.end ? new Date(entry.end) : undefined,
        allDay: entry.allDay,
        stamp,
        summary: `${CALENDAR_TYPE_LABELS[entry.type]}: ${entry.title}`,
        description: `${entry.planned ? 'Planned. ' : ''}Open in PharmaBridge: ${url}`,
        url,
      };
    }),
    FEED_PRODUCT_ID,
  );
}
