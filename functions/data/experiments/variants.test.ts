// Variants (issue 24, functions/data/experiments/variants.ts): a variant edited with its
// revision (the control and stale saves refused), and every variant approved by an
// e-signature, never by its author, before the experiment starts when the page needs
// approvals. Real DynamoDB Local through the app (functions/test/experiment-team.ts).
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope as ErrorBody } from '../../shared/error-envelope.ts';
import type { ExperimentDetail } from '../../shared/experiments.ts';
import { landingTemplate } from '../../shared/template.ts';
import { TEST_PASSWORD } from '../../test/harness.ts';
import { team } from '../../test/experiment-team.ts';

describe('experiments: a draft', () => {
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
        email: `${who}@pharmabridge.test`,
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
