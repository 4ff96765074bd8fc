// A submission checked against a form's definition (docs/decisions/0162-submissions-checked.md):
// the values a lead keeps and the problems, each naming its field. Part of
// functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { CONTROL_CHARACTERS, ONE_LINE_MESSAGE, stripControls } from '../contact.ts';
import { checkPhone, normalPhone } from '../phone.ts';
import type { FormDefinition } from './definition.ts';
import { DEFAULT_MAX_LENGTH } from './fields.ts';

/** A custom field's value in a lead: text, or a checkbox's true/false. */
export const fieldValueSchema = z.union([z.string(), z.boolean()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

const EMAIL = z.email();

export type SubmissionIssue = { path: (string | number)[]; message: string };

/**
 * A submission's `fields` checked against a definition. Returns the cleaned values (one-line
 * fields trimmed, text areas without control characters, empty optional fields dropped, a
 * phone number as typed with its spaces tidied) with the phone fields' E.164 form where one
 * can be derived (functions/shared/phone.ts), or the problems, each naming its field:
 * `fields.<name>`.
 */
export function checkSubmission(
  form: FormDefinition,
  values: Record<string, unknown>,
):
  | { ok: true; values: Record<string, FieldValue>; phones: Record<string, string> }
  | { ok: false; issues: SubmissionIssue[] } {
  const issues: SubmissionIssue[] = [];
  const cleaned: Record<string, FieldValue> = {};
  const phones: Record<string, string> = {};
  const byName = new Map(form.fields.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) {
    if (!byName.has(name))
      issues.push({ path: ['fields', name], message: 'is not a field of this form' });
  }
  for (const field of form.fields) {
    const path = ['fields', field.name];
    const raw = values[field.name];
    if (field.type === 'checkbox') {
      if (raw === undefined || raw === null) {
        if (field.required) issues.push({ path, message: 'must be ticked' });
        else cleaned[field.name] = false;
        continue;
      }
      if (typeof raw !== 'boolean') {
        issues.push({ path, message: 'must be true or false' });
        continue;
      }
      if (field.required && !raw) issues.push({ path, message: 'must be ticked' });
      cleaned[field.name] = raw;
      continue;
    }
    if (raw === undefined || raw === null) {
      if (field.required) issues.push({ path, message: 'is required' });
      continue;
    }
    if (typeof raw !== 'string') {
      issues.push({ path, message: 'must be text' });
      continue;
    }
    let value: string;
    if (field.type === 'textarea') {
      value = stripControls(raw).trim();
    } else {
      if (CONTROL_CHARACTERS.test(raw)) {
        issues.push({ path, message: ONE_LINE_MESSAGE });
        continue;
      }
      value = raw.trim();
    }
    const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
    if (value.length > max) {
      issues.push({ path, message: `must be at most ${max} characters` });
      continue;
    }
    if (!value) {
      if (field.required) issues.push({ path, message: 'is required' });
      continue;
    }
    if (field.type === 'email' && !EMAIL.safeParse(value).success) {
      issues.push({ path, message: 'must be a valid email address' });
      continue;
    }
    if (field.type === 'tel') {
      const phone = checkPhone(value);
      if (!phone.ok) {
        issues.push({ path, message: phone.problem });
        continue;
      }
      value = phone.phone.display;
      const normal = normalPhone(phone.phone);
      if (normal) phones[field.name] = normal;
    }
    if (field.type === 'select' && !field.options?.some((option) => option.value === value)) {
      const choices = (field.options ?? []).map((option) => option.value).join(', ');
      issues.push({ path, message: `must be one of: ${choices}` });
      continue;
    }
    cleaned[field.name] = value;
  }
  return issues.length ? { ok: false, issues } : { ok: true, values: cleaned, phones };
}
