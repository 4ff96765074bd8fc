// The Calendar view's calls (issue 37, /api/admin/calendar and its feeds) on the admin's
// HTTP layer (../api.ts), each answer parsed with its route's schema
// (functions/shared/calendar.ts, docs/decisions/0526-admin-parses-answers.md).
import { queryOptions } from '@tanstack/react-query';
import {
  calendarFeedListSchema,
  calendarResponseSchema,
  createdFeedSchema,
  type CalendarFeed,
} from '../../../../functions/shared/calendar.ts';
import { noContent, request } from '../api.ts';

export const FEEDS_KEY = ['/api/admin/calendar/feeds'] as const;

/** The entries from `from` to `to` (UTC days, both included). */
export const calendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['/api/admin/calendar', from, to],
    queryFn: () =>
      request(
        calendarResponseSchema,
        'GET',
        `/api/admin/calendar?${new URLSearchParams({ from, to }).toString()}`,
      ),
  });

/** The feeds the signed-in account may see (its own; an administrator's, everyone's). */
export const feedsQuery = queryOptions({
  queryKey: FEEDS_KEY,
  queryFn: async () => (await request(calendarFeedListSchema, 'GET', FEEDS_KEY[0])).feeds,
});

export const createFeed = (body: { label: string }) =>
  request(createdFeedSchema, 'POST', FEEDS_KEY[0], body);

/** Deletes the feed: its address answers 404 from then on. */
export const revokeFeed = (feed: CalendarFeed) =>
  request(noContent, 'DELETE', `${FEEDS_KEY[0]}/${encodeURIComponent(feed.id)}`).then(() => feed);
