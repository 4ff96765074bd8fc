// The checks before publishing in the workflow (issue 38, functions/data/workflow/checks.ts):
// kept with the working copy at each save, read at GET /api/landing-pages/:id/checks and in the
// Pages list's summary, refusing submit, publish and scheduling while they find errors, and a
// publisher's publish over them with a reason, which the publication and the audit entry keep.
// Real DynamoDB Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import type { LandingPage } from '../landing-pages/page-item.ts';
import type { ErrorEnvelope } from '../../shared/error-envelope.ts';
import type { PageChecks } from '../../shared/page-checks.ts';
import type { WorkflowSummaries } from '../../shared/workflow.ts';
import { team } from '../../test/workflow-team.ts';
import { deriveLayout } from '../../shared/blocks.ts';

/** The live page's content with a link to an anchor it does not have in its hero text. */
async function brokenCopy(t: Awaited<ReturnType<typeof team>>, who = 'editor') {
  const { live } = t;
  const saved = await t.as(who)('PUT', `/api/landing-pages/${live.id}/draft`, {
    title: live.title,
    slug: live.slug,
    content: {
      ...live.content,
      layout: [
        ...deriveLayout(live.content).slice(0, -1),
        { id: 'notes', type: 'richText', markdown: 'Read [the agenda](#agenda) first.' },
        ...deriveLayout(live.content).slice(-1),
      ],
    },
    revision: live.revision,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return (await saved.json()) as { revision: number };
}

const checksOf = async (t: Awaited<ReturnType<typeof team>>) =>
  (await (
    await t.as('reviewer')('GET', `/api/landing-pages/${t.live.id}/checks`)
  ).json()) as PageChecks;

describe('checks before publishing', () => {
  it('finds no error in the live product page, and an error in a copy with a dead anchor', async () => {
    const t = await team();
    const live = await checksOf(t);
    expect(live).toMatchObject({ of: 'live', revision: t.live.revision, blocking: true });
    expect(live.checks.filter((check) => check.level === 'error')).toEqual([]);
    await brokenCopy(t);
    const copy = await checksOf(t);
    expect(copy.of).toBe('working-copy');
    expect(copy.checks[0]).toMatchObject({ level: 'error', category: 'links' });
    expect(copy.checks[0]!.message).toContain('#agenda');
    // Kept with the copy: the Pages list shows the count without rendering.
    const summary = (await (
      await t.as('editor')('GET', '/api/admin/workflow')
    ).json()) as WorkflowSummaries;
    expect(summary[t.live.id]!.workingCopy?.checkErrors).toBe(1);
    // And the admin's page view carries them beside the workflow.
    const page = (await (await t.as('admin')('GET', `/api/admin/pages/${t.live.id}`)).json()) as {
      workflow: { checks: PageChecks };
    };
    expect(page.workflow.checks.checks.map((check) => check.id)).toEqual(
      copy.checks.map((check) => check.id),
    );
  });

  it('refuses submit and publish with a 409 naming the error, while the setting blocks', async () => {
    const t = await team();
    await brokenCopy(t);
    const submit = await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {});
    expect(submit.status).toBe(409);
    const body = (await submit.json()) as ErrorEnvelope;
    expect(body.error.message).toMatch(
      /^It cannot be submitted: the checks before publishing found an error\. .*#agenda/,
    );
    const notes = deriveLayout(t.live.content).length - 1;
    expect(Object.keys(body.error.fields ?? {})).toEqual([`content.layout.${notes}`]);
    const publish = await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {});
    expect(publish.status).toBe(409);
    expect(((await publish.json()) as ErrorEnvelope).error.message).toMatch(
      /^It cannot be published/,
    );
    const later = await t.as('publisher')('POST', `/api/landing-pages/${t.live.id}/publish`, {
      at: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(later.status).toBe(409);
    expect(((await later.json()) as ErrorEnvelope).error.message).toMatch(
      /^It cannot be scheduled/,
    );
    // Visitors still get the live version.
    expect(await t.publicHeadline()).toBe(t.live.content.hero.headline);

    const off = await t.as('admin')('PUT', '/api/admin/settings', { checksBlockPublishing: false });
    expect(off.status).toBe(200);
    expect((await checksOf(t)).blocking).toBe(false);
    expect(
      (await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {})).status,
    ).toBe(200);
  });

  it('lets a publisher publish over errors with a reason, kept in the publication and the audit log', async () => {
    const t = await team();
    await brokenCopy(t);
    const path = `/api/landing-pages/${t.live.id}/publish`;
    const short = await t.as('publisher')('POST', path, { overrideChecks: { reason: 'ok' } });
    expect(short.status).toBe(400);
    expect(Object.keys(((await short.json()) as ErrorEnvelope).error.fields ?? {})).toEqual([
      'overrideChecks.reason',
    ]);
    const editor = await t.as('editor')('POST', path, {
      overrideChecks: { reason: 'The agenda anchor ships with the next block.' },
    });
    expect(editor.status).toBe(403);
    const scheduled = await t.as('publisher')('POST', path, {
      at: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
      overrideChecks: { reason: 'The agenda anchor ships with the next block.' },
    });
    expect(scheduled.status).toBe(400);
    const over = await t.as('publisher')('POST', path, {
      overrideChecks: { reason: 'The agenda anchor ships with the next block.' },
    });
    expect(over.status).toBe(200);
    const published = (await over.json()) as LandingPage;
    expect(published.publication?.checksOverride).toEqual({
      reason: 'The agenda anchor ships with the next block.',
      errors: [expect.stringContaining('#agenda')],
      by: 'publisher@pharmabridge.test',
    });
    const audit = (await (await t.as('admin')('GET', '/api/admin/audit?limit=5')).json()) as {
      entries: { action: string; summary: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'publish')?.summary).toContain(
      'published over 1 check error because “The agenda anchor ships with the next block.”',
    );
  });

  it('never blocks on warnings, and records no override when there was no error', async () => {
    const t = await team();
    const { live } = t;
    const saved = await t.as('editor')('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: live.content,
      seo: { title: 'Too short' },
      revision: live.revision,
    });
    expect(saved.status).toBe(200);
    const found = await checksOf(t);
    expect(found.checks.map((check) => [check.id, check.level])).toContainEqual([
      'search.title-length',
      'warning',
    ]);
    const publish = await t.as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {
      overrideChecks: { reason: 'Nothing to override here at all.' },
    });
    expect(publish.status).toBe(200);
    expect(((await publish.json()) as LandingPage).publication?.checksOverride).toBeUndefined();
  });
});
