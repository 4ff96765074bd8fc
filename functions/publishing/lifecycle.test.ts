// The lifecycle runner (issue 37, functions/publishing/lifecycle.ts,
// docs/decisions/0558-expiry-and-reminders.md): reminders 30 and 7 days before review-by and
// expiry, each exactly once, through the log mail transport; at the expiry the page taken
// down exactly once with its redirect under two runners at once, or flagged; the effective
// expiry a claim sets. Real DynamoDB Local through the app, with an injected clock.
import { describe, expect, it } from 'vitest';
import { workflowSummariesSchema } from '../shared/workflow.ts';
import { team as claimsTeam } from '../test/claims-team.ts';
import { START, team } from '../test/workflow-team.ts';
import { runLifecycle } from './lifecycle.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function lifecycleTeam() {
  const t = await team(0);
  const reminders = () =>
    t.log.lines
      .filter(
        (line) =>
          line.message.startsWith('mail (not sent') &&
          String(line.details?.['subject']).startsWith('Spring campaign '),
      )
      .map((line) => ({
        to: (line.details?.['to'] as string[]).toSorted(),
        subject: String(line.details?.['subject']),
        text: String(line.details?.['text']),
      }));
  const setLifecycle = async (body: object) => {
    const page = (await t.services.pages.getById(t.live.id))!;
    const answer = await t.as('publisher')('PUT', `/api/landing-pages/${t.live.id}/lifecycle`, {
      ...body,
      revision: page.revision,
    });
    expect(answer.status).toBe(200);
  };
  const audit = async () =>
    (
      (await (await t.as('admin')('GET', '/api/admin/audit?limit=100')).json()) as {
        entries: { action: string; summary: string }[];
      }
    ).entries;
  return { ...t, reminders, setLifecycle, audit };
}

describe('lifecycle reminders', () => {
  it('e-mails the publishers 30 and 7 days before review-by and expiry, each once', async () => {
    const { clock, services, reminders, setLifecycle, audit } = await lifecycleTeam();
    // Review by 40 days on (its day's start), expiry 50 days on.
    const reviewBy = iso(START + 40 * DAY).slice(0, 10);
    const expiresAt = iso(START + 50 * DAY);
    await setLifecycle({ reviewBy, expiresAt, onExpiry: 'unpublish', redirectTo: '/demo' });
    expect(await runLifecycle(services)).toMatchObject({ reminded: 0, failed: 0 });
    // 31 days on: the review-by date is 9 days off (within 30, not 7), the expiry 19.
    clock.advance(31 * DAY);
    const [a, b] = await Promise.all([runLifecycle(services), runLifecycle(services)]);
    expect(a.reminded + b.reminded).toBe(2);
    expect(await runLifecycle(services)).toMatchObject({ reminded: 0, failed: 0 });
    const publishers = ['admin@pharmabridge.test', 'publisher@pharmabridge.test'];
    expect(reminders()).toEqual([
      expect.objectContaining({
        to: publishers,
        subject: 'Spring campaign is due for review in 30 days',
      }),
      expect.objectContaining({ to: publishers, subject: 'Spring campaign expires in 30 days' }),
    ]);
    expect(reminders()[1]!.text).toContain('its address redirects to /demo');
    // 37 days on: review-by in 2 days and some hours: the 7-day reminder.
    clock.advance(6 * DAY);
    expect(await runLifecycle(services)).toMatchObject({ reminded: 1 });
    // 44 days on: the expiry within 7 days.
    clock.advance(7 * DAY);
    expect(await runLifecycle(services)).toMatchObject({ reminded: 1 });
    expect(await runLifecycle(services)).toMatchObject({ reminded: 0 });
    expect(reminders().map((mail) => mail.subject)).toEqual([
      'Spring campaign is due for review in 30 days',
      'Spring campaign expires in 30 days',
      'Spring campaign is due for review in 7 days',
      'Spring campaign expires in 7 days',
    ]);
    expect((await audit()).filter((entry) => entry.action === 'lifecycle-reminder')).toHaveLength(
      4,
    );
  });

  it('a date set less than 7 days ahead gets the 7-day reminder only; a new date gets its own', async () => {
    const { clock, services, reminders, setLifecycle } = await lifecycleTeam();
    await setLifecycle({ expiresAt: iso(START + 5 * DAY), onExpiry: 'flag' });
    expect(await runLifecycle(services)).toMatchObject({ reminded: 1 });
    expect(reminders().map((mail) => mail.subject)).toEqual(['Spring campaign expires in 7 days']);
    expect(reminders()[0]!.text).toContain('stays live and is flagged "Expired"');
    await setLifecycle({ expiresAt: iso(START + 6 * DAY), onExpiry: 'flag' });
    clock.advance(DAY);
    expect(await runLifecycle(services)).toMatchObject({ reminded: 1 });
    expect(reminders()).toHaveLength(2);
  });
});

describe('expiry', () => {
  it('takes the live page down exactly once with its redirect, two runners at once', async () => {
    const { as, live, clock, services, setLifecycle, audit } = await lifecycleTeam();
    await setLifecycle({
      expiresAt: iso(START + 120_000),
      onExpiry: 'unpublish',
      redirectTo: '/demo',
    });
    expect(await runLifecycle(services)).toMatchObject({ unpublished: 0 });
    expect((await services.pages.getById(live.id))!.isActive).toBe(true);
    clock.advance(120_000);
    const runs = await Promise.all([runLifecycle(services), runLifecycle(services)]);
    expect(runs.map((run) => run.unpublished).toSorted()).toEqual([0, 1]);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    expect((await services.pages.getById(live.id))!.isActive).toBe(false);
    const redirects = (await services.redirects.list()).filter((r) => r.from === '/spring');
    expect(redirects).toEqual([expect.objectContaining({ to: '/demo', status: 302 })]);
    const expired = (await audit()).filter((entry) => entry.action === 'expire');
    expect(expired).toEqual([
      {
        ...expired[0],
        summary: `Spring campaign (/spring): taken off the site: its approval expired at ${iso(START + 120_000)}; its address redirects to /demo`,
      },
    ]);
    // A version of the live page before it, as every unpublish keeps.
    const versions = (await (
      await as('admin')('GET', `/api/admin/pages/${live.id}/versions`)
    ).json()) as { reason: string }[];
    expect(versions.map((version) => version.reason)).toEqual(['unpublish']);
    // Later runs do nothing more; the Pages list says it expired.
    expect(await runLifecycle(services)).toMatchObject({ unpublished: 0, flagged: 0, failed: 0 });
    const summaries = workflowSummariesSchema.parse(
      await (await as('editor')('GET', '/api/admin/workflow')).json(),
    );
    expect(summaries[live.id]!.lifecycle).toEqual({
      expired: true,
      expiry: { at: iso(START + 120_000), source: 'page' },
    });
    // Published again, it needs a later expiry first.
    const again = await as('publisher')('POST', `/api/landing-pages/${live.id}/publish`, {});
    expect(again.status).toBe(409);
  });

  it("flag mode keeps the page live, records the expiry once and flags it; the default page can't go down", async () => {
    const { as, live, clock, services, setLifecycle, audit } = await lifecycleTeam();
    await setLifecycle({ expiresAt: iso(START + 60_000), onExpiry: 'flag' });
    const home = await services.pages.create({
      title: 'Home',
      slug: 'default',
      isActive: true,
      content: live.content,
    });
    const put = await as('publisher')('PUT', `/api/landing-pages/${home.id}/lifecycle`, {
      expiresAt: iso(START + 60_000),
      onExpiry: 'unpublish',
    });
    expect(put.status).toBe(200);
    const before = workflowSummariesSchema.parse(
      await (await as('editor')('GET', '/api/admin/workflow')).json(),
    );
    expect(before[live.id]!.lifecycle.expired).toBe(false);
    clock.advance(60_000);
    const runs = await Promise.all([runLifecycle(services), runLifecycle(services)]);
    expect(runs[0]!.flagged + runs[1]!.flagged).toBe(2);
    expect(runs[0]!.unpublished + runs[1]!.unpublished).toBe(0);
    expect((await services.pages.getById(live.id))!.isActive).toBe(true);
    expect((await services.pages.getById(home.id))!.isActive).toBe(true);
    const expired = (await audit()).filter((entry) => entry.action === 'expire');
    expect(expired.map((entry) => entry.summary).toSorted()).toEqual([
      `Home (/default): its approval expired at ${iso(START + 60_000)}; the default page renders the home page and stays live, flagged "Expired"`,
      `Spring campaign (/spring): its approval expired at ${iso(START + 60_000)}; it stays live, flagged "Expired" in the Pages list`,
    ]);
    expect(await runLifecycle(services)).toMatchObject({ flagged: 0, skipped: 0 });
    const after = workflowSummariesSchema.parse(
      await (await as('editor')('GET', '/api/admin/workflow')).json(),
    );
    expect(after[live.id]!.lifecycle.expired).toBe(true);
    expect(after[home.id]!.lifecycle.expired).toBe(true);
  });

  it('a claim that expires earlier is the effective expiry; the runner leaves it to the claim', async () => {
    const t = await claimsTeam();
    expect((await t.approveClaim(t.claim)).status).toBe(200);
    const patched = await t.as('editor')('PATCH', `/api/admin/claims/${t.claim.id}`, {
      expiresAt: '2026-12-10',
      revision: (await t.services.claims.get(t.claim.id)).revision,
    });
    expect(patched.status).toBe(200);
    // Changing the expiry is not a change of what the claim says: it stays approved.
    expect((await t.services.claims.get(t.claim.id)).status).toBe('approved');
    expect(
      (await t.as('publisher')('POST', `/api/landing-pages/${t.page.id}/publish`, {})).status,
    ).toBe(200);
    const lifecycle = await t.as('publisher')('PUT', `/api/landing-pages/${t.page.id}/lifecycle`, {
      expiresAt: '2027-01-31T00:00:00Z',
      onExpiry: 'unpublish',
    });
    expect(lifecycle.status).toBe(200);
    const summary = async () =>
      workflowSummariesSchema.parse(
        await (await t.as('editor')('GET', '/api/admin/workflow')).json(),
      )[t.page.id]!.lifecycle;
    expect(await summary()).toEqual({
      expiry: { at: '2026-12-11T00:00:00.000Z', source: 'claim', key: 'soc2-audited' },
      expired: false,
    });
    // Its evidence expiring earlier still moves the date to the evidence's.
    const evidence = await t.as('editor')('PATCH', `/api/admin/evidence/${t.evidence.id}`, {
      expiresAt: '2026-12-05',
    });
    expect(evidence.status).toBe(200);
    expect((await summary()).expiry).toEqual({
      at: '2026-12-06T00:00:00.000Z',
      source: 'evidence',
      key: 'soc2-audited',
    });
    // Past it, the runner does not take the page down (the claim's lapse flags it).
    t.setNow('2026-12-12T00:00:00Z');
    expect(await runLifecycle(t.services)).toMatchObject({ unpublished: 0, flagged: 0 });
    expect((await t.read()).isActive).toBe(true);
  });
});
