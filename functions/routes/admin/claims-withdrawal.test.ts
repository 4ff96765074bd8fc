// What withdrawing a claim or its last current evidence does (issue 36,
// docs/decisions/0538-claim-withdrawal.md): every page saying it is listed in the answer and
// flagged in the Pages list's summaries, the publishers are e-mailed, and with
// `withdrawnClaims: 'unpublish'` the live pages go down at once (the default page stays, said
// why), audited. Real DynamoDB Local through the app; the mail is read from the log transport.
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_SUBJECT } from '../../mail/claim-withdrawal.ts';
import { claimWithdrawnSchema, evidenceWithdrawnSchema } from '../../shared/claims/withdrawal.ts';
import { workflowSummariesSchema } from '../../shared/workflow.ts';
import { team } from '../../test/claims-team.ts';

async function withdrawalTeam() {
  const t = await team();
  expect((await t.approveClaim(t.claim)).status).toBe(200);
  expect(
    (await t.as('publisher')('POST', `/api/landing-pages/${t.page.id}/publish`, {})).status,
  ).toBe(200);
  // The default page says it live; another page says it only in its own, unpublished content.
  const home = await t.services.pages.create({
    title: 'Home',
    slug: 'default',
    isActive: true,
    content: t.content('Home: {{claim:soc2-audited}}'),
  });
  const unpublished = await t.services.pages.create({
    title: 'Upcoming',
    slug: 'upcoming',
    isActive: false,
    content: t.content('Soon: {{claim:soc2-audited}}'),
  });
  const bystander = await t.services.pages.create({
    title: 'Other',
    slug: 'other',
    isActive: true,
    content: t.content('Nothing claimed here'),
  });
  const mails = () =>
    t.log.lines
      .filter(
        (line) =>
          line.message.startsWith('mail (not sent') &&
          line.details?.['subject'] === WITHDRAWAL_SUBJECT,
      )
      .map((line) => ({
        to: line.details?.['to'] as string[],
        text: String(line.details?.['text']),
      }));
  const summaries = async () =>
    workflowSummariesSchema.parse(
      await (await t.as('editor')('GET', '/api/admin/workflow')).json(),
    );
  return { ...t, home, unpublished, bystander, mails, summaries };
}

describe('withdrawing a claim or its evidence', () => {
  it('flags every page saying the claim and tells the publishers, leaving live pages up by default', async () => {
    const { as, claim, page, home, unpublished, bystander, mails, summaries, read } =
      await withdrawalTeam();
    const answer = await as('reviewer')('POST', `/api/admin/claims/${claim.id}/withdraw`, {
      reason: 'The audit period ended',
    });
    expect(answer.status).toBe(200);
    const { status, effect } = claimWithdrawnSchema.parse(await answer.json());
    expect(status).toBe('withdrawn');
    expect(effect).toMatchObject({
      claims: [{ id: claim.id, key: 'soc2-audited' }],
      setting: 'flag',
      unpublished: [],
      keptLive: [],
    });
    expect(
      effect.pages
        .map(({ slug, live, workingCopy, fields, keys }) => ({
          slug,
          live,
          workingCopy,
          fields,
          keys,
        }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    ).toEqual([
      {
        slug: 'default',
        live: true,
        workingCopy: false,
        fields: ['hero.headline'],
        keys: ['soc2-audited'],
      },
      {
        slug: 'trust',
        live: true,
        workingCopy: false,
        fields: ['hero.headline'],
        keys: ['soc2-audited'],
      },
      {
        slug: 'upcoming',
        live: false,
        workingCopy: true,
        fields: ['hero.headline'],
        keys: ['soc2-audited'],
      },
    ]);
    // Accounts that may publish: the admin and the publisher, not the editor or reviewer.
    expect([...effect.notified].sort()).toEqual([
      'admin@pharmabridge.test',
      'publisher@pharmabridge.test',
    ]);
    const [mail] = mails();
    expect(mail?.to.sort()).toEqual(effect.notified.sort());
    expect(mail?.text).toContain(
      'reviewer@pharmabridge.test withdrew the claim "soc2-audited". Reason given: The audit period ended',
    );
    expect(mail?.text).toContain('- Trust (/trust), still live, flagged in the Pages list;');
    expect(mail?.text).toContain(`/admin?edit=${page.id}`);
    expect((await read()).isActive).toBe(true);

    const flags = await summaries();
    expect(flags[page.id]?.claims).toEqual([
      { key: 'soc2-audited', problem: 'withdrawn', live: true },
    ]);
    expect(flags[home.id]?.claims).toEqual([
      { key: 'soc2-audited', problem: 'withdrawn', live: true },
    ]);
    expect(flags[unpublished.id]?.claims).toEqual([
      { key: 'soc2-audited', problem: 'withdrawn', live: false },
    ]);
    expect(flags[bystander.id]?.claims).toEqual([]);
  });

  it("with the setting 'unpublish', withdrawing the last evidence takes the live pages down, except the default page", async () => {
    const { as, evidence, page, home, mails, summaries, read, services } = await withdrawalTeam();
    expect(
      (await as('admin')('PUT', '/api/admin/settings', { withdrawnClaims: 'unpublish' })).status,
    ).toBe(200);
    // The page's lifecycle says where its address goes once it is taken down.
    const lifecycle = await as('publisher')('PUT', `/api/landing-pages/${page.id}/lifecycle`, {
      expiresAt: new Date(services.now().getTime() + 30 * 86_400_000).toISOString(),
      onExpiry: 'unpublish',
      redirectTo: '/demo',
    });
    expect(lifecycle.status).toBe(200);
    const answer = await as('reviewer')('POST', `/api/admin/evidence/${evidence.id}/withdraw`, {
      reason: 'Superseded by the 2027 report',
    });
    expect(answer.status).toBe(200);
    const { status, effect } = evidenceWithdrawnSchema.parse(await answer.json());
    expect(status).toBe('withdrawn');
    expect(effect.claims.map((claim) => claim.key)).toEqual(['soc2-audited']);
    expect(effect.setting).toBe('unpublish');
    expect(effect.unpublished).toEqual([page.id]);
    expect(effect.keptLive).toEqual([
      {
        id: home.id,
        reason: 'the default page renders the home page and stays live: change its content',
      },
    ]);
    expect((await read()).isActive).toBe(false);
    expect(
      (await services.redirects.list()).map(({ from, to, status }) => ({ from, to, status })),
    ).toContainEqual({ from: '/trust', to: '/demo', status: 302 });
    expect((await services.pages.getById(home.id))?.isActive).toBe(true);
    const audit = (await (await as('admin')('GET', '/api/admin/audit?limit=20')).json()) as {
      entries: { action: string; pageId?: string; summary: string }[];
    };
    expect(
      audit.entries.find((entry) => entry.action === 'unpublish' && entry.pageId === page.id)
        ?.summary,
    ).toBe(
      'Trust (/trust): taken off the site because it says a claim no longer approved (the evidence "SOC 2 Type II report 2026" was withdrawn)',
    );
    expect(mails()[0]?.text).toContain('- Trust (/trust), taken off the site;');
    expect(mails()[0]?.text).toContain(
      '- Home (/default), still live: the default page renders the home page and stays live',
    );
    // The lapsed claim flags what still says it.
    expect((await summaries())[home.id]?.claims).toEqual([
      { key: 'soc2-audited', problem: 'lapsed', live: true },
    ]);
  });

  it('withdrawing evidence no approved claim depends on changes no page and tells nobody', async () => {
    const { as, mails, read } = await withdrawalTeam();
    const spare = (await (
      await as('editor')('POST', '/api/admin/evidence', {
        title: 'Old brochure',
        source: 'Marketing',
        date: '2024-01-01',
        kind: 'internal',
      })
    ).json()) as { id: string };
    const answer = await as('reviewer')('POST', `/api/admin/evidence/${spare.id}/withdraw`, {
      reason: 'Out of date',
    });
    const { effect } = evidenceWithdrawnSchema.parse(await answer.json());
    expect(effect).toEqual({
      claims: [],
      pages: [],
      setting: 'flag',
      unpublished: [],
      keptLive: [],
      notified: [],
    });
    expect(mails()).toEqual([]);
    expect((await read()).isActive).toBe(true);
  });
});
