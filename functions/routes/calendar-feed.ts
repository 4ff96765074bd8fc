// GET /api/calendar/feed/<id>.<secret>.ics (issue 37, docs/decisions/0560-calendar-feeds.md):
// the content calendar as an iCalendar file for the holder of a feed's address, without a
// session (calendar apps have none). The secret is the credential; a revoked, forged or
// unknown address, and the feed of a disabled account, answer 404 alike. The entries are the admin's calendar's
// (functions/data/calendar/query.ts) from FEED_PAST_DAYS before today to FEED_FUTURE_DAYS
// after: titles and dates of pages and experiments, never a lead. A deferred route of the
// public function (functions/public-app.ts).
import { Hono } from 'hono';
import * as z from 'zod';
import { CalendarFeedRepository } from '../data/calendar/feeds.ts';
import { feedIcs } from '../data/calendar/feed-ics.ts';
import { calendarEntries } from '../data/calendar/query.ts';
import type { VisitorEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import { addDays } from '../shared/days.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 275;

const FILE = /^([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})\.ics$/;

export const readCalendarFeed = defineVisitorRoute(
  {
    method: 'get',
    path: '/:file',
    permission: 'public',
    summary: "A calendar feed's .ics file: the content calendar around today (404 once revoked)",
    request: { params: z.object({ file: z.string().max(200) }) },
    responses: { 200: { contentType: 'text/calendar' } },
  },
  async (c, { params: { file } }) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const services = c.get('services');
    const token = FILE.exec(file)?.[1];
    const feeds = new CalendarFeedRepository(services.db, services.tableName, services.now);
    const feed = token ? await feeds.resolve(token) : undefined;
    if (!feed) throw notFound('Calendar feed');
    // A feed serves while the account that made it may sign in: disabled (or removed), its
    // feeds answer 404 like revoked ones, and serve again if the account is enabled again.
    const owner = await services.admins.get(feed.createdBy);
    if (!owner || owner.disabled) throw notFound('Calendar feed');
    const now = services.now();
    const today = now.toISOString().slice(0, 10);
    const entries = await calendarEntries(services, {
      from: addDays(today, -FEED_PAST_DAYS),
      to: addDays(today, FEED_FUTURE_DAYS),
    });
    return c.body(feedIcs(entries, services.config.siteUrl, now), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
    });
  },
);

export const calendarFeed = mount(new Hono<VisitorEnv>(), [readCalendarFeed]);
