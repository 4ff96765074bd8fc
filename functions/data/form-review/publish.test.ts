// Publishing a form (issue 33, functions/data/form-review/publish.ts): live by submit, an
// approval signed with the password that records the consent text's version, and publish;
// a new form reaches visitors only when published, and deleting a live one needs publish.
// Real DynamoDB Local through the app (functions/test/form-team.ts).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FormSignature, FormState, FormWorkingCopy } from '../../shared/form-review.ts';
import { consentVersion } from '../../shared/forms/consent.ts';
import { type FormSummary } from '../../shared/forms/definition.ts';
import { type PublicForm } from '../../shared/forms/public-form.ts';
import { errorOf, formTeam, probedContact, signature } from '../../test/form-team.ts';

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
});

describe('forms with approvals 0, and new forms under review', () => {
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
