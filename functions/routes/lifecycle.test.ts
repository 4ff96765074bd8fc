// PUT /api/landing-pages/:id/lifecycle (issue 37, docs/decisions/0556-page-lifecycle.md) and
// the approval period (docs/decisions/0557-approval-period.md): validation with the field
// named, the publish permission, the audit entry, the revision guard, no version and no
// approvals, clearing; publishing now, scheduling and a schedule firing refused without an
// expiry within `maxApprovalMonths`. Real DynamoDB Local through the app, with a clock.
import { describe, expect, it } from 'vitest';
import { runDueSchedules } from '../publishing/scheduler.ts';
import type { LandingPageDto } from '../shared/api/pages.ts';
import { approve, START, team } from '../test/workflow-team.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
type Body = { error: { code: string; message: string; fields?: Record<string, string[]> } };

describe('PUT /api/landing-pages/:id/lifecycle', () => {
  it('sets review-by and expiry for publishers only, audited, with no version and no approvals', async () => {
    const { as, live, services } = await team(1);
    const path = `/api/landing-pages/${live.id}/lifecycle`;
    const body = {
      reviewBy: '2027-03-01',
      expiresAt: '2027-06-01T12:00:00+02:00',
      onExpiry: 'unpublish',
      redirectTo: '/demo',
      revision: live.revision,
    };
    for (const role of ['editor', 'reviewer']) {
      const refused = await as(role)('PUT', path, body);
      expect(refused.status).toBe(403);
    }
    const set = await as('publisher')('PUT', path, body);
    expect(set.status).toBe(200);
    const page = (await set.json()) as LandingPageDto;
    expect(page.lifecycle).toEqual({
      reviewBy: '2027-03-01',
      expiresAt: '2027-06-01T10:00:00.000Z',
      onExpiry: 'unpublish',
      redirectTo: '/demo',
    });
    expect(page.revision).toBe(live.revision + 1);
    // Kept on the page, still live (no approvals needed although the setting asks one).
    const stored = (await services.pages.getById(live.id))!;
    expect(stored.lifecycle).toEqual(page.lifecycle);
    expect(stored.isActive).toBe(true);
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as unknown[];
    expect(versions).toHaveLength(0);
    const audit = (await (await as('admin')('GET', '/api/admin/audit?limit=5')).json()) as {
      entries: { action: string; summary: string; actor: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'lifecycle')).toMatchObject({
      action: 'lifecycle',
      actor: 'publisher@pharmabridge.test',
      summary:
        'Spring campaign (/spring): review by 2027-03-01; expires at 2027-06-01T10:00:00.000Z, then taken off the site and redirected to /demo',
    });
    // The revision read before is stale now: refused, nothing changed.
    const stale = await as('publisher')('PUT', path, { ...body, reviewBy: '2027-04-01' });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as Body).error.fields).toHaveProperty('revision');
    expect((await services.pages.getById(live.id))!.lifecycle?.reviewBy).toBe('2027-03-01');
    // Neither date clears it (audited as cleared).
    const cleared = await as('publisher')('PUT', path, { onExpiry: 'unpublish' });
    expect(cleared.status).toBe(200);
    expect((await cleared.json()) as LandingPageDto).not.toHaveProperty('lifecycle');
    expect((await services.pages.getById(live.id))!.lifecycle).toBeUndefined();
    // The public answer never shows it.
    await as('publisher')('PUT', path, { reviewBy: '2027-03-01', onExpiry: 'flag' });
    const publicPage = await (await services.pages.getById(live.id))!;
    expect(publicPage.lifecycle?.onExpiry).toBe('flag');
    const visitor = (await (
      await as('publisher')('GET', '/api/landing-pages/spring')
    ).json()) as object;
    expect(visitor).not.toHaveProperty('lifecycle');
  });

  it('refuses bad input with the field named, storing nothing', async () => {
    const { as, live, services } = await team(0);
    const path = `/api/landing-pages/${live.id}/lifecycle`;
    const cases: [unknown, string][] = [
      [{ expiresAt: iso(START - 60_000), onExpiry: 'unpublish' }, 'expiresAt'],
      [{ expiresAt: 'next week', onExpiry: 'unpublish' }, 'expiresAt'],
      [{ reviewBy: '2027-02-30', onExpiry: 'flag' }, 'reviewBy'],
      [{ reviewBy: '2027-01-01' }, 'onExpiry'],
      [
        { expiresAt: iso(START + DAY), onExpiry: 'unpublish', redirectTo: 'javascript:alert(1)' },
        'redirectTo',
      ],
      [{ reviewBy: '2027-01-01', onExpiry: 'unpublish', redirectTo: '/demo' }, 'redirectTo'],
      [{ expiresAt: iso(START + DAY), onExpiry: 'flag', redirectTo: '/demo' }, 'redirectTo'],
      [{ expiresAt: iso(START + DAY), onExpiry: 'unpublish', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await as('publisher')('PUT', path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { error } = (await answer.json()) as Body;
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await services.pages.getById(live.id))!.lifecycle).toBeUndefined();
    expect((await services.pages.getById(live.id))!.revision).toBe(live.revision);
    const missing = await as('publisher')('PUT', `/api/landing-pages/nope/lifecycle`, {
      onExpiry: 'flag',
    });
    expect(missing.status).toBe(404);
  });
});

describe('the approval period (maxApprovalMonths)', () => {
  it('publishing now needs an expiry within the period; off (0) it does not', async () => {
    const { as, live, draft, services } = await team(0);
    const path = `/api/landing-pages/${live.id}/lifecycle`;
    expect((await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 0 })).status).toBe(
      200,
    );
    expect((await draft('Off', live.revision)).status).toBe(200);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    const set = await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 6 });
    expect(set.status).toBe(200);
    const revision = (await services.pages.getById(live.id))!.revision;
    expect((await draft('Needs an expiry', revision)).status).toBe(200);
    const none = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(none.status).toBe(409);
    const { error } = (await none.json()) as Body;
    expect(error.message).toContain('within 6 months');
    expect(error.fields?.['expiresAt']?.[0]).toContain('2027-05-25T14:00:00.000Z');
    // A live page cannot be given an expiry beyond the period either.
    const far = await as('publisher')('PUT', path, {
      expiresAt: '2027-05-26T00:00:00Z',
      onExpiry: 'unpublish',
    });
    expect(far.status).toBe(409);
    expect(Object.keys(((await far.json()) as Body).error.fields ?? {})).toEqual(['expiresAt']);
    const near = await as('publisher')('PUT', path, {
      expiresAt: '2027-05-25T14:00:00Z',
      onExpiry: 'unpublish',
    });
    expect(near.status).toBe(200);
    const ok = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as LandingPageDto).content.hero.headline).toBe('Needs an expiry');
  });

  it('scheduling counts the period from the schedule, and the firing checks it again', async () => {
    const { as, live, draft, services, clock, publicHeadline } = await team(0);
    const path = `/api/landing-pages/${live.id}/lifecycle`;
    expect((await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 1 })).status).toBe(
      200,
    );
    const set = await as('publisher')('PUT', path, {
      expiresAt: '2026-12-20T00:00:00Z',
      onExpiry: 'flag',
    });
    expect(set.status).toBe(200);
    const revision = (await services.pages.getById(live.id))!.revision;
    expect((await draft('Later', revision)).status).toBe(200);
    // Scheduled after the expiry (2026-12-20): refused, naming it.
    const late = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {
      at: '2026-12-21T00:00:00Z',
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as Body).error.fields?.['expiresAt']?.[0]).toContain(
      'not after the publication',
    );
    const at = iso(START + DAY);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, { at })).status,
    ).toBe(202);
    // Meanwhile the period is shortened below the expiry: the schedule is voided when it fires.
    expect((await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 0 })).status).toBe(
      200,
    );
    const page = (await services.pages.getById(live.id))!;
    // Set straight in the table's page item (as an older lifecycle would be): 3 months on.
    await services.workflow.setLifecycle(
      page,
      { expiresAt: '2027-02-20T00:00:00.000Z', onExpiry: 'flag' },
      page.revision,
      { email: 'admin@pharmabridge.test' },
    );
    expect((await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 1 })).status).toBe(
      200,
    );
    clock.advance(DAY);
    const run = await runDueSchedules(services);
    expect(run).toMatchObject({ published: 0, voided: 1, failed: 0 });
    expect(await publicHeadline()).toBe(live.content.hero.headline);
    const audit = (await (await as('admin')('GET', '/api/admin/audit?limit=3')).json()) as {
      entries: { action: string; summary: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'schedule-void')?.summary).toContain(
      'more than 1 month after the publication',
    );
  });

  it('a scheduled publish within the period fires; approvals still count as before', async () => {
    const { as, live, draft, services, clock, publicHeadline } = await team(1);
    expect(
      (await as('admin')('PUT', '/api/admin/settings', { maxApprovalMonths: 12 })).status,
    ).toBe(200);
    const set = await as('publisher')('PUT', `/api/landing-pages/${live.id}/lifecycle`, {
      expiresAt: '2027-06-01T00:00:00Z',
      onExpiry: 'unpublish',
    });
    expect(set.status).toBe(200);
    const revision = (await services.pages.getById(live.id))!.revision;
    expect((await draft('Approved and dated', revision)).status).toBe(200);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    expect(
      (await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve())).status,
    ).toBe(201);
    const at = iso(START + 3600_000);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, { at })).status,
    ).toBe(202);
    clock.advance(3600_000);
    expect(await runDueSchedules(services)).toMatchObject({ published: 1, failed: 0 });
    expect(await publicHeadline()).toBe('Approved and dated');
  });
});
