// The form editor's pure rules (form-editor.tsx is its layout): the definition as the editor
// holds it (each field with a key of its own, so a row keeps its focus and its marks when it
// moves), moving fields and options, a new field's name from its label, what a reserved name
// locks (docs/decisions/0165-form-editor.md; the names and their types are
// functions/shared/forms/fields.ts's RESERVED_FIELDS and RESERVED_TYPES), what a change of type
// keeps, and the API's field errors (`form.fields.2.name`) sorted to the field they name.
import { MERGE_FIELDS } from '../../../../functions/shared/forms/auto-reply.ts';
import { BUILT_IN_FORMS, nameAndEmailFields } from '../../../../functions/shared/forms/built-in.ts';
import { type FormDefinition } from '../../../../functions/shared/forms/definition.ts';
import { formIdSchema } from '../../../../functions/shared/forms/form-id.ts';
import {
  DEFAULT_MAX_LENGTH,
  FIELD_TYPE_LABELS,
  MAX_FIELDS,
  RESERVED_FIELDS,
  RESERVED_TYPES,
  type FieldType,
  type FormField,
  type ReservedField,
} from '../../../../functions/shared/forms/fields.ts';
import { INQUIRY_TYPES } from '../../../../functions/shared/contact.ts';
import type { FieldErrors } from '../api.ts';

/** What a part of the field form (options, hidden source) gets: the field, its errors by
 * property (`options.0.value`), and the change to make. */
export interface FieldPartProps {
  field: FormField;
  errors: FieldErrors;
  onChange: (field: FormField) => void;
}

/** A field as the editor holds it. */
export interface DraftField {
  /** The row's own key: stays the same through renames and moves. */
  key: string;
  field: FormField;
  /** A new field's name follows its label until the name is edited by hand. */
  nameFollowsLabel: boolean;
}

export type Draft = Omit<FormDefinition, 'fields'> & { fields: DraftField[] };

let lastKey = 0;
const nextKey = () => `f${++lastKey}`;

export function fromDefinition(form: FormDefinition): Draft {
  return {
    ...form,
    fields: form.fields.map((field) => ({ key: nextKey(), field, nameFollowsLabel: false })),
  };
}

export function toDefinition(draft: Draft): FormDefinition {
  return { ...draft, fields: draft.fields.map(({ field }) => field) };
}

/** A copy of `object` without `key` (an optional property left out, not set to undefined). */
export function without<T extends object, K extends keyof T>(object: T, key: K): Omit<T, K> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key)) as Omit<T, K>;
}

/** The list with the item at `from` moved to `to` (clamped); the same items otherwise. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || target === from) return next;
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Where a row moves with Alt+ArrowUp / Alt+ArrowDown; undefined for any other key. */
export function moveKey(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): -1 | 1 | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return undefined;
}

export const isReserved = (name: string): name is ReservedField =>
  (RESERVED_FIELDS as readonly string[]).includes(name);

/** What each reserved name means in a lead, for the editor's tooltips. */
export const RESERVED_MEANINGS: Record<ReservedField, string> = {
  name: "the lead's name",
  email: "the lead's e-mail address, where replies go",
  company: "the lead's company",
  message: "the lead's message",
  role: "the lead's role",
  inquiryType: `the lead's inquiry type (${INQUIRY_TYPES.join(', ')})`,
  formType: 'which form the lead came from',
  landingPageId: 'the landing page the lead came from',
};

/** Names the page sets and a form may not ask for. */
export const PAGE_SET_NAMES = ['formType', 'landingPageId'] as const;

/**
 * Why a reserved name's type cannot change (the type select's tooltip), or undefined for a
 * name without a locked type.
 */
export function lockedTypeReason(name: string): string | undefined {
  if (!isReserved(name)) return undefined;
  const type = RESERVED_TYPES[name];
  if (!type) return undefined;
  return `"${name}" is a reserved name: it fills ${RESERVED_MEANINGS[name]}, so it is always ${FIELD_TYPE_LABELS[type]}.`;
}

/** The sentence for a name the page sets (formType, landingPageId); undefined otherwise. */
export function refusedName(name: string): string | undefined {
  return (PAGE_SET_NAMES as readonly string[]).includes(name)
    ? `"${name}" is set by the page (${RESERVED_MEANINGS[name as ReservedField]}), never asked of a visitor: choose another name.`
    : undefined;
}

/** Every lead has a name and an e-mail address: those two fields stay. */
export function removalBlocked(name: string): string | undefined {
  return name === 'name' || name === 'email'
    ? `Every lead has ${name === 'name' ? 'a name' : 'an e-mail address'}: the "${name}" field stays.`
    : undefined;
}

/** Whether removing asks first: a reserved name carries a meaning of its own in the lead. */
export const removalAsks = (name: string) => isReserved(name);

/**
 * A field name from a label: "Number of suppliers" → "numberOfSuppliers" (a letter first,
 * then letters and digits, at most 40), made unique among `taken` with 2, 3, ...; never a
 * reserved name, which a team chooses on purpose.
 */
export function nameFromLabel(label: string, taken: readonly string[]): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  // A name starts with a letter: leading digits go ("2027 budget" → "budget").
  while (words.length && /^[0-9]/.test(words[0]!)) {
    words[0] = words[0]!.replace(/^[0-9]+/, '');
    if (!words[0]) words.shift();
  }
  let base = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  if (!base) base = 'field';
  base = base.slice(0, 38);
  const used = new Set(taken);
  const free = (candidate: string) => !used.has(candidate) && !isReserved(candidate);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}${n}`)) return `${base}${n}`;
}

/** An option's value from its label: "11 to 50" → "11-to-50". */
export function optionValueFrom(label: string): string {
  return (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 200) || 'option'
  );
}

/** A new form's id from its title: "Webinar sign-up 2027" → "webinar-sign-up-2027". */
export function formIdFromTitle(title: string, taken: readonly string[]): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'form';
  const used = new Set([...taken, ...BUILT_IN_FORMS]);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Why an id typed for a new form cannot be used; undefined when it can. */
export function formIdProblem(id: string, taken: readonly string[]): string | undefined {
  if (!id) return 'The form id is required.';
  if (!formIdSchema.safeParse(id).success)
    return 'The form id must be lowercase letters, digits and hyphens (at most 64), starting and ending with a letter or digit.';
  if ((BUILT_IN_FORMS as readonly string[]).includes(id) || taken.includes(id))
    return `A form with the id "${id}" exists already: choose another.`;
  return undefined;
}

/** The field with another type: what the new type cannot hold is dropped, what it needs added. */
export function withType(field: FormField, type: FieldType): FormField {
  const next: FormField = { ...field, type };
  if (type !== 'select') {
    delete next.options;
    delete next.default;
  } else if (!next.options) {
    next.options = [];
  }
  if (type === 'hidden') {
    next.required = false;
    next.fill ??= { from: 'url', param: 'utm_source' };
  } else {
    delete next.fill;
  }
  if (
    type === 'checkbox' ||
    (next.maxLength !== undefined && next.maxLength > DEFAULT_MAX_LENGTH[type])
  )
    delete next.maxLength;
  if (
    next.autocomplete !== undefined &&
    (type === 'hidden' || type === 'checkbox' || type === 'select')
  )
    delete next.autocomplete;
  return next;
}

/** The field renamed: a reserved name takes its own type at once. */
export function withName(field: FormField, name: string): FormField {
  const locked = isReserved(name) ? RESERVED_TYPES[name] : undefined;
  const renamed = { ...field, name };
  return locked && locked !== field.type ? withType(renamed, locked) : renamed;
}

/** A new text field, after the others; undefined at MAX_FIELDS. */
export function addField(fields: readonly DraftField[]): DraftField[] | undefined {
  if (fields.length >= MAX_FIELDS) return undefined;
  const taken = fields.map(({ field }) => field.name);
  const field: FormField = {
    name: nameFromLabel('New field', taken),
    label: 'New field',
    type: 'text',
    required: false,
  };
  return [...fields, { key: nextKey(), field, nameFollowsLabel: true }];
}

/** The field relabelled; its name follows while it has never been edited by hand. */
export function relabel(fields: readonly DraftField[], key: string, label: string): DraftField[] {
  return fields.map((row) => {
    if (row.key !== key) return row;
    if (!row.nameFollowsLabel) return { ...row, field: { ...row.field, label } };
    const taken = fields.filter((other) => other.key !== key).map(({ field }) => field.name);
    return { ...row, field: { ...row.field, label, name: nameFromLabel(label, taken) } };
  });
}

/** The field renamed by hand: from now on its name no longer follows the label. */
export function rename(fields: readonly DraftField[], key: string, name: string): DraftField[] {
  return fields.map((row) =>
    row.key === key ? { key, field: withName(row.field, name), nameFollowsLabel: false } : row,
  );
}

/** The API's and the schema's field errors without the request's `form.` prefix. */
export function editorErrors(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([key, problems]) => [key.replace(/^form\./, ''), problems]),
  );
}

/** The errors of the field at `index`, by the property they name (`options.0.value`, `name`). */
export function errorsOfField(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `fields.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, problems]) => [key.slice(prefix.length), problems]),
  );
}

/** Errors that name no field the editor shows beside an input (the field list's own, say). */
export function looseErrors(errors: FieldErrors, shown: (key: string) => boolean): string[] {
  return Object.entries(errors)
    .filter(([key]) => !shown(key))
    .flatMap(([key, problems]) => problems.map((problem) => `${describeKey(key)} ${problem}`));
}

/** `fields.2.options.0.value` → "Field 3, option 1, value". */
export function describeKey(key: string): string {
  const parts = key.split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const index = parts[i + 1];
    if ((part === 'fields' || part === 'options') && index !== undefined && /^\d+$/.test(index)) {
      words.push(`${part === 'fields' ? 'Field' : 'option'} ${Number(index) + 1}`);
      i++;
    } else if (part === 'fields') {
      words.push('The form');
    } else {
      words.push(part);
    }
  }
  return words.join(', ');
}

/** The merge fields an auto-reply may use (functions/shared/forms/definition.ts refuses any other). */
export { MERGE_FIELDS };

/** A custom form before its first edit: a name, an e-mail address, and the spec's thanks. */
export function starterForm(title: string): FormDefinition {
  return {
    title,
    fields: nameAndEmailFields(),
    consent: { required: false, text: '', privacyUrl: '' },
    submitLabel: 'Submit',
    successMessage: "Thank you! We'll get back to you shortly.",
    autoReply: { enabled: false, subject: '', body: '' },
  };
}

/** URL parameters a hidden field is most often filled from. */
export const SUGGESTED_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
] as const;
