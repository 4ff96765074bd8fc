// The content calendar (issue 37, functions/routes/admin/calendar.ts): entries of every type
// in the range and none outside it, sorted by time; the range's checks; a feed's .ics read by
// ical.js (a parser nobody here wrote) with the right events; revocation; who may do what.
// Real DynamoDB Local through the app (functions/test/experiment-team.ts). The page's
// lifecycle is written to its item directly through the SDK: its route belongs to another
// part of issue 37, and the calendar reads only the item.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { keys } from '../data/keys.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { blocksOf, type Block, type BlockOf } from '../shared/blocks.ts';
import type { CalendarEntry, CalendarFeedList, CreatedFeed } from '../shared/calendar.ts';
import type { ExperimentDetail } from '../shared/experiments.ts';
import type { Lifecycle } from '../shared/api/lifecycle.ts';
import { landingTemplate } from '../shared/template.ts';
import { team } from '../test/experiment-team.ts';

const DAY = 86_400_000;

const webinar = (id: string, startsAt: string): BlockOf<'event'> => ({
  id,
  type: 'event',
  title: `Webinar ${id}`,
  // Berlin is UTC+1 in November and December.
  startsAt,
  timeZone: 'Europe/Berlin',
  durationMinutes: 60,
  agenda: [],
  speakers: [],
});

/** Template content with these event blocks before its footer. */
function withEvents(...events: BlockOf<'event'>[]) {
  const content = landingTemplate();
  const layout: Block[] = blocksOf(content);
  layout.splice(layout.length - 1, 0, ...events);
  return { ...content, layout };
}

async function setUp() {
  const base = await team();
  const { services, page, as, clock } = base;
  const setLifecycle = (id: string, lifecycle: Lifecycle) =>
    services.db.send(
      new UpdateCommand({
        TableName: services.tableName,
        Key: keys.page(id),
        UpdateExpression: 'SET lifecycle = :lifecycle',
        ExpressionAttributeValues: { ':lifecycle': lifecycle },
      }),
    );
  const live = await services.pages.create({
    title: 'Webinar series',
    slug: 'webinars',
    isActive: true,
    content: withEvents(
      webinar('before', '2026-11-19T18:00'),
      webinar('inside', '2026-11-24T16:00'),
      webinar('after', '2026-12-02T16:00'),
    ),
  });
  // A draft's events are not announced anywhere: not in the calendar.
  const draft = await services.pages.create({
    title: 'Draft event',
    slug: 'draft-event',
    isActive: false,
    content: withEvents(webinar('draft', '2026-11-25T10:00')),
  });
  const actor = { email: 'publisher@pharmabridge.test' };
  await services.workflow.schedule(
    live,
    { action: 'publish', at: '2026-11-21T08:00:00.000Z', by: actor.email },
    actor,
  );
  await services.workflow.schedule(
    page,
    { action: 'unpublish', at: '2026-11-30T23:30:00.000Z', by: actor.email },
    actor,
  );
  await services.workflow.schedule(
    draft,
    { action: 'publish', at: '2026-12-01T00:00:00.000Z', by: actor.email },
    actor,
  );
  await setLifecycle(page.id, {
    reviewBy: '2026-11-26',
    expiresAt: '2026-11-28T12:00:00+01:00',
    onExpiry: 'unpublish',
  });
  await setLifecycle(live.id, {
    reviewBy: '2026-12-01',
    expiresAt: '2027-01-31T00:00:00Z',
    onExpiry: 'flag',
  });
  // One experiment ran two days and ended; the next runs, its end planned by its minimum run.
  const ended = (await (await base.create()).json()) as ExperimentDetail;
  expect((await as('publisher')('POST', `/api/admin/experiments/${ended.id}/start`)).status).toBe(
    200,
  );
  clock.advance(2 * DAY);
  expect((await as('publisher')('POST', `/api/admin/experiments/${ended.id}/stop`)).status).toBe(
    200,
  );
  const running = (await (
    await base.create('editor', { name: 'Longer form' })
  ).json()) as ExperimentDetail;
  expect((await as('publisher')('POST', `/api/admin/experiments/${running.id}/start`)).status).toBe(
    200,
  );
  // A draft experiment has no start yet: nothing to show.
  expect((await base.create('editor', { name: 'Not started' })).status).toBe(201);
  return { ...base, live, draft, ended, running, setLifecycle };
}

const entriesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: CalendarEntry[] }).entries;
};

describe('the content calendar', () => {
  it('lists every type in the range, sorted by time, and nothing outside it', async () => {
    const { as, page, live, ended, running } = await setUp();
    const entries = await entriesOf(
      await as('reviewer')('GET', '/api/admin/calendar?from=2026-11-20&to=2026-11-30'),
    );
    const spring = { pageId: page.id, title: 'Spring campaign' };
    expect(entries).toEqual([
      {
        type: 'experiment-start',
        at: '2026-11-20T10:00:00.000Z',
        pageId: page.id,
        experimentId: ended.id,
        title: 'Shorter headline',
      },
      { type: 'publish', at: '2026-11-21T08:00:00.000Z', pageId: live.id, title: 'Webinar series' },
      {
        type: 'experiment-end',
        at: '2026-11-22T10:00:00.000Z',
        pageId: page.id,
        experimentId: ended.id,
        title: 'Shorter headline',
      },
      {
        type: 'experiment-start',
        at: '2026-11-22T10:00:00.000Z',
        pageId: page.id,
        experimentId: running.id,
        title: 'Longer form',
      },
      {
        type: 'event',
        at: '2026-11-24T15:00:00.000Z',
        end: '2026-11-24T16:00:00.000Z',
        pageId: live.id,
        title: 'Webinar inside',
      },
      { type: 'review-by', at: '2026-11-26T00:00:00.000Z', allDay: true, ...spring },
      { type: 'expiry', at: '2026-11-28T11:00:00.000Z', ...spring },
      {
        type: 'experiment-end',
        at: '2026-11-29T10:00:00.000Z',
        planned: true,
        pageId: page.id,
        experimentId: running.id,
        title: 'Longer form',
      },
      { type: 'unpublish', at: '2026-11-30T23:30:00.000Z', ...spring },
    ]);
    // The next days: the draft page's scheduled publish is listed (it is planned work), its
    // event is not; the live page's review-by and later event are.
    const next = await entriesOf(
      await as('editor')('GET', '/api/admin/calendar?from=2026-12-01&to=2026-12-31'),
    );
    expect(next.map((entry) => `${entry.type} ${entry.title}`)).toEqual([
      'publish Draft event',
      'review-by Webinar series',
      'event Webinar after',
    ]);
    // One day: only what falls on it (UTC days, both ends included).
    const day = await entriesOf(
      await as('publisher')('GET', '/api/admin/calendar?from=2026-11-24&to=2026-11-24'),
    );
    expect(day.map((entry) => entry.type)).toEqual(['event']);
  });

  it('refuses a range it cannot read, naming the field and the limit', async () => {
    const { as } = await team();
    const fields = async (query: string) => {
      const response = await as('editor')('GET', `/api/admin/calendar${query}`);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };
    expect(await fields('?from=2026-11-20&to=2026-11-19')).toEqual({
      to: ['must not be before from'],
    });
    expect(await fields('?from=2026-01-01&to=2027-01-02')).toEqual({
      to: ['must be at most 366 days from from (the range has 367)'],
    });
    expect(await fields('?to=2026-11-19')).toHaveProperty('from');
    expect(await fields('?from=2026-02-30&to=2026-03-01')).toEqual({
      from: ['is not a calendar date'],
    });
    expect(await fields('?from=2026-11-01&to=2026-11-30&type=event')).toHaveProperty('type');
    // A full year is fine.
    expect(
      (await as('editor')('GET', '/api/admin/calendar?from=2026-01-01&to=2026-12-31')).status,
    ).toBe(200);
  });
});

describe('calendar feeds', () => {
  it("serve the calendar as RFC 5545 to the address's holder, until revoked", async () => {
    const { as, json, page, live, running } = await setUp();
    const made = await as('editor')('POST', '/api/admin/calendar/feeds', { label: 'My Outlook' });
    expect(made.status).toBe(201);
    const feed = (await made.json()) as CreatedFeed;
    expect(feed).toMatchObject({ label: 'My Outlook', createdBy: 'editor@pharmabridge.test' });
    const url = new URL(feed.url);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feed\/[0-9a-f-]{36}\.[\w-]{43}\.ics$/);

    // No session: the address is the credential.
    const served = await json('GET', url.pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(served.headers.get('cache-control')).toBe('no-store');
    const text = await served.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const summaries = events.map((event) => event.summary);
    // The feed reaches 90 days back: the past webinar is in it.
    expect(summaries).toEqual([
      'Event: Webinar before',
      'Experiment starts: Shorter headline',
      'Scheduled publish: Webinar series',
      'Experiment ends: Shorter headline',
      'Experiment starts: Longer form',
      'Event: Webinar inside',
      'Review by: Spring campaign',
      'Approval expires: Spring campaign',
      'Experiment ends: Longer form',
      'Scheduled unpublish: Spring campaign',
      'Scheduled publish: Draft event',
      'Review by: Webinar series',
      'Event: Webinar after',
      'Approval expires: Webinar series',
    ]);
    const byTitle = (summary: string) => events.find((event) => event.summary === summary)!;
    const webinarEvent = byTitle('Event: Webinar inside');
    expect(webinarEvent.startDate.toJSDate().toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(webinarEvent.endDate.toJSDate().toISOString()).toBe('2026-11-24T16:00:00.000Z');
    const review = byTitle('Review by: Spring campaign');
    expect(review.startDate.isDate).toBe(true);
    expect(review.startDate.toString()).toBe('2026-11-26');
    expect(review.endDate.toString()).toBe('2026-11-27');
    const expiry = byTitle('Approval expires: Spring campaign');
    expect(expiry.startDate.toJSDate().toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(String(expiry.component.getFirstPropertyValue('url'))).toBe(
      `${url.origin}/admin?edit=${page.id}`,
    );
    const planned = byTitle('Experiment ends: Longer form');
    expect(planned.description).toContain('Planned.');
    expect(String(planned.component.getFirstPropertyValue('url'))).toBe(
      `${url.origin}/admin/experiments?page=${page.id}&experiment=${running.id}`,
    );
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    expect(events.filter((event) => event.summary.includes(live.title))).toHaveLength(3);

    // A forged secret, an unknown feed and a malformed file are all 404.
    const forged = url.pathname.replace(/\.[\w-]{43}\.ics$/, `.${'A'.repeat(43)}.ics`);
    expect((await json('GET', forged)).status).toBe(404);
    expect((await json('GET', '/api/calendar/feed/nothing.ics')).status).toBe(404);

    // Revoked: 404 at once, and gone from the list.
    expect((await as('editor')('DELETE', `/api/admin/calendar/feeds/${feed.id}`)).status).toBe(204);
    expect((await json('GET', url.pathname)).status).toBe(404);
    const listed = (await (
      await as('editor')('GET', '/api/admin/calendar/feeds')
    ).json()) as CalendarFeedList;
    expect(listed.feeds).toEqual([]);
    expect((await as('editor')('DELETE', `/api/admin/calendar/feeds/${feed.id}`)).status).toBe(404);
  });

  it('stop serving while the account that made them is disabled', async () => {
    const { as, json } = await team();
    const made = await as('editor')('POST', '/api/admin/calendar/feeds', { label: 'Phone' });
    const path = new URL(((await made.json()) as CreatedFeed).url).pathname;
    expect((await json('GET', path)).status).toBe(200);
    const account = '/api/account/admins/editor%40pharmabridge.test';
    expect((await as('admin')('POST', `${account}/disable`)).status).toBe(204);
    expect((await json('GET', path)).status).toBe(404);
    expect((await as('admin')('POST', `${account}/enable`)).status).toBe(204);
    expect((await json('GET', path)).status).toBe(200);
  });

  it('belong to whoever made them; administrators see and revoke everyone’s', async () => {
    const { as, json } = await team();
    const make = async (who: string, label: string) =>
      (await (await as(who)('POST', '/api/admin/calendar/feeds', { label })).json()) as CreatedFeed;
    const editors = await make('editor', 'Editor phone');
    const reviewers = await make('reviewer', 'Reviewer laptop');
    const list = async (who: string) =>
      (
        (await (await as(who)('GET', '/api/admin/calendar/feeds')).json()) as CalendarFeedList
      ).feeds.map((feed) => feed.label);
    expect(await list('editor')).toEqual(['Editor phone']);
    expect(await list('reviewer')).toEqual(['Reviewer laptop']);
    expect((await list('admin')).sort()).toEqual(['Editor phone', 'Reviewer laptop']);
    // The list never holds an address: it was shown once.
    expect(
      JSON.stringify(await (await as('admin')('GET', '/api/admin/calendar/feeds')).json()),
    ).not.toContain(new URL(editors.url).pathname);

    const refused = await as('reviewer')('DELETE', `/api/admin/calendar/feeds/${editors.id}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'Your role (Reviewer) does not allow managing administrators, roles or settings',
    );
    expect((await json('GET', new URL(editors.url).pathname)).status).toBe(200);
    expect((await as('admin')('DELETE', `/api/admin/calendar/feeds/${editors.id}`)).status).toBe(
      204,
    );
    expect((await json('GET', new URL(editors.url).pathname)).status).toBe(404);
    expect((await json('GET', new URL(reviewers.url).pathname)).status).toBe(200);

    const bad = await as('editor')('POST', '/api/admin/calendar/feeds', { label: ' ' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({ label: ['is required'] });
    // Not signed in: no calendar, no feeds.
    expect((await json('GET', '/api/admin/calendar?from=2026-11-20&to=2026-11-30')).status).toBe(
      401,
    );
    expect((await json('POST', '/api/admin/calendar/feeds', { label: 'x' })).status).toBe(401);
  });
});
