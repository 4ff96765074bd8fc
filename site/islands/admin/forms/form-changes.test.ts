// What a reviewer is shown of a form's working copy (form-changes.ts): every part that
// differs from the live definition, before and after, and nothing that does not.
import { describe, expect, it } from 'vitest';
import { builtInForm } from '../../../../functions/shared/forms/built-in.ts';
import { formChanges } from './form-changes.ts';

describe('formChanges', () => {
  it('is empty for an unchanged definition', () => {
    expect(formChanges(builtInForm('contact'), builtInForm('contact'))).toEqual([]);
  });

  it('names each changed part: labels, consent, auto-reply, thanks, fields added, removed and moved', () => {
    const live = builtInForm('contact');
    const copy = builtInForm('contact');
    copy.fields[0] = { ...copy.fields[0]!, label: 'Your full name' };
    copy.fields = [copy.fields[1]!, copy.fields[0]!, ...copy.fields.slice(2)].filter(
      (field) => field.name !== 'company',
    );
    copy.fields.push({ name: 'budget', label: 'Budget', type: 'text', required: true });
    copy.consent = { ...copy.consent, text: 'We may sell your data.' };
    copy.autoReply = { enabled: true, subject: 'Thanks', body: 'Hi {{name}}' };
    copy.successMessage = 'Sold.';
    expect(formChanges(live, copy)).toEqual([
      { what: 'Consent text', before: '', after: 'We may sell your data.' },
      { what: 'Success message', before: live.successMessage, after: 'Sold.' },
      { what: 'Auto-reply', before: 'off', after: 'on' },
      { what: 'Auto-reply subject', before: '', after: 'Thanks' },
      { what: 'Auto-reply message', before: '', after: 'Hi {{name}}' },
      { what: 'Field "name": label', before: 'Name', after: 'Your full name' },
      { what: 'Field "budget" added', before: '', after: 'Budget' },
      { what: 'Field "company" removed', before: 'Company', after: '' },
      {
        what: 'Field order',
        before: live.fields.map((field) => field.name).join(', '),
        after: copy.fields.map((field) => field.name).join(', '),
      },
    ]);
  });

  it('lists every part of a form never published', () => {
    const copy = builtInForm('demo-request');
    const changes = formChanges(null, copy);
    expect(changes[0]).toEqual({ what: 'Title', before: '', after: copy.title });
    expect(changes.filter((change) => change.what.endsWith('added'))).toHaveLength(
      copy.fields.length,
    );
  });
});
