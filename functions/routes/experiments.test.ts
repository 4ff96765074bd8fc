// Experiments (issue 24): create, edit a variant, approvals, start, the live page locked while
// it runs, events and leads counted per variant (only for a running experiment's own
// variants, and only the variant the sender was assigned: issue 33), one unit per visitor key
// for the whole test (issue 35), results, pause, end, promote. Real DynamoDB Local through
// the app (functions/test/harness.ts); client addresses come from X-Forwarded-For there.
// Which variant a visitor gets is asked of the edge's own code (infra/edge/clean-urls.js).
import { describe, expect, it } from 'vitest';
import { loadEdgeScript } from '../../infra/edge/edge-script.ts';
import { KEY_IDLE_DAYS, VISITOR_SHARDS } from '../data/experiments.ts';
import { queryAll } from '../data/table.ts';
import type { ErrorBody } from '../lib/errors.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ExperimentDetail, ExperimentResults } from '../shared/experiments.ts';
import type { Role } from '../shared/roles.ts';
import { landingTemplate } from '../shared/template.ts';
import type { WorkflowStatus } from '../shared/workflow.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visitor = (ip: string, userAgent = BROWSER) => ({
  'x-forwarded-for': ip,
  'user-agent': userAgent,
});
const edge = loadEdgeScript<{
  experimentVariant(value: string, secret: string, ip: string, userAgent: string): string;
}>('clean-urls.js', ['experimentVariant']);

async function team(approvalsRequired = 0) {
  let now = new Date('2026-11-20T10:00:00Z').getTime();
  const clock = { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  const base = await testApp({}, { now: clock.now });
  const people: Record<
    string,
    (method: string, path: string, body?: unknown) => Promise<Response>
  > = {};
  for (const role of ['admin', 'publisher', 'editor', 'reviewer'] as Role[]) {
    const { cookie } = await base.signIn(`${role}@pharmabridge.test`, role);
    people[role] = async (method, path, body) => base.json(method, path, body, { cookie });
  }
  if (approvalsRequired) {
    expect(
      (await people['admin']!('PUT', '/api/admin/settings', { approvalsRequired })).status,
    ).toBe(200);
  }
  const page = await base.services.pages.create({
    title: 'Spring campaign',
    slug: 'spring',
    isActive: true,
    content: landingTemplate(),
  });
  const as = (who: string) => people[who]!;
  const create = async (who = 'editor', body: object = {}) => {
    const response = await as(who)('POST', '/api/admin/experiments', {
      pageId: page.id,
      name: 'Shorter headline',
      hypothesis: 'A shorter headline brings more demo requests',
      variants: [
        { name: 'Control', weight: 50 },
        { name: 'B', weight: 50 },
      ],
      ...body,
    });
    return response;
  };
  const editB = async (id: string, headline: string, revision: number, who = 'editor') =>
    as(who)('PUT', `/api/admin/experiments/${id}/variants/b`, {
      content: { ...page.content, hero: { ...page.content.hero, headline } },
      revision,
    });
  const results = async (id: string) =>
    (await (
      await as('reviewer')('GET', `/api/admin/experiments/${id}/results`)
    ).json()) as ExperimentResults;
  const event = (
    ip: string,
    variantId: string,
    eventType = 'page_view',
    extra: object = {},
    userAgent = BROWSER,
  ) =>
    base.json(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType, variantId, ...extra },
      visitor(ip, userAgent),
    );
  const lead = (ip: string, variantId: string, userAgent = BROWSER) =>
    base.json(
      'POST',
      '/api/contact',
      {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        company: 'Acme Pharma',
        message: 'A demo, please',
        formType: 'general',
        landingPageId: 'spring',
        variantId,
      },
      visitor(ip, userAgent),
    );
  /** The variant the edge serves this visitor of a 50/50 experiment (the page's data-variant). */
  const servedTo = async (experimentId: string, ip: string, userAgent = BROWSER) => {
    const secret = await base.services.experiments.assignmentSecret();
    const value = `x ${experimentId} /variants/spring a:50 b:50`;
    return /\/([a-d])\/index\.html$/.exec(
      edge.experimentVariant(value, secret, ip, userAgent),
    )![1]!;
  };
  /** `count` addresses `${prefix}<n>` the edge assigns `variant`, n from 1 up. */
  const addressesOf = async (
    experimentId: string,
    variant: string,
    count: number,
    prefix = '203.0.113.',
  ) => {
    const found: string[] = [];
    for (let n = 1; found.length < count && n < 255; n++) {
      if ((await servedTo(experimentId, `${prefix}${n}`)) === variant) found.push(`${prefix}${n}`);
    }
    expect(found).toHaveLength(count);
    return found;
  };
  return { ...base, clock, as, page, create, editB, results, event, lead, servedTo, addressesOf };
}

describe('experiments: a draft', () => {
  it('is created with the control and copies of the live page, and validated field by field', async () => {
    const { as, page, create } = await team();
    const created = await create();
    expect(created.status).toBe(201);
    const experiment = (await created.json()) as ExperimentDetail;
    expect(experiment).toMatchObject({
      status: 'draft',
      goal: 'lead',
      minDays: 7,
      minVisitors: 100,
      createdBy: 'editor@pharmabridge.test',
    });
    expect(
      experiment.variants.map(({ id, name, weight, control }) => ({ id, name, weight, control })),
    ).toEqual([
      { id: 'a', name: 'Control', weight: 50, control: true },
      { id: 'b', name: 'B', weight: 50, control: false },
    ]);
    expect(experiment.variants[1]!.content).toEqual(page.content);

    const listed = (await (
      await as('reviewer')('GET', `/api/admin/experiments?pageId=${page.id}`)
    ).json()) as { experiments: { id: string }[] };
    expect(listed.experiments.map((e) => e.id)).toEqual([experiment.id]);

    const bad = async (body: object) => {
      const response = await create('editor', body);
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.fields;
    };
    expect(
      await bad({
        variants: [
          { name: 'Control', weight: 60 },
          { name: 'B', weight: 50 },
        ],
      }),
    ).toEqual({ variants: ['weights must add up to 100 (%), not 110'] });
    expect(await bad({ variants: [{ name: 'Control', weight: 100 }] })).toMatchObject({
      variants: [expect.stringContaining('at least 2 variants')],
    });
    expect(
      await bad({
        variants: [
          { name: 'Control', weight: 50, content: page.content },
          { name: 'B', weight: 50 },
        ],
      }),
    ).toEqual({
      'variants.0.content': ["must be left out: the control is the page's live version"],
    });
    expect(await bad({ goal: 'page_view' })).toHaveProperty('goal');
    const missingPage = await as('editor')('POST', '/api/admin/experiments', {
      pageId: 'no-such-page',
      name: 'X',
      variants: [
        { name: 'Control', weight: 50 },
        { name: 'B', weight: 50 },
      ],
    });
    expect(missingPage.status).toBe(404);
  });

  it('edits a variant with its revision; the control and stale saves are refused', async () => {
    const { as, create, editB } = await team();
    const { id } = (await (await create()).json()) as ExperimentDetail;
    const saved = await editB(id, 'Contract-ready data, in one upload', 1);
    expect(saved.status).toBe(200);
    const detail = (await saved.json()) as ExperimentDetail;
    expect(detail.variants[1]).toMatchObject({
      revision: 2,
      authors: ['editor@pharmabridge.test'],
    });
    expect(detail.variants[1]!.content.hero.headline).toBe('Contract-ready data, in one upload');
    expect(detail.variants[0]!.content.hero.headline).toBe(landingTemplate().hero.headline);

    const stale = await editB(id, 'Someone else', 1, 'publisher');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.fields).toEqual({
      revision: ['is 1, but the variant is at revision 2 now'],
    });
    const control = await as('editor')('PUT', `/api/admin/experiments/${id}/variants/a`, {
      content: landingTemplate(),
      revision: 1,
    });
    expect(control.status).toBe(409);
    expect(((await control.json()) as ErrorBody).error.message).toContain("page's live version");
    const invalid = await as('editor')('PUT', `/api/admin/experiments/${id}/variants/b`, {
      content: { ...landingTemplate(), hero: { ...landingTemplate().hero, headline: 42 } },
      revision: 2,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as ErrorBody).error.fields ?? {})).toContain(
      'content.hero.headline',
    );
    // A reviewer may read it but not edit it; the API refuses, whatever the admin shows.
    expect((await editB(id, 'Reviewer edit', 2, 'reviewer')).status).toBe(403);
  });

  it('needs every variant approved (e-signature, never by its author) before it starts when the page needs approvals', async () => {
    const { as, create, editB } = await team(1);
    const { id } = (await (await create()).json()) as ExperimentDetail;
    await editB(id, 'Reviewed headline', 1);
    const early = await as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.message).toBe(
      'Every variant needs 1 approval of its current content before the experiment starts: B does not have it yet',
    );
    const sign = (who: string, password = TEST_PASSWORD) =>
      as(who)('POST', `/api/admin/experiments/${id}/variants/b/approve`, {
        password,
        meaning: 'approved-medical',
      });
    expect((await sign('editor')).status).toBe(403);
    expect((await sign('reviewer', 'wrong-password-here')).status).toBe(400);
    const signed = await sign('reviewer');
    expect(signed.status).toBe(201);
    const detail = (await signed.json()) as ExperimentDetail;
    expect(detail.variants[1]!.approvals).toMatchObject([
      { signerEmail: 'reviewer@pharmabridge.test', meaning: 'approved-medical', current: true },
    ]);
    // An edit voids the approval, as it does a working copy's.
    await editB(id, 'Changed after approval', 2);
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(409);
    expect((await sign('reviewer')).status).toBe(201);
    const started = await as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(started.status).toBe(200);
    expect(((await started.json()) as ExperimentDetail).status).toBe('running');
  });
});

describe('experiments: running', () => {
  it('locks the live page, counts visitors and leads per variant, and ends with its results kept', async () => {
    const { as, json, page, create, editB, results, event, lead, addressesOf, services } =
      await team();
    const { id } = (await (await create()).json()) as ExperimentDetail;
    await editB(id, 'Variant headline', 1);
    expect((await as('editor')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(403);
    const started = await as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(started.status).toBe(200);
    const running = (await started.json()) as ExperimentDetail;
    expect(running).toMatchObject({ status: 'running', controlRevision: page.revision });
    expect(running.startedAt).toBeDefined();

    // The live page is the control: no change to it while the experiment runs, by any path.
    const put = await as('publisher')('PUT', `/api/landing-pages/${page.id}`, {
      content: { ...page.content, hero: { ...page.content.hero, headline: 'Live edit' } },
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as ErrorBody).error.message).toBe(
      'This page has an experiment ("Shorter headline") running or paused: end it before changing or publishing the live page. Visitors in the experiment see its variants, and its results compare them with the version that was live when it started.',
    );
    const draft = await as('editor')('PUT', `/api/landing-pages/${page.id}/draft`, {
      title: page.title,
      slug: page.slug,
      content: { ...page.content, hero: { ...page.content.hero, headline: 'Next version' } },
      revision: page.revision,
    });
    expect(draft.status).toBe(200);
    const publish = await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {});
    expect(publish.status).toBe(409);
    expect(((await publish.json()) as ErrorBody).error.message).toContain('end it before');
    expect((await services.pages.getById(page.id))!.content.hero.headline).toBe(
      landingTemplate().hero.headline,
    );
    // A second experiment on the same page cannot start.
    const second = (await (await create('editor', { name: 'Second' })).json()) as ExperimentDetail;
    const blocked = await as('publisher')('POST', `/api/admin/experiments/${second.id}/start`);
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as ErrorBody).error.message).toContain(
      'Another experiment ("Shorter headline")',
    );

    // Three control visitors, two B visitors (one viewing twice), one B lead, one B visitor
    // who opted out (GPC), a forged variant and a bot: only the first ones count. Each sends
    // the variant the edge served them.
    const [a1, a2, a3] = await addressesOf(id, 'a', 3);
    const [b1, b2, bOptedOut, bPaused, bEnded] = await addressesOf(id, 'b', 5);
    for (const ip of [a1!, a2!, a3!]) {
      expect((await event(ip, 'a')).status).toBe(202);
    }
    await event(b1!, 'b');
    await event(b1!, 'b');
    await event(b1!, 'b', 'hero_primary_cta');
    await event(b2!, 'b');
    await event(b2!, 'c');
    await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType: 'page_view', variantId: 'b' },
      { ...visitor(bOptedOut!), 'sec-gpc': '1' },
    );
    await json(
      'POST',
      '/api/conversions',
      { landingPageId: 'spring', eventType: 'page_view', variantId: 'b' },
      { 'x-forwarded-for': b2!, 'user-agent': 'Mozilla/5.0 HeadlessChrome/131' },
    );
    expect((await lead(b1!, 'b')).status).toBe(201);

    const measured = await results(id);
    expect(measured.status).toBe('running');
    expect(
      measured.variants.map(({ id: v, visitors, conversions }) => ({ v, visitors, conversions })),
    ).toEqual([
      { v: 'a', visitors: 3, conversions: 0 },
      { v: 'b', visitors: 2, conversions: 1 },
    ]);
    expect(measured.variants[1]!.conversionRate).toBe(0.5);
    expect(measured.variants[0]!.uplift).toBeNull();
    expect(measured.daily).toEqual([
      {
        day: '2026-11-20',
        variants: [
          { id: 'a', visitors: 3, conversions: 0 },
          { id: 'b', visitors: 2, conversions: 1 },
        ],
      },
    ]);
    expect(measured.verdict.kind).toBe('keep_running');
    expect(measured.srm.mismatch).toBe(false);

    // Paused: everybody sees the control, and nothing counts.
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/pause`)).status).toBe(200);
    await event(bPaused!, 'b');
    expect((await results(id)).variants[1]!.visitors).toBe(2);
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(200);
    await event(bPaused!, 'b');
    expect((await results(id)).variants[1]!.visitors).toBe(3);

    // Ended: the page is free again and the results stay.
    const stopped = await as('admin')('POST', `/api/admin/experiments/${id}/stop`);
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as ExperimentDetail).status).toBe('stopped');
    await event(bEnded!, 'b');
    const final = await results(id);
    expect(final.status).toBe('stopped');
    expect(final.variants.map((v) => v.visitors)).toEqual([3, 3]);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {})).status,
    ).toBe(200);
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(409);
  });

  it('promotes a variant: its content becomes the working copy and, with no approvals required, the live page', async () => {
    const { as, page, create, editB, results, services } = await team();
    const { id } = (await (await create()).json()) as ExperimentDetail;
    await editB(id, 'The winning headline', 1);
    await as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(
      (await as('editor')('POST', `/api/admin/experiments/${id}/promote`, { variantId: 'b' }))
        .status,
    ).toBe(403);
    const promoted = await as('publisher')('POST', `/api/admin/experiments/${id}/promote`, {
      variantId: 'b',
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({
      status: 'stopped',
      promotedVariantId: 'b',
      published: true,
    });
    expect((await services.pages.getById(page.id))!.content.hero.headline).toBe(
      'The winning headline',
    );
    expect((await results(id)).status).toBe('stopped');
    const again = await as('publisher')('POST', `/api/admin/experiments/${id}/promote`, {
      variantId: 'b',
    });
    expect(again.status).toBe(409);
  });

  it('with approvals required, a promoted variant waits in review as the working copy', async () => {
    const { as, page, create, editB } = await team(1);
    const { id } = (await (await create()).json()) as ExperimentDetail;
    await editB(id, 'Needs review', 1);
    await as('reviewer')('POST', `/api/admin/experiments/${id}/variants/b/approve`, {
      password: TEST_PASSWORD,
      meaning: 'approved',
    });
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/start`)).status).toBe(200);
    const promoted = await as('admin')('POST', `/api/admin/experiments/${id}/promote`, {
      variantId: 'b',
    });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { published: boolean }).published).toBe(false);
    const shown = (await (
      await as('admin')('GET', `/api/admin/pages/${page.id}`)
    ).json()) as LandingPage & {
      workflow: WorkflowStatus;
    };
    expect(shown.content.hero.headline).toBe(landingTemplate().hero.headline);
    expect(shown.workflow.workingCopy?.content.hero.headline).toBe('Needs review');
  });

  it('refuses to start on a page that is not live, and deletes only drafts', async () => {
    const { as, services, create } = await team();
    const { id } = (await (await create()).json()) as ExperimentDetail;
    const hidden = await services.pages.create({
      title: 'Hidden',
      slug: 'hidden',
      isActive: false,
      content: landingTemplate(),
    });
    const other = (await (
      await as('editor')('POST', '/api/admin/experiments', {
        pageId: hidden.id,
        name: 'On a draft page',
        variants: [
          { name: 'Control', weight: 90 },
          { name: 'B', weight: 10 },
        ],
      })
    ).json()) as ExperimentDetail;
    const refused = await as('publisher')('POST', `/api/admin/experiments/${other.id}/start`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toContain('The page is not live');
    await as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect((await as('editor')('DELETE', `/api/admin/experiments/${id}`)).status).toBe(409);
    expect((await as('editor')('DELETE', `/api/admin/experiments/${other.id}`)).status).toBe(204);
    expect((await as('editor')('GET', `/api/admin/experiments/${other.id}`)).status).toBe(404);
  });
});

/** Chrome at `version` on Linux (BROWSER's family) and on Windows: a new string each time. */
const chromeOnLinux = (version: number) => BROWSER.replace('131.0.0.0', `${version}.0.0.0`);
const chromeOnWindows = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const firefoxOnWindows = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
const edgeOnWindows = (version: number) => `${chromeOnWindows(version)} Edg/${version}.0.0.0`;

const totals = (measured: ExperimentResults) =>
  measured.variants.map(({ id, visitors, conversions }) => ({ id, visitors, conversions }));

// Issue 33 (the probe found figures anyone could tilt) and issue 35 (a visitor is one unit
// for the whole test): docs/decisions/0320-experiment-visitor-key.md.
describe('experiments: figures nobody can tilt, one unit per visitor for the whole test', () => {
  const started = async (fixture: Awaited<ReturnType<typeof team>>) => {
    const { id } = (await (await fixture.create()).json()) as ExperimentDetail;
    const start = await fixture.as('publisher')('POST', `/api/admin/experiments/${id}/start`);
    expect(start.status).toBe(200);
    return id;
  };

  it('counts 120 page views from one address with a new user agent each as one visitor per browser family', async () => {
    const fixture = await team();
    const { event, results, servedTo, clock } = fixture;
    const id = await started(fixture);
    // The probe: one address, a new browser version for every view, each view claiming
    // either variant. Over an hour, so no per-minute cap drops any of them.
    const ip = '198.51.100.7';
    for (let i = 0; i < 120; i++) {
      const response = await event(
        ip,
        i % 2 ? 'b' : 'a',
        'page_view',
        {},
        chromeOnWindows(100 + i),
      );
      expect(response.status).toBe(202);
      clock.advance(30_000);
    }
    const own = await servedTo(id, ip, chromeOnWindows(100));
    expect(totals(await results(id))).toEqual(
      ['a', 'b'].map((v) => ({ id: v, visitors: v === own ? 1 : 0, conversions: 0 })),
    );

    // Three browser families from another address, 10 versions each: three visitors.
    const office = '198.51.100.8';
    for (let i = 0; i < 30; i++) {
      const agent = [chromeOnWindows, firefoxOnWindows, edgeOnWindows][i % 3]!(100 + i);
      await event(office, await servedTo(id, office, agent), 'page_view', {}, agent);
      clock.advance(30_000);
    }
    const measured = await results(id);
    expect(measured.variants.reduce((sum, v) => sum + v.visitors, 0)).toBe(4);
  }, 120_000);

  it('counts nothing for a variant its sender was not assigned, and answers as for any event', async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf } = fixture;
    const id = await started(fixture);
    const served = { a: await addressesOf(id, 'a', 6), b: await addressesOf(id, 'b', 6) };
    for (const [own, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      for (const ip of served[own]) {
        expect((await event(ip, other)).status).toBe(202);
        expect((await event(ip, other, 'hero_primary_cta', { experimentId: id })).status).toBe(202);
        expect((await lead(ip, other)).status).toBe(201);
      }
    }
    expect(totals(await results(id))).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 0, conversions: 0 },
    ]);
    // Their own variants count as ever.
    await event(served.a[0]!, 'a');
    await lead(served.b[0]!, 'b');
    expect(totals(await results(id))).toEqual([
      { id: 'a', visitors: 1, conversions: 0 },
      { id: 'b', visitors: 1, conversions: 1 },
    ]);
  });

  it('counts a visitor who returns on later days once, and their conversion once', async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf, clock } = fixture;
    const id = await started(fixture);
    const [returning, later] = await addressesOf(id, 'b', 2);
    const DAY = 86_400_000;
    await event(returning!, 'b'); // 2026-11-20
    clock.advance(DAY);
    await event(returning!, 'b'); // 21st
    clock.advance(DAY);
    expect((await lead(returning!, 'b')).status).toBe(201); // 22nd: converts
    clock.advance(DAY);
    await event(later!, 'b'); // 23rd: a second visitor
    clock.advance(DAY);
    await lead(returning!, 'b'); // 24th: a second lead, same visitor
    for (let day = 0; day < 3; day++) {
      clock.advance(DAY);
      // Its browser updated meanwhile: still the same visitor.
      await event(returning!, 'b', 'page_view', {}, chromeOnLinux(140 + day));
    }
    const measured = await results(id);
    expect(totals(measured)).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 2, conversions: 1 },
    ]);
    expect(measured.daily.map((day) => [day.day, day.variants[1]])).toEqual([
      ['2026-11-20', { id: 'b', visitors: 1, conversions: 0 }],
      ['2026-11-21', { id: 'b', visitors: 1, conversions: 0 }],
      ['2026-11-22', { id: 'b', visitors: 1, conversions: 1 }],
      ['2026-11-23', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-24', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-25', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-26', { id: 'b', visitors: 2, conversions: 1 }],
      ['2026-11-27', { id: 'b', visitors: 2, conversions: 1 }],
    ]);
  });

  it("flags a sample ratio mismatch under the probe's skew: 22 addresses that all land in B", async () => {
    const fixture = await team();
    const { event, lead, results, addressesOf, clock } = fixture;
    const id = await started(fixture);
    // 22 loopback addresses the edge sends to B. To hide the skew, each also claims the
    // control with a fresh user agent per view, as the probe did; those claims count nothing.
    const probes = await addressesOf(id, 'b', 22, '127.0.0.');
    for (const [n, ip] of probes.entries()) {
      for (let view = 0; view < 5; view++) {
        await event(ip, 'a', 'page_view', {}, chromeOnLinux(100 + n * 5 + view));
      }
      await event(ip, 'b');
      expect((await lead(ip, 'b')).status).toBe(201);
      clock.advance(60_000);
    }
    const measured = await results(id);
    expect(totals(measured)).toEqual([
      { id: 'a', visitors: 0, conversions: 0 },
      { id: 'b', visitors: 22, conversions: 22 },
    ]);
    expect(measured.srm.mismatch).toBe(true);
    expect(measured.srm.pValue).toBeLessThan(0.001);
    expect(measured.verdict.kind).toBe('sample_ratio_mismatch');
    expect(measured.verdict.message).toMatch(/^Sample ratio mismatch: /);
  });

  it('keeps only keyed hashes of visitors, and deletes them once the experiment ends', async () => {
    const fixture = await team();
    const { as, event, lead, results, addressesOf, services, clock } = fixture;
    const id = await started(fixture);
    const ips = [...(await addressesOf(id, 'a', 3)), ...(await addressesOf(id, 'b', 3))];
    for (const [n, ip] of ips.entries()) {
      await event(ip, n < 3 ? 'a' : 'b');
      if (n === 5) await lead(ip, 'b');
    }
    const stored = async () => {
      const items: Record<string, unknown>[] = [];
      for (let shard = 0; shard < VISITOR_SHARDS; shard++) {
        items.push(
          ...(await queryAll(services.db, {
            TableName: services.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `EXPVISITORS#${id}#${shard}` },
          })),
        );
      }
      return items;
    };
    const keyItems = await stored();
    expect(keyItems).toHaveLength(6);
    const expires = clock.now().getTime() / 1000 + KEY_IDLE_DAYS * 86_400;
    for (const item of keyItems) {
      expect(Object.keys(item).sort()).toEqual(
        Object.keys(item).includes('goals')
          ? ['expiresAt', 'goals', 'pk', 'sk', 'views']
          : ['expiresAt', 'pk', 'sk', 'views'],
      );
      expect(item['sk']).toMatch(/^[0-9a-f]{64}$/);
      expect(Math.abs(Number(item['expiresAt']) - expires)).toBeLessThan(60);
      const text = JSON.stringify(item);
      for (const clear of [...ips, 'Chrome', 'chrome/linux', 'Linux']) {
        expect(text).not.toContain(clear);
      }
    }
    const before = totals(await results(id));
    expect((await as('publisher')('POST', `/api/admin/experiments/${id}/stop`)).status).toBe(200);
    // The minute's schedule run sweeps them, a budget at a time, never with a Scan.
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 4, pending: 1 });
    expect(await stored()).toHaveLength(2);
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 2, pending: 0 });
    expect(await stored()).toEqual([]);
    expect(await services.experiments.sweepEndedVisitors(4)).toEqual({ deleted: 0, pending: 0 });
    // The figures stay.
    expect(totals(await results(id))).toEqual(before);
    expect(before).toEqual([
      { id: 'a', visitors: 3, conversions: 0 },
      { id: 'b', visitors: 3, conversions: 1 },
    ]);
  });
});
