// Forms under review (issue 33, docs/decisions/0310-forms-under-review.md): with approvals
// required, a save of a form is its working copy; the public definition and the site build's
// input change only when a copy with its approvals is published; approvals are electronic
// signatures of the whole definition that record the consent text's version, never by an
// author, voided by an edit, counted by the sign-in throttle. With approvals 0 a save is
// live at once, as before. Real DynamoDB Local through the app (functions/test/harness.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../lib/errors.ts';
import { newTotpSecret, totpCodeAt, totpStep } from '../lib/totp.ts';
import type { FormSignature, FormState, FormWorkingCopy } from '../shared/form-review.ts';
import { consentVersion, type FormSummary, type PublicForm } from '../shared/forms.ts';
import { formTeam, probedContact, signature } from '../test/form-team.ts';
import { TEST_PASSWORD } from '../test/harness.ts';

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

/** Every key of a value, at any depth. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) =>
        Array.isArray(value) ? keysOf(inner) : [key, ...keysOf(inner)],
      )
    : [];
/** Canonical JSON written here, not by the app: JSON.stringify with every key, sorted. */
const canonical = (value: unknown) => JSON.stringify(value, [...new Set(keysOf(value))].sort());

describe('a form under review', () => {
  it('saves the working copy: the public definition and the site build keep the live one', async () => {
    const { as, publicForm, built, path, services } = await formTeam(1);
    const before = [await publicForm(), await built()];
    const saved = await as('editor')('PUT', path('contact'), {
      form: probedContact(),
      revision: 0,
    });
    expect(saved.status).toBe(200);
    const state = (await saved.json()) as FormState;
    expect(state).toMatchObject({
      id: 'contact',
      revision: 1,
      form: { consent: { text: 'We may sell your data.' }, successMessage: 'Sold.' },
      live: { revision: 0 },
      workingCopy: {
        revision: 1,
        baseRevision: 0,
        state: 'draft',
        authors: ['editor@pharmabridge.test'],
        consentVersion: await consentVersion('We may sell your data.'),
      },
      workflow: { approvalsRequired: 1, approvalsMissing: 1, approvals: [] },
    });
    expect(state.live?.form.consent.text).toBe('');
    expect([await publicForm(), await built()]).toEqual(before);

    // The copy takes the next saves, from its own revision; the list shows it.
    expect((await as('editor')('PUT', path('contact'), { form: probedContact() })).status).toBe(
      200,
    );
    const stale = await as('publisher')('PUT', path('contact'), {
      form: probedContact(' (stale)'),
      revision: 1,
    });
    expect(stale.status).toBe(409);
    expect((await errorOf(stale)).message).toMatch(/Someone else saved this form/);
    const list = (await (await as('editor')('GET', '/api/admin/forms')).json()) as {
      forms: FormSummary[];
    };
    expect(list.forms.find((row) => row.id === 'contact')).toMatchObject({
      revision: 0,
      workingCopy: { state: 'draft', revision: 2 },
    });
    const audit = (await services.audit.list(20)).entries.map((entry) => entry.action);
    expect(audit.filter((action) => action === 'form-copy-save')).toHaveLength(2);
    expect(audit).not.toContain('form-save');
    expect([await publicForm(), await built()]).toEqual(before);
  });

  it('goes live by submit, an approval signed with the password, and publish; the signature records the consent version', async () => {
    const { as, publicForm, built, path, state, services, clock } = await formTeam(1);
    const before = await publicForm();
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });

    const early = await as('publisher')('POST', path('contact', 'publish'), {});
    expect(early.status).toBe(409);
    expect((await errorOf(early)).fields).toEqual({
      approvals: ['0 of 1 approval of the current content (an edit voids earlier ones)'],
    });
    const unsubmitted = await as('reviewer')('POST', path('contact', 'approve'), signature());
    expect(unsubmitted.status).toBe(409);
    expect((await errorOf(unsubmitted)).message).toBe(
      'Only a working copy in review can be approved: submit it first',
    );
    const submitted = await as('editor')('POST', path('contact', 'submit'), {
      note: 'New consent wording',
    });
    expect(submitted.status).toBe(200);
    expect((await submitted.json()) as FormWorkingCopy).toMatchObject({
      state: 'in_review',
      submittedBy: 'editor@pharmabridge.test',
      note: 'New consent wording',
    });
    expect((await as('editor')('POST', path('contact', 'submit'), {})).status).toBe(409);
    const queue = (await (await as('reviewer')('GET', '/api/admin/form-reviews')).json()) as {
      forms: { id: string; revision: number }[];
    };
    expect(queue.forms).toEqual([
      expect.objectContaining({
        id: 'contact',
        revision: 1,
        submittedBy: 'editor@pharmabridge.test',
      }),
    ]);

    const wrong = await as('reviewer')('POST', path('contact', 'approve'), {
      ...signature(),
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ password: ['is incorrect'] });
    const signed = await as('reviewer')('POST', path('contact', 'approve'), {
      ...signature(),
      comment: 'Consent reviewed by legal',
    });
    expect(signed.status).toBe(201);
    const record = (await signed.json()) as FormSignature;
    // The hash of the whole definition signed, computed here independently of the app.
    const copy = (await state()).workingCopy!;
    const expectedHash = createHash('sha256')
      .update(canonical({ id: 'contact', form: copy.form }))
      .digest('hex');
    const version = await consentVersion('We may sell your data.');
    expect(record).toMatchObject({
      signerEmail: 'reviewer@pharmabridge.test',
      signedAt: clock.now().toISOString(),
      meaning: 'approved-legal',
      comment: 'Consent reviewed by legal',
      contentHash: expectedHash,
      revision: 1,
      consentVersion: version,
      current: true,
    });
    const approval = (await services.audit.list(20)).entries.find(
      (entry) => entry.action === 'form-approve',
    );
    expect(approval?.summary).toContain(`consent text version ${version}`);
    expect(approval?.summary).toContain(`definition SHA-256 ${expectedHash}`);
    // Signed, not yet published: visitors still get the live definition.
    expect(await publicForm()).toEqual(before);

    const later = await as('publisher')('POST', path('contact', 'publish'), {
      at: '2026-12-24T09:00:00Z',
    });
    expect(later.status).toBe(400);
    expect((await errorOf(later)).fields?.['at']).toEqual([
      'cannot be in the future: a form is published at once, not scheduled',
    ]);
    const published = await as('publisher')('POST', path('contact', 'publish'), {});
    expect(published.status).toBe(200);
    const live = (await publicForm()) as PublicForm;
    expect(live.consent).toMatchObject({ text: 'We may sell your data.', version });
    expect(live.fields[0]!.label).toBe('Your full name');
    expect(await built()).toEqual(live);
    const after = await state();
    expect(after).toMatchObject({ revision: 1, live: { revision: 1 }, workingCopy: null });
    expect(after.workflow.approvals.map((s) => [s.signerEmail, s.current, s.contentHash])).toEqual([
      ['reviewer@pharmabridge.test', false, after.workflow.liveHash],
    ]);
    expect((await services.audit.list(20)).entries.map((entry) => entry.action)).toContain(
      'form-publish',
    );
  });

  it('is never approved by an author; distinct signers count; an edit voids every approval', async () => {
    const { as, path, state } = await formTeam(2);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    await as('admin')('PUT', path('contact'), { form: probedContact(' Really.'), revision: 1 });
    await as('editor')('POST', path('contact', 'submit'), {});
    const own = await as('admin')('POST', path('contact', 'approve'), signature());
    expect(own.status).toBe(409);
    expect((await errorOf(own)).message).toBe(
      'You edited this working copy, so you cannot approve it: another reviewer must',
    );
    expect((await as('reviewer')('POST', path('contact', 'approve'), signature())).status).toBe(
      201,
    );
    const twice = await as('reviewer')('POST', path('contact', 'approve'), signature());
    expect((await errorOf(twice)).message).toBe('You have already approved this content');
    const oneOfTwo = await as('publisher')('POST', path('contact', 'publish'), {});
    expect((await errorOf(oneOfTwo)).fields).toEqual({
      approvals: ['1 of 2 approvals of the current content (an edit voids earlier ones)'],
    });
    expect(
      (await as('reviewer2')('POST', path('contact', 'approve'), signature('approved'))).status,
    ).toBe(201);
    expect((await state()).workflow.approvalsMissing).toBe(0);

    // An edit after the approvals (here of the auto-reply only) voids both.
    const edited = probedContact(' Really.');
    edited.autoReply.body = 'Changed after approval.';
    expect((await as('editor')('PUT', path('contact'), { form: edited, revision: 2 })).status).toBe(
      200,
    );
    const voided = await state();
    expect(voided.workingCopy?.state).toBe('draft');
    expect(voided.workflow.approvals.map((s) => s.current)).toEqual([false, false]);
    expect(voided.workflow.approvalsMissing).toBe(2);
    const refused = await as('publisher')('POST', path('contact', 'publish'), {});
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'Publishing needs 2 approvals of the current working copy; it has 0, so 2 more are missing',
    );
  });

  it('follows the page roles: editors save and submit, reviewers read and approve, publishers publish, sales nothing', async () => {
    const { as, path } = await formTeam(1);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    const refusals: [string, string, string, unknown, string][] = [
      ['reviewer', 'PUT', path('contact'), { form: probedContact(), revision: 1 }, 'edit'],
      ['reviewer', 'POST', path('contact', 'submit'), {}, 'edit'],
      ['editor', 'POST', path('contact', 'approve'), signature(), 'review'],
      ['editor', 'POST', path('contact', 'publish'), {}, 'publish'],
      ['reviewer', 'POST', path('contact', 'publish'), {}, 'publish'],
      ['sales', 'GET', path('contact'), undefined, 'edit'],
      ['sales', 'GET', '/api/admin/form-reviews', undefined, 'edit'],
      ['sales', 'POST', path('contact', 'approve'), signature(), 'review'],
    ];
    for (const [who, method, url, body, permission] of refusals) {
      const response = await as(who)(method, url, body);
      expect(response.status, `${who} ${method} ${url}`).toBe(403);
      expect((await errorOf(response)).permission).toBe(permission);
    }
    const read = await as('reviewer')('GET', path('contact'));
    expect(read.status).toBe(200);
    expect(((await read.json()) as FormState).workingCopy?.form.consent.text).toBe(
      'We may sell your data.',
    );
    expect((await as('reviewer')('GET', '/api/admin/form-reviews')).status).toBe(200);
  });
});

describe('forms with approvals 0, and new forms under review', () => {
  it('with approvals 0 a save is live at once; a copy left from review takes the saves until it is published', async () => {
    const { as, path, publicForm, built, setApprovals, state } = await formTeam(0);
    const saved = await as('editor')('PUT', path('contact'), {
      form: probedContact(),
      revision: 0,
    });
    expect(((await saved.json()) as FormState).workingCopy).toBeNull();
    expect(((await publicForm()) as PublicForm).successMessage).toBe('Sold.');
    expect((await built()).successMessage).toBe('Sold.');

    await setApprovals(1);
    await as('editor')('PUT', path('contact'), { form: probedContact(' Copy.'), revision: 1 });
    await setApprovals(0);
    const onCopy = await as('editor')('PUT', path('contact'), {
      form: probedContact(' Copy again.'),
      revision: 2,
    });
    expect(((await onCopy.json()) as FormState).workingCopy?.revision).toBe(3);
    expect(((await publicForm()) as PublicForm).successMessage).toBe('Sold.');
    // No approvals required: a publisher publishes the copy without signatures.
    expect((await as('publisher')('POST', path('contact', 'publish'), {})).status).toBe(200);
    expect(((await publicForm()) as PublicForm).successMessage).toBe('Sold. Copy again.');
    expect((await state()).workingCopy).toBeNull();
  });

  it('a new form under review reaches visitors only when published; deleting a live one needs publish', async () => {
    const { as, path, publicForm, json } = await formTeam(1);
    const webinar = { ...probedContact(), title: 'Webinar registration' };
    const created = await as('editor')('PUT', path('webinar'), { form: webinar });
    expect(created.status).toBe(200);
    expect((await created.json()) as FormState).toMatchObject({
      id: 'webinar',
      revision: 1,
      live: null,
      workingCopy: { state: 'draft' },
    });
    expect((await as('editor')('PUT', path('webinar'), { form: webinar })).status).toBe(409);
    expect(await publicForm('webinar')).toBe(404);
    const list = (await (await as('editor')('GET', '/api/admin/forms')).json()) as {
      forms: FormSummary[];
    };
    expect(list.forms.find((row) => row.id === 'webinar')).toMatchObject({
      title: 'Webinar registration',
      live: false,
      workingCopy: { state: 'draft', revision: 1 },
    });
    const lead = await json('POST', '/api/contact', {
      formId: 'webinar',
      fields: { name: 'Dana', email: 'dana@example-pharma.com' },
      consent: true,
    });
    expect(lead.status).toBe(400);

    await as('editor')('POST', path('webinar', 'submit'), {});
    await as('reviewer')('POST', path('webinar', 'approve'), signature());
    expect((await as('publisher')('POST', path('webinar', 'publish'), {})).status).toBe(200);
    expect(((await publicForm('webinar')) as PublicForm).id).toBe('webinar');

    const byEditor = await as('editor')('DELETE', path('webinar'));
    expect(byEditor.status).toBe(403);
    expect((await errorOf(byEditor)).permission).toBe('publish');
    expect(await publicForm('webinar')).not.toBe(404);
    expect((await as('publisher')('DELETE', path('webinar'))).status).toBe(204);
    expect(await publicForm('webinar')).toBe(404);
    expect((await as('publisher')('DELETE', path('webinar'))).status).toBe(404);
  });
});

describe('the signature of a form', () => {
  it('asks for the code with two-factor sign-in, and wrong passwords count toward the sign-in throttle', async () => {
    const { as, path, services, clock, json } = await formTeam(1, {
      LOGIN_PAIR_LIMIT: '3',
      LOGIN_FREE_FAILURES: '100',
    });
    const secret = newTotpSecret();
    const enrolledAt = new Date(clock.now().getTime() - 3600_000);
    await services.twoFactor.startEnrolment(
      'reviewer2@pharmabridge.test',
      secret,
      new Date(clock.now().getTime() + 600_000),
    );
    const step = totpStep(secret, totpCodeAt(secret, enrolledAt), enrolledAt)!;
    expect(
      await services.twoFactor.confirm(
        'reviewer2@pharmabridge.test',
        (await services.twoFactor.enrolment('reviewer2@pharmabridge.test'))!.stored,
        step,
        [],
      ),
    ).toBe(true);
    await as('editor')('PUT', path('contact'), { form: probedContact(), revision: 0 });
    await as('editor')('POST', path('contact', 'submit'), {});
    const noCode = await as('reviewer2')('POST', path('contact', 'approve'), signature());
    expect((await errorOf(noCode)).fields).toEqual({
      code: ['is required: your account signs in with two-factor codes'],
    });
    const withCode = await as('reviewer2')('POST', path('contact', 'approve'), {
      ...signature(),
      code: totpCodeAt(secret, clock.now()),
    });
    expect(withCode.status).toBe(201);

    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await as('reviewer')('POST', path('contact', 'approve'), {
        ...signature(),
        password: `wrong-${attempt}`,
      });
      expect(wrong.status).toBe(400);
    }
    const throttled = await as('reviewer')('POST', path('contact', 'approve'), signature());
    expect(throttled.status).toBe(429);
    // The same throttle as signing in: the right password is refused there too.
    const login = await json('POST', '/api/auth/login', {
      email: 'reviewer@pharmabridge.test',
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(429);
  });
});
