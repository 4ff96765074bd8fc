// The claims rules where content goes live (issue 36): submit, approve, publish and a
// schedule firing refuse content using a claim that is not approved or saying a forbidden
// wording, with a 409 naming the field and the claim, and nothing changes. Real DynamoDB
// Local through the app (functions/test/harness.ts).
import { describe, expect, it } from 'vitest';
import { runDueSchedules } from '../../publishing/scheduler.ts';
import { TEST_PASSWORD } from '../../test/harness.ts';
import { errorOf, team } from '../../test/claims-team.ts';
import { pageWithWorkflowSchema } from '../../shared/workflow.ts';

describe('the claims rules when content goes live', () => {
  it('refuse publishing a page that uses a draft claim, naming the field and the claim', async () => {
    const { as, claim, approveClaim, page, read } = await team();
    const refused = await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {});
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      message:
        'It cannot be published: hero.headline uses the claim "soc2-audited", which is a draft, not approved',
      fields: {
        'content.hero.headline': [
          'hero.headline uses the claim "soc2-audited", which is a draft, not approved',
        ],
      },
    });
    expect((await read()).isActive).toBe(false);
    expect((await approveClaim(claim)).status).toBe(200);
    const published = await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {});
    expect(published.status).toBe(200);
    expect((await read()).isActive).toBe(true);
  });

  it('refuse submitting a forbidden wording, and approving once a claim lapsed', async () => {
    const { as, evidence, claim, approveClaim, page, read, content } = await team();
    expect((await as('admin')('PUT', '/api/admin/settings', { approvalsRequired: 1 })).status).toBe(
      200,
    );
    let revision = page.revision;
    const save = async (headline: string) => {
      const response = await as('editor')('PUT', `/api/landing-pages/${page.id}/draft`, {
        title: page.title,
        slug: page.slug,
        content: content(headline),
        revision,
      });
      revision = ((await response.clone().json()) as { revision: number }).revision;
      return response;
    };
    expect((await save('We are SOC2 certified')).status).toBe(200);
    const wording = await as('editor')('POST', `/api/landing-pages/${page.id}/submit`, {});
    expect(wording.status).toBe(409);
    expect((await errorOf(wording)).message).toBe(
      'It cannot be submitted: hero.headline says "SOC2 certified", a wording the claim "soc2-audited" forbids: use the claim\'s token instead',
    );
    expect((await save('Trust: {{claim:soc2-audited}}')).status).toBe(200);
    await approveClaim(claim);
    expect((await as('editor')('POST', `/api/landing-pages/${page.id}/submit`, {})).status).toBe(
      200,
    );
    // The claim's only evidence is withdrawn before the page is signed.
    await as('reviewer')('POST', `/api/admin/evidence/${evidence.id}/withdraw`, {
      reason: 'Superseded',
    });
    const sign = await as('reviewer')('POST', `/api/landing-pages/${page.id}/approve`, {
      email: 'reviewer@pharmabridge.test',
      password: TEST_PASSWORD,
      meaning: 'approved',
    });
    expect(sign.status).toBe(409);
    expect((await errorOf(sign)).message).toBe(
      'It cannot be approved: hero.headline uses the claim "soc2-audited", which is no longer approved (none of its references is to current evidence any more)',
    );
    expect((await read()).isActive).toBe(false);
  });

  it('void a scheduled publish whose claim was withdrawn meanwhile, saying why', async () => {
    const { as, services, claim, approveClaim, page, read, setNow } = await team();
    await approveClaim(claim);
    const scheduled = await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {
      at: '2026-12-02T09:00:00Z',
    });
    expect(scheduled.status).toBe(202);
    await as('reviewer')('POST', `/api/admin/claims/${claim.id}/withdraw`, { reason: 'Retired' });
    setNow('2026-12-02T09:01:00Z');
    expect(await runDueSchedules(services)).toMatchObject({ published: 0, voided: 1 });
    expect((await read()).isActive).toBe(false);
    const audit = (await (await as('admin')('GET', '/api/admin/audit')).json()) as {
      entries: { action: string; summary: string }[];
    };
    expect(audit.entries.find((entry) => entry.action === 'schedule-void')?.summary).toContain(
      'It was not published as scheduled for 2026-12-02T09:00:00.000Z: hero.headline uses the claim "soc2-audited", which was withdrawn',
    );
  });

  it('list text that reads like a claim while claimsLint is warn, and refuse it when it is block', async () => {
    const { as, claim, approveClaim, page, read, content } = await team();
    await approveClaim(claim);
    const save = async (revision: number) =>
      as('editor')('PUT', `/api/landing-pages/${page.id}/draft`, {
        title: page.title,
        slug: page.slug,
        content: content('{{claim:soc2-audited}}, and the fastest validation there is'),
        revision,
      });
    expect((await save(page.revision)).status).toBe(200);
    expect((await as('admin')('PUT', '/api/admin/settings', { claimsLint: 'block' })).status).toBe(
      200,
    );
    const blocked = await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {});
    expect(blocked.status).toBe(409);
    // The template's own text reads like claims in places too ("first"); the headline is one.
    const { message, fields } = await errorOf(blocked);
    expect(message).toMatch(/^It cannot be published: .* outside a claim/);
    expect(fields?.['content.hero.headline']).toEqual([
      expect.stringMatching(
        /^hero\.headline says "[^"]*fastest[^"]*" outside a claim: use an approved claim/,
      ),
    ]);
    expect((await read()).isActive).toBe(false);
    expect((await as('admin')('PUT', '/api/admin/settings', { claimsLint: 'warn' })).status).toBe(
      200,
    );
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {})).status,
    ).toBe(200);
    expect((await read()).content.hero.headline).toBe(
      '{{claim:soc2-audited}}, and the fastest validation there is',
    );
  });

  it('refuse an unsigned change that goes live at once (approvals 0) with a draft claim', async () => {
    const { as, claim, approveClaim, page, read, content } = await team();
    // A page made live with the claim while it is a draft.
    const created = await as('admin')('POST', '/api/landing-pages', {
      title: 'Trust 2',
      slug: 'trust-2',
      content: content('Audited: {{claim:soc2-audited}}'),
    });
    expect(created.status).toBe(409);
    expect((await errorOf(created)).message).toBe(
      'It cannot go live: hero.headline uses the claim "soc2-audited", which is a draft, not approved',
    );
    // A live page changed in place to say it.
    await approveClaim(claim);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {})).status,
    ).toBe(200);
    const live = await read();
    const put = (headline: string) =>
      as('admin')('PUT', `/api/landing-pages/${page.id}`, { content: content(headline) });
    expect((await put('Now {{claim:soc2-audited}}, still')).status).toBe(200);
    const unknown = await put('Now {{claim:iso-certified}}');
    expect(unknown.status).toBe(409);
    expect(await errorOf(unknown)).toMatchObject({
      message:
        'It cannot go live: hero.headline uses the claim "iso-certified", which does not exist',
      fields: { 'content.hero.headline': [expect.stringContaining('iso-certified') as unknown] },
    });
    expect((await read()).content.hero.headline).toBe('Now {{claim:soc2-audited}}, still');
    expect((await read()).revision).toBe(live.revision + 1);
  });

  it('show the Review tab what publishing would refuse and what reads like a claim', async () => {
    const { as, page, content } = await team();
    await as('editor')('PUT', `/api/landing-pages/${page.id}/draft`, {
      title: page.title,
      slug: page.slug,
      content: content('{{claim:soc2-audited}}: the fastest validation there is'),
      revision: page.revision,
    });
    const status = pageWithWorkflowSchema.parse(
      await (await as('reviewer')('GET', `/api/admin/pages/${page.id}`)).json(),
    ).workflow.claimsCheck;
    expect(status.lint).toBe('warn');
    expect(status.refusals).toEqual([
      {
        path: 'hero.headline',
        key: 'soc2-audited',
        message: 'hero.headline uses the claim "soc2-audited", which is a draft, not approved',
      },
    ]);
    expect(status.findings.find((finding) => finding.path === 'hero.headline')).toMatchObject({
      words: expect.stringContaining('fastest') as unknown,
      why: 'absolute',
    });
  });

  it('give the public answer of a live page the claims it says, approved ones only, without saying why', async () => {
    const { as, json, claim, approveClaim, page, evidence } = await team();
    await approveClaim(claim);
    expect(
      (await as('publisher')('POST', `/api/landing-pages/${page.id}/publish`, {})).status,
    ).toBe(200);
    const read = async () =>
      (await (await json('GET', `/api/landing-pages/${page.slug}`)).json()) as {
        claims?: { claims: { key: string; text: string }[]; evidence: { id: string }[] };
      };
    expect((await read()).claims).toEqual({
      claims: [
        {
          key: 'soc2-audited',
          text: 'SOC 2 Type II audited',
          references: [{ evidenceId: evidence.id, locator: 'Opinion' }],
        },
      ],
      evidence: [
        {
          id: evidence.id,
          title: 'SOC 2 Type II report 2026',
          source: 'Example Assurance LLP',
          date: '2026-10-01',
        },
      ],
      unapproved: [],
    });
    await as('reviewer')('POST', `/api/admin/claims/${claim.id}/withdraw`, { reason: 'Retired' });
    expect((await read()).claims).toEqual({ claims: [], evidence: [], unapproved: [] });
    // A page that says no claim answers none.
    const other = await as('admin')('POST', '/api/landing-pages', {
      title: 'Plain',
      slug: 'plain',
    });
    expect(other.status).toBe(201);
    expect(
      'claims' in ((await (await json('GET', '/api/landing-pages/plain')).json()) as object),
    ).toBe(false);
  });
});
