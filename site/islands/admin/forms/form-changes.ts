// What a form's working copy changes from the live definition, as a reviewer reads it
// (issue 33): each line names the part (a field by its name, the consent, the auto-reply,
// the texts after sending) with its text before and after. Pure, unit-tested in
// form-changes.test.ts; form-review-panel.tsx lists them.
import type { FormDefinition } from '../../../../functions/shared/forms/definition.ts';
import type { FormField } from '../../../../functions/shared/forms/fields.ts';
import { stableStringify } from '../../../../functions/shared/stable-json.ts';

export interface FormChange {
  what: string;
  /** Empty when the part is new. */
  before: string;
  /** Empty when the part is gone. */
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined || value === ''
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : stableStringify(value);

/** How a field's settings are named; any other key is named as it is. */
const FIELD_PARTS: Partial<Record<keyof FormField, string>> = {
  default: 'preselected option',
  maxLength: 'maximum length',
  fill: 'filled from',
};

const FORM_PARTS: [string, (form: FormDefinition) => unknown][] = [
  ['Title', (form) => form.title],
  ['Consent text', (form) => form.consent.text],
  ['Consent required', (form) => form.consent.required],
  ['Privacy notice', (form) => form.consent.privacyUrl],
  ['Submit button', (form) => form.submitLabel],
  ['Success message', (form) => form.successMessage],
  ['Auto-reply', (form) => (form.autoReply.enabled ? 'on' : 'off')],
  ['Auto-reply subject', (form) => form.autoReply.subject],
  ['Auto-reply message', (form) => form.autoReply.body],
];

/** The differences from `live` (null: the form was never published) to `copy`. */
export function formChanges(live: FormDefinition | null, copy: FormDefinition): FormChange[] {
  const changes: FormChange[] = [];
  const add = (what: string, before: unknown, after: unknown) => {
    if (stableStringify(before ?? null) !== stableStringify(after ?? null)) {
      changes.push({ what, before: shown(before), after: shown(after) });
    }
  };
  for (const [what, part] of FORM_PARTS) add(what, live ? part(live) : undefined, part(copy));
  const before = new Map((live?.fields ?? []).map((field) => [field.name, field]));
  const after = new Map(copy.fields.map((field) => [field.name, field]));
  for (const field of copy.fields) {
    const old = before.get(field.name);
    if (!old) {
      changes.push({ what: `Field "${field.name}" added`, before: '', after: field.label });
      continue;
    }
    const keys = new Set([...Object.keys(old), ...Object.keys(field)] as (keyof FormField)[]);
    for (const key of keys) {
      add(`Field "${field.name}": ${FIELD_PARTS[key] ?? key}`, old[key], field[key]);
    }
  }
  for (const field of live?.fields ?? []) {
    if (!after.has(field.name)) {
      changes.push({ what: `Field "${field.name}" removed`, before: field.label, after: '' });
    }
  }
  const order = (fields: FormField[]) =>
    fields.map((field) => field.name).filter((name) => before.has(name) && after.has(name));
  if (live && order(live.fields).join() !== order(copy.fields).join()) {
    changes.push({
      what: 'Field order',
      before: live.fields.map((field) => field.name).join(', '),
      after: copy.fields.map((field) => field.name).join(', '),
    });
  }
  return changes;
}
