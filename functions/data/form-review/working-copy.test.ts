// A form's working copy (issue 33, functions/data/form-review/working-copy.ts): with approvals
// required a save is the working copy and the public definition and the site build keep
// the live one; with approvals 0 a save is live at once, and a copy left from review takes
// the saves until it is published. Real DynamoDB Local through the app
// (functions/test/form-team.ts).
import { describe, expect, it } from 'vitest';
import type { FormState } from '../../shared/form-review.ts';
import { consentVersion } from '../../shared/forms/consent.ts';
import { type FormSummary } from '../../shared/forms/definition.ts';
import { type PublicForm } from '../../shared/forms/public-form.ts';
import { errorOf, formTeam, probedContact } from '../../test/form-team.ts';

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
});
