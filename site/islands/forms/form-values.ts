// A form definition's values in the browser (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the empty form (a choice list's preselected option, hidden fields filled from the
// URL and the page), the `fields` of POST /api/contact's form body, the checks made before
// sending, and where the server's field errors go. Types only from functions/shared/forms/:
// the landing page's dialog and the contact page ship no zod. A phone field is checked with
// the server's own rule (functions/shared/phone.ts, plain code).
import type { ConsentSettings } from '../../../functions/shared/forms/consent.ts';
import type { FieldFill, FormField } from '../../../functions/shared/forms/fields.ts';
import type { PublicForm } from '../../../functions/shared/forms/public-form.ts';
import { checkPhone } from '../../../functions/shared/phone.ts';

/** A field's value: text, or a checkbox's ticked state. */
export type FormValue = string | boolean;
/** Values by field name, plus CONSENT_KEY and the honeypot's `website`. */
export type FormValues = Record<string, FormValue>;
/** Field errors by field name (CONSENT_KEY for the consent box), as sentences' endings. */
export type FormErrors = Partial<Record<string, string[]>>;

/** The consent box's key in values and errors: not a possible field name. */
export const CONSENT_KEY = '$consent';
/** The honeypot's key (site/islands/honeypot.tsx). */
export const HONEYPOT_KEY = 'website';

/** What the definition reaches the renderer as: a PublicForm or the editor's FormDefinition. */
export interface RenderableForm {
  /** The locale of its texts (PublicForm.locale); the forms' own words follow it (./form-messages.ts). */
  locale?: string | undefined;
  fields: readonly FormField[];
  consent: ConsentSettings;
  submitLabel: string;
}

/** What a hidden field may be filled from (PAGE_VALUES of functions/shared/forms/fields.ts). */
export interface PageFacts {
  /** The URL's query string (`?utm_campaign=...`). */
  search: string;
  /** docs/requirements.md §7's page id: the path without slashes, `default` for /. */
  pageId: string;
  path: string;
  /** The experiment variant the page was served as, when one runs. */
  variantId?: string | undefined;
}

/** A hidden field's value for this page ('' when its source has none). */
export function fillValue(fill: FieldFill | undefined, facts: PageFacts | undefined): string {
  if (!fill || !facts) return '';
  if (fill.from === 'url') return new URLSearchParams(facts.search).get(fill.param) ?? '';
  return facts[fill.value] ?? '';
}

/** The form as a visitor first sees it. */
export function initialValues(fields: readonly FormField[], facts?: PageFacts): FormValues {
  const values: FormValues = { [CONSENT_KEY]: false, [HONEYPOT_KEY]: '' };
  for (const field of fields) {
    values[field.name] =
      field.type === 'checkbox'
        ? false
        : field.type === 'select'
          ? (field.default ?? '')
          : field.type === 'hidden'
            ? fillValue(field.fill, facts).slice(0, field.maxLength ?? 500)
            : '';
  }
  return values;
}

/**
 * The values after the definition changed (a newer one came from the API): what the visitor
 * typed is kept for the fields still there, the rest start as new.
 */
export function carryValues(
  fields: readonly FormField[],
  previous: FormValues,
  facts?: PageFacts,
): FormValues {
  const next = initialValues(fields, facts);
  for (const field of fields) {
    const value = previous[field.name];
    if (field.type === 'hidden' || value === undefined) continue;
    if (typeof value === (field.type === 'checkbox' ? 'boolean' : 'string')) {
      if (field.type !== 'select' || field.options?.some((option) => option.value === value)) {
        next[field.name] = value;
      }
    }
  }
  next[CONSENT_KEY] = previous[CONSENT_KEY] === true;
  next[HONEYPOT_KEY] = previous[HONEYPOT_KEY] ?? '';
  return next;
}

/** The `fields` of the form body: every field the visitor sees, hidden ones when filled. */
export function submissionFields(
  fields: readonly FormField[],
  values: FormValues,
): Record<string, FormValue> {
  const result: Record<string, FormValue> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (field.type === 'hidden' && value === '') continue;
    result[field.name] = value;
  }
  return result;
}

/** POST /api/contact's form body (without the visit's attribution, which the hook adds). */
export interface FormBody {
  formId: string;
  fields: Record<string, FormValue>;
  consent?: boolean;
  consentVersion?: string;
  landingPageId?: string;
  website: string;
  /** The locale of the definition shown (issue 39): its consent version is that locale's. */
  locale?: string;
}

export function formBody(
  form: Pick<PublicForm, 'id' | 'fields' | 'consent' | 'locale'>,
  values: FormValues,
  landingPageId?: string,
): FormBody {
  return {
    formId: form.id,
    fields: submissionFields(form.fields, values),
    ...(form.consent.text
      ? { consent: values[CONSENT_KEY] === true, consentVersion: form.consent.version }
      : {}),
    ...(landingPageId ? { landingPageId } : {}),
    website: String(values[HONEYPOT_KEY] ?? ''),
    ...(form.locale ? { locale: form.locale } : {}),
  };
}

/**
 * An e-mail address as the HTML standard's `type=email` check reads it (the browser's own rule,
 * which the forms no longer leave to the browser's bubble). The server's check is stricter
 * (functions/shared/forms/submission.ts); an address it refuses comes back as a 400 shown in the same place.
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * The checks made before sending, each error shown beside its field like the server's
 * (docs/decisions/0402-inline-errors-for-every-check.md): the public forms set `noValidate`, so no
 * browser bubble stands in for these. A required field empty or of spaces only, a malformed
 * e-mail address, a phone number the server would refuse (the same rule), a required box or
 * consent not ticked. Empty when the form may be sent.
 */
export function checkValues(form: RenderableForm, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of form.fields) {
    if (field.type === 'hidden') continue;
    const value = values[field.name];
    if (field.type === 'checkbox') {
      if (field.required && value !== true) errors[field.name] = ['must be ticked'];
      continue;
    }
    const text = String(value ?? '').trim();
    if (field.type === 'tel' && text !== '') {
      const phone = checkPhone(text);
      if (!phone.ok) errors[field.name] = [phone.problem];
      continue;
    }
    if (field.required && text === '') errors[field.name] = ['is required'];
    else if (field.type === 'email' && text !== '' && !EMAIL.test(text)) {
      errors[field.name] = ['must be a valid email address'];
    }
  }
  if (form.consent.text && form.consent.required && values[CONSENT_KEY] !== true) {
    errors[CONSENT_KEY] = ['must be ticked to send this form'];
  }
  return errors;
}

/**
 * The server's field errors (`fields.<name>`, `consent`; docs/requirements.md's body names the
 * field itself) split into those shown beside a field the visitor sees and the rest (a
 * hidden field, a key this form does not have): those become the form's general sentence.
 */
export function placeServerErrors(
  fields: readonly FormField[],
  serverErrors: Record<string, string[]>,
): { fields: FormErrors; unplaced: string[] } {
  const placed: FormErrors = {};
  const unplaced: string[] = [];
  const visible = new Set(fields.filter((f) => f.type !== 'hidden').map((f) => f.name));
  for (const [key, messages] of Object.entries(serverErrors)) {
    const name = key === 'consent' ? CONSENT_KEY : key.replace(/^fields\./, '');
    if (name === CONSENT_KEY || visible.has(name)) {
      (placed[name] ??= []).push(...messages);
    } else {
      unplaced.push(key);
    }
  }
  return { fields: placed, unplaced };
}

/** The first field on screen with an error (CONSENT_KEY last, as on screen). */
export function firstErrorKey(
  fields: readonly FormField[],
  errors: FormErrors,
): string | undefined {
  const order = [...fields.filter((f) => f.type !== 'hidden').map((f) => f.name), CONSENT_KEY];
  return order.find((key) => errors[key]?.length);
}

/** The control of `key` inside `root` (the consent box has no name: its data attribute). */
export function controlOf(root: ParentNode | null, key: string): HTMLElement | null {
  if (!root) return null;
  return key === CONSENT_KEY
    ? root.querySelector<HTMLElement>('[data-consent]')
    : root.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`);
}
