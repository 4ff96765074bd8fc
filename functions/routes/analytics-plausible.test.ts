// Analytics that read like Plausible (issue 35) through the app over DynamoDB Local
// (functions/test/harness.ts): sources by utm_source, else the referrer
// (docs/decisions/0410-sources-by-utm-source.md); the funnel counted as a path within a
// visitor-day, by the server (docs/decisions/0411-funnels-in-order.md); goals about one form
// (docs/decisions/0412-form-and-file-goals.md). Distinct user agents are distinct visitors.
import { describe, expect, it } from 'vitest';
import { adminTestApp, seedPages } from '../test/harness.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { analyticsResponseSchema, goalBreakdownSchema, type Goal } from '../shared/analytics.ts';
import type { Attribution, EventType } from '../shared/events.ts';

const chrome = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

async function setUp() {
  const clock = { now: new Date('2026-03-01T09:00:00Z') };
  const app = await adminTestApp({ CONTACT_RATE_LIMIT: '1000' }, { now: () => clock.now });
  await seedPages(app.services, ['spring', 'x']);
  const headers = (who: number) => ({
    'user-agent': chrome(who),
    'x-forwarded-for': '198.51.100.7',
  });
  const event = async (
    who: number,
    eventType: EventType,
    landingPageId = 'spring',
    attribution?: Attribution,
  ) => {
    const response = await app.anonJson(
      'POST',
      '/api/conversions',
      { landingPageId, eventType, ...(attribution ? { attribution } : {}) },
      headers(who),
    );
    expect(response.status).toBe(202);
  };
  const lead = async (who: number, fields: Record<string, unknown> = {}) => {
    const response = await app.anonJson(
      'POST',
      '/api/contact',
      {
        name: 'Dana Whitfield',
        email: 'dana@example-pharma.com',
        company: 'Acme',
        landingPageId: 'spring',
        ...fields,
      },
      headers(who),
    );
    expect(response.status, await response.clone().text()).toBe(201);
  };
  const report = async () => {
    const response = await app.json('GET', '/api/admin/analytics?from=2026-03-01&to=2026-03-01');
    expect(response.status, await response.clone().text()).toBe(200);
    return analyticsResponseSchema.parse(await response.json());
  };
  const addGoal = async (body: object) => {
    const response = await app.json('POST', '/api/admin/goals', body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Goal;
  };
  return { ...app, clock, event, lead, report, addGoal };
}

describe('Sources', () => {
  it('name a visit by its utm_source when it has one, else by its referrer, else Direct', async () => {
    const { event, report } = await setUp();
    // Tagged by a newsletter without a referrer (a mail client sends none), tagged with a
    // referrer too (the tag wins), a referrer only, nothing at all.
    await event(1, 'page_view', 'spring', { utmSource: 'newsletter', utmMedium: 'email' });
    await event(2, 'page_view', 'spring', {
      referrerHost: 'l.facebook.com',
      utmSource: 'newsletter',
    });
    await event(3, 'page_view', 'spring', { referrerHost: 'google.com' });
    await event(4, 'page_view', 'spring');
    // A tag that spells one of the counters' own names is no tag: the referrer counts.
    await event(5, 'page_view', 'spring', { referrerHost: 'bing.com', utmSource: '(direct)' });
    const { current } = await report();
    expect(current.referrers).toEqual([
      { kind: 'value', host: 'newsletter', visitors: 2, leads: 0 },
      { kind: 'value', host: 'bing.com', visitors: 1, leads: 0 },
      { kind: 'value', host: 'google.com', visitors: 1, leads: 0 },
      { kind: 'direct', host: null, visitors: 1, leads: 0 },
    ]);
  });

  it("count a goal's converters under the same source", async () => {
    const { event, report, addGoal, json } = await setUp();
    const goal = await addGoal({ name: 'Hero clicks', kind: 'event', match: 'hero_primary_cta' });
    await event(1, 'page_view', 'spring', { utmSource: 'newsletter' });
    await event(1, 'hero_primary_cta');
    await report();
    const response = await json(
      'GET',
      `/api/admin/goals/${goal.id}/breakdown?from=2026-03-01&to=2026-03-01`,
    );
    expect(response.status).toBe(200);
    const { sources } = (await response.json()) as { sources: { host: string | null }[] };
    expect(sources.map((row) => row.host)).toEqual(['newsletter']);
  });
});

describe('the funnel', () => {
  it('counts the default steps as a path: no skipped step, no step out of order', async () => {
    const { event, lead, report } = await setUp();
    // 1: view, click, form: all three. 2: view, form (skips the click): step 1 only.
    // 3: click before any view, then a view: step 1 only (the click came first).
    // 4: view, click: steps 1 and 2. 5: a form alone: nothing.
    await event(1, 'page_view');
    await event(1, 'hero_primary_cta');
    await lead(1);
    await event(2, 'page_view');
    await lead(2);
    await event(3, 'hero_primary_cta');
    await event(3, 'page_view');
    await event(4, 'page_view');
    await event(4, 'final_cta_primary');
    await event(4, 'page_view');
    await lead(5, { landingPageId: 'x' });
    const { funnel, current } = await report();
    expect(funnel).toEqual([
      { goalId: null, name: 'Viewed a page', visitors: 4 },
      { goalId: null, name: 'Pressed a call-to-action button', visitors: 2 },
      { goalId: null, name: 'Sent a form', visitors: 1 },
    ]);
    // The separate counts the old funnel showed are still the totals.
    expect(current.totals.leads).toBe(3);
  });

  it("counts the team's goals in their order, within a visitor-day, from the funnel's change on", async () => {
    const { event, lead, report, addGoal, json, clock } = await setUp();
    const spring = await addGoal({ name: 'Spring page', kind: 'page', match: '/spring' });
    const click = await addGoal({
      name: 'Save my seat click',
      kind: 'event',
      match: 'hero_primary_cta',
    });
    const sent = await addGoal({
      name: 'Registration sent',
      kind: 'event',
      match: 'form_submit',
      formId: 'demo-request',
    });
    // Events before the funnel is built count in no step of it.
    await event(9, 'page_view');
    await event(9, 'hero_primary_cta');
    const put = await json('PUT', '/api/admin/goals/funnel', {
      goalIds: [spring.id, click.id, sent.id],
    });
    expect(put.status).toBe(200);
    // 1: the whole path. 2: the page of another goal (/x) then the click: nothing.
    // 3: the page, the form without the click: step 1. 4: click, then the page, then the
    // form: step 1 (the click came before the page). 9 again: the page, the click (step 2).
    await event(1, 'page_view');
    await event(1, 'hero_primary_cta');
    await lead(1);
    await event(2, 'page_view', 'x');
    await event(2, 'hero_primary_cta', 'x');
    await event(3, 'page_view');
    await lead(3);
    await event(4, 'hero_primary_cta');
    await event(4, 'page_view');
    await lead(4);
    await event(9, 'page_view');
    await event(9, 'hero_primary_cta');
    // The next day is another visitor-day: visitor 3's click there is no second step.
    clock.now = new Date('2026-03-02T08:00:00Z');
    await event(3, 'hero_primary_cta');
    const response = await json('GET', '/api/admin/analytics?from=2026-03-01&to=2026-03-02');
    const { funnel, goalFunnel, funnelSince, goals } = analyticsResponseSchema.parse(
      await response.json(),
    );
    expect(goalFunnel).toEqual([spring.id, click.id, sent.id]);
    expect(funnelSince).toBe('2026-03-01T09:00:00.000Z');
    expect(funnel).toEqual([
      { goalId: spring.id, name: 'Spring page', visitors: 4 },
      { goalId: click.id, name: 'Save my seat click', visitors: 2 },
      { goalId: sent.id, name: 'Registration sent', visitors: 1 },
    ]);
    // The goals on their own still count every converter: 4 clicked on 1 March, 1 on 2 March.
    expect(goals.find((goal) => goal.id === click.id)?.converters).toBe(5);
    expect(goals.find((goal) => goal.id === sent.id)?.converters).toBe(3);

    // Deleting a step's goal makes a new funnel of the two left, counted afresh.
    expect((await json('DELETE', `/api/admin/goals/${sent.id}`)).status).toBe(204);
    const after = await report();
    expect(after.goalFunnel).toEqual([spring.id, click.id]);
    expect(after.funnel.map((step) => step.visitors)).toEqual([0, 0]);
  });
});

describe('form and file goals', () => {
  it("count one form's sendings, and say which form", async () => {
    const { lead, report, addGoal, json } = await setUp();
    const pricing = await addGoal({
      name: 'Pricing requests',
      kind: 'event',
      match: 'form_submit',
      formId: 'pricing-request',
    });
    const any = await addGoal({ name: 'Any form', kind: 'event', match: 'form_submit' });
    expect(pricing).toMatchObject({ formId: 'pricing-request', targetName: expect.any(String) });
    await lead(1, { formType: 'pricing' });
    await lead(1, { formType: 'pricing' });
    await lead(2);
    const { goals } = await report();
    expect(goals.find((goal) => goal.id === pricing.id)).toMatchObject({
      formId: 'pricing-request',
      conversions: 2,
      converters: 1,
    });
    expect(goals.find((goal) => goal.id === any.id)).toMatchObject({
      conversions: 3,
      converters: 2,
    });
    // By page and by source, like any event goal: the form's key and its type's take their
    // source counters in one write.
    const response = await json(
      'GET',
      `/api/admin/goals/${pricing.id}/breakdown?from=2026-03-01&to=2026-03-01`,
    );
    const breakdown = goalBreakdownSchema.parse(await response.json());
    expect(breakdown.pages.map(({ path, conversions }) => ({ path, conversions }))).toEqual([
      { path: '/spring', conversions: 2 },
    ]);
    expect(breakdown.sources.map(({ kind, conversions }) => ({ kind, conversions }))).toEqual([
      { kind: 'direct', conversions: 2 },
    ]);
  });

  it('refuse a form or file that does not exist, or on another kind of goal', async () => {
    const { json } = await setUp();
    const refused = async (body: object) => {
      const response = await json('POST', '/api/admin/goals', body);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error;
    };
    expect(
      await refused({ name: 'X', kind: 'event', match: 'form_submit', formId: 'no-such-form' }),
    ).toMatchObject({ fields: { formId: ['is not a form of this site'] } });
    expect(
      await refused({
        name: 'X',
        kind: 'event',
        match: 'file_download',
        assetId: '3f1c1a52-8c1d-4a3b-9a39-1f0a8f4b6c2d',
      }),
    ).toMatchObject({ fields: { assetId: ['is not a gated file of this site'] } });
    expect(
      (
        await refused({
          name: 'X',
          kind: 'event',
          match: 'hero_primary_cta',
          formId: 'demo-request',
        })
      ).fields,
    ).toEqual({
      formId: ['names a form only for a goal of forms sent (form_submit)'],
    });
  });

  it('are never counted from a browser: form_submit is the server’s', async () => {
    const { anonJson } = await setUp();
    const response = await anonJson(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType: 'form_submit' },
      { 'user-agent': chrome(1), 'x-forwarded-for': '198.51.100.7' },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      eventType: ['form_submit is counted by the server when a form is sent, never sent by a page'],
    });
  });
});
