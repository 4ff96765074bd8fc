// Review with electronic signatures (issue 23, functions/data/workflow/review.ts): distinct
// reviewers signing with the password (and a code with two-factor sign-in), voiding by an
// edit, rejection, and the approvals setting. Real DynamoDB Local through the app
// (functions/test/workflow-team.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope as ErrorBody } from '../../shared/error-envelope.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../../core/totp.ts';
import type { Signature, WorkingCopy } from '../../shared/workflow.ts';
import { approve, team } from '../../test/workflow-team.ts';

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
      approve('approved-legal', 'publisher'),
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
          approve('approved-legal', 'reviewer2'),
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
  }, 90_000); // Five accounts signing and publishing: about 25 s on a loaded 2-core machine.

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

describe('settings', () => {
  it('approvalsRequired is 0 to 3, set by admins', async () => {
    const { as } = await team();
    expect(await (await as('admin')('GET', '/api/admin/settings')).json()).toEqual({
      approvalsRequired: 0,
      claimsLint: 'warn',
      withdrawnClaims: 'flag',
      openCommentsBlockApproval: true,
      reviewChecklist: [],
      jobCodePrefix: 'PB',
      maxApprovalMonths: 0,
      checksBlockPublishing: true,
      locales: ['en-US'],
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

  it('a PUT changes only the settings it names, each checked, and the audit log says which', async () => {
    const { as } = await team();
    const put = (body: unknown) => as('admin')('PUT', '/api/admin/settings', body);
    await put({ approvalsRequired: 2 });
    const changed = await put({
      claimsLint: 'block',
      reviewChecklist: ['Every claim is referenced', 'Fair balance'],
      checksBlockPublishing: false,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      approvalsRequired: 2,
      claimsLint: 'block',
      withdrawnClaims: 'flag',
      openCommentsBlockApproval: true,
      reviewChecklist: ['Every claim is referenced', 'Fair balance'],
      jobCodePrefix: 'PB',
      maxApprovalMonths: 0,
      checksBlockPublishing: false,
      locales: ['en-US'],
    });
    const refusals: [unknown, string, string][] = [
      [{}, '', 'names no setting to change'],
      [{ claimsLint: 'strict' }, 'claimsLint', ''],
      [{ withdrawnClaims: 'delete' }, 'withdrawnClaims', ''],
      [{ reviewChecklist: ['A', 'A'] }, 'reviewChecklist', 'lists an item twice'],
      [{ reviewChecklist: ['  '] }, 'reviewChecklist.0', 'an item is empty'],
      [
        { reviewChecklist: Array.from({ length: 13 }, (_, n) => `Item ${n}`) },
        'reviewChecklist',
        'has more than 12 items',
      ],
      [{ openCommentsBlockApproval: 'yes' }, 'openCommentsBlockApproval', ''],
      [{ maxApprovalMonths: 61 }, 'maxApprovalMonths', ''],
      [{ maxApprovalMonths: 1.5 }, 'maxApprovalMonths', ''],
      [{ checksBlockPublishing: 'no' }, 'checksBlockPublishing', ''],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const { error } = (await refused.json()) as ErrorBody;
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
      if (message) {
        expect(JSON.stringify(error), JSON.stringify(body)).toContain(message);
      }
    }
    // Nothing stored is lost by a refusal.
    expect(
      ((await (await as('admin')('GET', '/api/admin/settings')).json()) as { claimsLint: string })
        .claimsLint,
    ).toBe('block');
    const audit = (await (await as('admin')('GET', '/api/admin/audit?limit=5')).json()) as {
      entries: { summary: string }[];
    };
    expect(audit.entries.map((entry) => entry.summary)).toContain(
      'Text that reads like a claim: refused; Reviewer checklist: "Every claim is referenced", "Fair balance"; Errors of the checks before publishing are listed only',
    );
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
