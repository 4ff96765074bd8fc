// Schedules (issue 23, functions/data/workflow/schedules.ts): only approved content is
// scheduled, a publish fires once under two runners, an edit voids it, and a scheduled
// unpublish. Real DynamoDB Local through the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import { runDueSchedules } from '../../publishing/scheduler.ts';
import { landingTemplate } from '../../shared/template.ts';
import { approve, START, team } from '../../test/workflow-team.ts';

describe('schedules', () => {
  it('only approved content is scheduled; the publish fires once with two runners at the time', async () => {
    const { as, live, status, publicHeadline, draft, services, clock } = await team(1);
    await draft('Launch day', live.revision);
    const at = new Date(START + 3600_000).toISOString();
    const unapproved = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {
      at,
    });
    expect(unapproved.status).toBe(409);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve());
    const scheduled = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {
      at,
    });
    expect(scheduled.status).toBe(202);
    expect((await status()).schedule).toEqual([
      expect.objectContaining({ action: 'publish', at, by: 'publisher@pharmabridge.test' }),
    ]);
    // The Pages list's summary names it too, for any role.
    const summaries = (await (await as('reviewer')('GET', '/api/admin/workflow')).json()) as Record<
      string,
      { workingCopy: { state: string } | null; schedule: { at: string }[] }
    >;
    expect(summaries[live.id]).toMatchObject({
      workingCopy: { state: 'in_review' },
      schedule: [{ at }],
    });
    // Not yet due.
    expect((await runDueSchedules(services)).published).toBe(0);
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
    clock.advance(3600_000);
    const [one, two] = await Promise.all([runDueSchedules(services), runDueSchedules(services)]);
    expect(one.published + two.published).toBe(1);
    expect(one.failed + two.failed).toBe(0);
    expect(await publicHeadline()).toBe('Launch day');
    expect((await status()).schedule).toEqual([]);
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as {
      reason: string;
    }[];
    expect(versions.filter((v) => v.reason === 'publish')).toHaveLength(1);
    expect((await runDueSchedules(services)).published).toBe(0);
  });

  it('an edit after scheduling voids the schedule, and nothing is published at the time', async () => {
    const { as, live, status, publicHeadline, draft, services, clock } = await team(0);
    await draft('Planned', live.revision);
    const at = new Date(START + 600_000).toISOString();
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, { at })).status,
    ).toBe(202);
    await draft('Planned, then edited', 2);
    expect((await status()).schedule).toEqual([]);
    clock.advance(600_000);
    expect(await runDueSchedules(services)).toMatchObject({ published: 0, failed: 0 });
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
  });

  it('a scheduled unpublish takes the page down at its time; a bad time is a 400', async () => {
    const { as, live, services, clock } = await team(0);
    const at = new Date(START + 120_000).toISOString();
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, { at: 'tomorrow' }))
        .status,
    ).toBe(400);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, { at })).status,
    ).toBe(202);
    clock.advance(120_000);
    expect((await runDueSchedules(services)).unpublished).toBe(1);
    expect((await services.pages.getById(live.id))?.isActive).toBe(false);
  });
});
