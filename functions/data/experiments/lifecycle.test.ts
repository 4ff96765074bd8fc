// An experiment's life (issue 24, functions/data/experiments/lifecycle.ts): a draft created
// with the control and copies of the live page and validated field by field; started, the
// live page locked while it runs, visitors and leads counted per variant, paused, ended with
// its results kept; a variant promoted; a page that is not live refused; only drafts deleted.
// Real DynamoDB Local through the app (functions/test/experiment-team.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope as ErrorBody } from '../../shared/error-envelope.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import type { ExperimentDetail } from '../../shared/experiments.ts';
import { landingTemplate } from '../../shared/template.ts';
import type { WorkflowStatus } from '../../shared/workflow.ts';
import { TEST_PASSWORD } from '../../test/harness.ts';
import { team, visitor } from '../../test/experiment-team.ts';

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
      email: 'reviewer@pharmabridge.test',
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
