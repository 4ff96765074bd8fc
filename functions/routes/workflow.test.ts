// Governed publishing (issue 23): working copy and live copy, review with electronic
// signatures, voiding, schedules that fire once under two runners, preview links, and the
// approvals setting. Real DynamoDB Local through the app (functions/test/harness.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../lib/totp.ts';
import { runDueSchedules } from '../publishing/scheduler.ts';
import type { Role } from '../shared/roles.ts';
import { landingTemplate } from '../shared/template.ts';
import type { Preview, Signature, WorkflowStatus, WorkingCopy } from '../shared/workflow.ts';
import { testApp, TEST_PASSWORD } from '../test/harness.ts';

const START = new Date('2026-11-25T14:00:00Z').getTime();

async function team(approvalsRequired = 0) {
  let now = START;
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
  const { cookie } = await base.signIn('reviewer2@pharmabridge.test', 'reviewer');
  people['reviewer2'] = async (method, path, body) => base.json(method, path, body, { cookie });
  await base.services.admins.create('dr.a@pharmabridge.test', 'unused', { role: 'reviewer' });
  if (approvalsRequired > 0) {
    const set = await people['admin']!('PUT', '/api/admin/settings', { approvalsRequired });
    expect(set.status).toBe(200);
  }
  const live = await base.services.pages.create({
    title: 'Spring campaign',
    slug: 'spring',
    isActive: true,
    content: landingTemplate(),
  });
  const as = (who: string) => people[who]!;
  const status = async (id = live.id) =>
    (
      (await (await as('admin')('GET', `/api/admin/pages/${id}`)).json()) as LandingPage & {
        workflow: WorkflowStatus;
      }
    ).workflow;
  const publicHeadline = async () =>
    ((await (await base.json('GET', '/api/landing-pages/spring')).json()) as LandingPage).content
      .hero.headline;
  const draft = (headline: string, revision: number, who = 'editor') =>
    as(who)('PUT', `/api/landing-pages/${live.id}/draft`, {
      title: live.title,
      slug: live.slug,
      content: { ...live.content, hero: { ...live.content.hero, headline } },
      revision,
    });
  return { ...base, clock, as, live, status, publicHeadline, draft };
}

const approve = (meaning = 'approved-medical') => ({ password: TEST_PASSWORD, meaning });

describe('working copy and live copy', () => {
  it('editing a live page edits its working copy; visitors keep the live version until it is published', async () => {
    const { as, live, status, publicHeadline, draft } = await team();
    const saved = await draft('Spring, rewritten', live.revision);
    expect(saved.status).toBe(200);
    const copy = (await saved.json()) as WorkingCopy;
    expect(copy).toMatchObject({
      revision: 2,
      baseRevision: 1,
      state: 'draft',
      authors: ['editor@pharmabridge.test'],
    });
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
    expect((await status()).workingCopy?.content.hero.headline).toBe('Spring, rewritten');

    // A save based on the live page (opened before the copy existed) is refused, as stale
    // page saves are.
    const stale = await draft('Someone else', 1);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.fields).toEqual({
      revision: ['is 1, but the working copy is at revision 2 now'],
    });

    // An editor cannot publish; a publisher can (no review required).
    expect((await as('editor')('POST', `/api/landing-pages/${live.id}/publish`, {})).status).toBe(
      403,
    );
    const published = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(((await published.json()) as LandingPage).revision).toBe(2);
    expect(await publicHeadline()).toBe('Spring, rewritten');
    expect((await status()).workingCopy).toBeNull();
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as { reason: string }[];
    expect(versions.map((v) => v.reason)).toEqual(['publish']);
  });

  it('discarding the working copy leaves the live version as it was', async () => {
    const { as, live, status, publicHeadline, draft } = await team();
    await draft('To be thrown away', live.revision);
    expect((await as('editor')('DELETE', `/api/landing-pages/${live.id}/draft`)).status).toBe(204);
    expect((await status()).workingCopy).toBeNull();
    expect(await publicHeadline()).toBe(landingTemplate().hero.headline);
    expect((await as('editor')('DELETE', `/api/landing-pages/${live.id}/draft`)).status).toBe(404);
  });

  it('with no review required, SPEC’s PUT still saves a live page at once for a publisher', async () => {
    const { as, live, publicHeadline } = await team();
    const put = await as('publisher')('PUT', `/api/landing-pages/${live.id}`, {
      content: { ...live.content, hero: { ...live.content.hero, headline: 'Direct' } },
    });
    expect(put.status).toBe(200);
    expect(await publicHeadline()).toBe('Direct');
  });
});

describe('review with electronic signatures', () => {
  it('needs the set number of distinct reviewers, signed with the password, never by an author', async () => {
    const { as, live, status, publicHeadline, draft, clock } = await team(2);
    await draft('Reviewed copy', live.revision);
    const early = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(early.status).toBe(409);
    expect(((await early.json()) as ErrorBody).error.fields).toEqual({
      approvals: ['0 of 2 approvals of the current content (an edit voids earlier ones)'],
    });
    // Not in review yet.
    expect(
      (await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve())).status,
    ).toBe(409);
    const submitted = await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {
      note: 'Ready for MLR',
    });
    expect(((await submitted.json()) as WorkingCopy).state).toBe('in_review');

    const wrong = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
      ...approve(),
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.fields).toEqual({
      password: ['is incorrect'],
    });
    const badMeaning = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
      ...approve(),
      meaning: 'fine by me',
    });
    expect(badMeaning.status).toBe(400);

    const signed = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
      ...approve(),
      comment: 'Claims match the label',
    });
    expect(signed.status).toBe(201);
    const signature = (await signed.json()) as Signature;
    // The hash of exactly what was signed, computed here independently of the app.
    const copy = (await status()).workingCopy!;
    const expectedHash = createHash('sha256')
      .update(JSON.stringify(sorted({ title: copy.title, slug: copy.slug, content: copy.content })))
      .digest('hex');
    expect(signature).toMatchObject({
      signerName: 'reviewer@pharmabridge.test',
      signerEmail: 'reviewer@pharmabridge.test',
      signedAt: '2026-11-25T14:00:00.000Z',
      meaning: 'approved-medical',
      comment: 'Claims match the label',
      contentHash: expectedHash,
      revision: 2,
      current: true,
    });
    expect(
      (await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve())).status,
    ).toBe(409);
    const oneOfTwo = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(((await oneOfTwo.json()) as ErrorBody).error.fields).toEqual({
      approvals: ['1 of 2 approvals of the current content (an edit voids earlier ones)'],
    });
    // An author of the copy cannot sign it, whatever their role.
    expect((await draft('Reviewed copy', 2, 'publisher')).status).toBe(200);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    const own = await as('publisher')(
      'POST',
      `/api/landing-pages/${live.id}/approve`,
      approve('approved-legal'),
    );
    expect(own.status).toBe(409);
    expect(((await own.json()) as ErrorBody).error.message).toBe(
      'You edited this working copy, so you cannot approve it: another reviewer must',
    );
    // Saving the same content again kept the hash: the first approval still counts.
    expect((await status()).approvalsMissing).toBe(1);
    clock.advance(60_000);
    expect(
      (
        await as('reviewer2')(
          'POST',
          `/api/landing-pages/${live.id}/approve`,
          approve('approved-legal'),
        )
      ).status,
    ).toBe(201);
    expect((await status()).approvalsMissing).toBe(0);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    expect(await publicHeadline()).toBe('Reviewed copy');
    // The signatures stay on record after the publish (never edited or deleted).
    const after = await status();
    expect(after.approvals.map((a) => [a.signerEmail, a.meaning, a.current])).toEqual([
      ['reviewer2@pharmabridge.test', 'approved-legal', false],
      ['reviewer@pharmabridge.test', 'approved-medical', false],
    ]);
  });

  it('an edit after an approval voids it: publishing answers 409 naming what is missing', async () => {
    const { as, live, status, draft } = await team(1);
    await draft('First', live.revision);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve());
    expect((await status()).approvalsMissing).toBe(0);
    await draft('First, then changed', 2);
    const state = await status();
    expect(state.workingCopy?.state).toBe('draft');
    expect(state.approvals.map((a) => a.current)).toEqual([false]);
    const refused = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'Publishing needs 1 approval of the current working copy; it has 0, so 1 more is missing',
    );
  });

  it('rejection returns the copy to draft with the comment, which the author sees', async () => {
    const { as, live, status, draft } = await team(1);
    await draft('Too bold', live.revision);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    expect((await as('reviewer')('POST', `/api/landing-pages/${live.id}/reject`, {})).status).toBe(
      400,
    );
    const rejected = await as('reviewer')('POST', `/api/landing-pages/${live.id}/reject`, {
      comment: 'The efficacy claim needs a reference',
    });
    expect(((await rejected.json()) as WorkingCopy).state).toBe('draft');
    const { comments } = await status();
    expect(comments.map((entry) => [entry.kind, entry.author, entry.body, entry.revision])).toEqual(
      [['rejection', 'reviewer@pharmabridge.test', 'The efficacy claim needs a reference', 2]],
    );
    // Editors comment too; sales (neither editing nor reviewing) cannot.
    expect(
      (await as('editor')('POST', `/api/landing-pages/${live.id}/comments`, { body: 'Added' }))
        .status,
    ).toBe(201);
  });

  it('a reviewer with two-factor sign-in signs with a code as well', async () => {
    const { as, live, draft, services, clock } = await team(1);
    const secret = newTotpSecret();
    const enrolledAt = new Date(clock.now().getTime() - 3600_000);
    await services.twoFactor.startEnrolment(
      'reviewer@pharmabridge.test',
      secret,
      new Date(clock.now().getTime() + 600_000),
    );
    const step = totpStep(secret, totpCodeAt(secret, enrolledAt), enrolledAt)!;
    expect(
      await services.twoFactor.confirm(
        'reviewer@pharmabridge.test',
        (await services.twoFactor.enrolment('reviewer@pharmabridge.test'))!.stored,
        step,
        [],
      ),
    ).toBe(true);
    await draft('Two factors', live.revision);
    await as('editor')('POST', `/api/landing-pages/${live.id}/submit`, {});
    const noCode = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, approve());
    expect(((await noCode.json()) as ErrorBody).error.fields).toEqual({
      code: ['is required: your account signs in with two-factor codes'],
    });
    const wrongCode = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
      ...approve(),
      code: '000000',
    });
    expect(wrongCode.status).toBe(400);
    const ok = await as('reviewer')('POST', `/api/landing-pages/${live.id}/approve`, {
      ...approve(),
      code: totpCodeAt(secret, clock.now()),
    });
    expect(ok.status).toBe(201);
  });
});

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

describe('unpublishing with a redirect', () => {
  it('sends the page address to the target (302), refuses unsafe targets, and a republish takes the address back', async () => {
    const { as, live } = await team();
    const unsafe = await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, {
      redirectTo: '//evil.example',
    });
    expect(unsafe.status).toBe(400);
    expect(Object.keys(((await unsafe.json()) as ErrorBody).error.fields ?? {})).toEqual([
      'redirectTo',
    ]);
    const down = await as('publisher')('POST', `/api/landing-pages/${live.id}/unpublish`, {
      redirectTo: '/demo',
    });
    expect(down.status).toBe(200);
    const listed = async () =>
      (
        (await (await as('admin')('GET', '/api/admin/redirects')).json()) as {
          from: string;
          to: string;
          status: number;
          reason: string;
        }[]
      ).map(({ from, to, status, reason }) => ({ from, to, status, reason }));
    expect(await listed()).toEqual([
      { from: '/spring', to: '/demo', status: 302, reason: 'unpublish' },
    ]);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {})).status,
    ).toBe(200);
    expect(await listed()).toEqual([]);
  });
});

/** A preview link's token as GET /api/preview takes it. */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('preview links', () => {
  it('show the working copy without an account until revoked or expired, never cached', async () => {
    const { as, live, draft, json, clock } = await team();
    await draft('Preview me', live.revision);
    expect(
      (await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, { days: 31 }))
        .status,
    ).toBe(400);
    const made = await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, {});
    expect(made.status).toBe(201);
    const link = (await made.json()) as { id: string; url: string; expiresAt: string };
    expect(link.expiresAt).toBe(new Date(START + 7 * 86400_000).toISOString());
    const token = new URL(link.url).hash.slice(1);
    const shown = await json('GET', '/api/preview', undefined, bearer(token));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = (await shown.json()) as Preview;
    expect(body).toMatchObject({ state: 'draft', revision: 2 });
    expect(body.content.hero.headline).toBe('Preview me');
    // A token with another secret, or for another link, shows nothing.
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await json('GET', '/api/preview', undefined, bearer(forged))).status).toBe(404);
    clock.advance(7 * 86400_000 + 1000);
    expect((await json('GET', '/api/preview', undefined, bearer(token))).status).toBe(404);
  });

  it('a revoked link shows nothing', async () => {
    const { as, live, json } = await team();
    const link = (await (
      await as('editor')('POST', `/api/landing-pages/${live.id}/preview-links`, { days: 1 })
    ).json()) as { id: string; url: string };
    expect(
      (await as('editor')('DELETE', `/api/landing-pages/${live.id}/preview-links/${link.id}`))
        .status,
    ).toBe(204);
    const token = new URL(link.url).hash.slice(1);
    expect((await json('GET', '/api/preview', undefined, bearer(token))).status).toBe(404);
  });
});

describe('settings', () => {
  it('approvalsRequired is 0 to 3, set by admins', async () => {
    const { as } = await team();
    expect(await (await as('admin')('GET', '/api/admin/settings')).json()).toEqual({
      approvalsRequired: 0,
    });
    const bad = await as('admin')('PUT', '/api/admin/settings', { approvalsRequired: 4 });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields ?? {})).toEqual([
      'approvalsRequired',
    ]);
    expect(
      (await as('publisher')('PUT', '/api/admin/settings', { approvalsRequired: 1 })).status,
    ).toBe(403);
  });
});

/** Keys sorted at every level: canonical JSON, written here apart from the app's. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}
