// /api/admin/calendar (issue 37, docs/decisions/0559-content-calendar.md): the content
// calendar's entries for a range of days, and each person's calendar feeds
// (docs/decisions/0560-calendar-feeds.md). Every signed-in role reads the calendar, as it
// reads the pages it is made of, and may make a feed of it for their own calendar app. A
// person lists and revokes their own feeds; administrators (`accounts`) see and revoke
// everyone's, so a departing colleague's feed can be stopped. The feed itself is served by
// functions/routes/calendar-feed.ts.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { assertPermission, requireAdmin, signedIn } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { CalendarFeedNotFoundError, CalendarFeedRepository } from '../../data/calendar/feeds.ts';
import { calendarEntries } from '../../data/calendar/query.ts';
import {
  calendarFeedListSchema,
  calendarFeedPath,
  calendarQuerySchema,
  calendarResponseSchema,
  createdFeedSchema,
  createFeedSchema,
  type CalendarFeedList,
  type CalendarResponse,
  type CreatedFeed,
} from '../../shared/calendar.ts';
import { can } from '../../shared/roles.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const feedsOf = (c: Context<AppEnv>) => {
  const { db, tableName, now } = c.get('services');
  return new CalendarFeedRepository(db, tableName, now);
};

export const readCalendar = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary:
      'The content calendar: scheduled publishes and unpublishes, expiries, review-by dates, experiments and events, by time',
    request: { query: calendarQuerySchema },
    responses: { 200: calendarResponseSchema },
  },
  async (c, { query }) => {
    c.header('Cache-Control', 'no-store');
    const entries = await calendarEntries(c.get('services'), query);
    return c.json<CalendarResponse>({ entries });
  },
);

export const listFeeds = defineRoute(
  {
    method: 'get',
    path: '/feeds',
    permission: 'session',
    summary: "The caller's calendar feeds (an administrator's: everyone's), without addresses",
    responses: { 200: calendarFeedListSchema },
  },
  async (c) => {
    const { email, role } = signedIn(c);
    const feeds = await feedsOf(c).list();
    return c.json<CalendarFeedList>({
      feeds: can(role, 'accounts') ? feeds : feeds.filter((feed) => feed.createdBy === email),
    });
  },
);

export const createFeed = defineRoute(
  {
    method: 'post',
    path: '/feeds',
    permission: 'session',
    summary: 'Makes a secret .ics address of the calendar for a calendar app (shown this once)',
    request: { json: createFeedSchema },
    responses: { 201: createdFeedSchema },
  },
  async (c, { json: { label } }) => {
    const { feed, token } = await feedsOf(c).create(label, actorOf(c));
    const url = `${c.get('services').config.siteUrl}${calendarFeedPath(token)}`;
    return c.json<CreatedFeed>({ ...feed, url }, 201);
  },
);

export const revokeFeed = defineRoute(
  {
    method: 'delete',
    path: '/feeds/:id',
    permission: 'session',
    summary: 'Revokes a calendar feed: its address answers 404 at once',
    request: { params: z.object({ id: z.uuid('must be a feed id') }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    const feeds = feedsOf(c);
    const feed = await feeds.get(id);
    if (!feed) throw new CalendarFeedNotFoundError();
    // Someone else's feed: administrators only (the refusal is audited).
    if (feed.createdBy !== signedIn(c).email) await assertPermission(c, 'accounts');
    await feeds.revoke(feed, actorOf(c));
    return c.body(null, 204);
  },
);

export const calendar = mount(new Hono<AppEnv>().use(requireAdmin), [
  readCalendar,
  listFeeds,
  createFeed,
  revokeFeed,
]);
