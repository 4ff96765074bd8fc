// The content calendar's one query shape and what every source reads from
// (docs/decisions/0559-content-calendar.md). Each source of this folder takes the same
// range, the UTC instants of its first day's start and the day after its last, and the
// pages read once for all of them; query.ts merges their entries.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../../shared/days.ts';
import type { CalendarEntry, CalendarQuery } from '../../shared/calendar.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';

export interface CalendarSources {
  db: DynamoDBDocumentClient;
  tableName: string;
  pages: { list(): Promise<LandingPage[]> };
}

/** A query's days as instants: `start` included, `end` (the day after `to`) not. */
export interface CalendarRange {
  start: string;
  end: string;
}

export const rangeOf = (query: CalendarQuery): CalendarRange => ({
  start: `${query.from}T00:00:00.000Z`,
  end: `${addDays(query.to, 1)}T00:00:00.000Z`,
});

/** Whether an ISO instant falls in the range (ISO UTC strings sort as time does). */
export const inRange = (at: string, range: CalendarRange) => at >= range.start && at < range.end;

/** One source: its entries in the range. */
export type CalendarSource = (
  sources: CalendarSources,
  range: CalendarRange,
  pages: ReadonlyMap<string, LandingPage>,
) => Promise<CalendarEntry[]>;
