// The public part of a form (docs/decisions/0403-the-form-speaks-for-itself.md): what a
// visitor's browser reads of a definition, and the title visitors see. Part of
// functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import { isBuiltInForm, type BuiltInForm } from './built-in.ts';
import { consentVersion, type ConsentSettings } from './consent.ts';
import type { FormDefinition } from './definition.ts';
import type { FormField } from './fields.ts';

/** GET /api/forms/:formId: what a visitor's browser needs; no auto-reply, no authors. */
export interface PublicForm {
  id: string;
  /** What visitors read as its name (the dialog's title): publicTitle. */
  title: string;
  fields: FormField[];
  consent: ConsentSettings & { version: string };
  submitLabel: string;
  successMessage: string;
}

/**
 * The titles visitors read for the built-in forms (the dialog's title, issue 35): docs/requirements.md
 * §2's dialog titles, and the headings of the contact and pilot pages' forms. Their own `title`
 * is the admin's name of the form ("Demo request (dialog)"), not meant for visitors.
 */
export const BUILT_IN_PUBLIC_TITLES: Record<BuiltInForm, string> = {
  'demo-request': 'Request Demo',
  'pricing-request': 'Get Pricing Information',
  contact: 'Send us a Message',
  'pilot-request': 'Request Your Free Trial',
};

/** A form's title as visitors read it: a custom form's own, a built-in form's fixed one. */
export const publicTitle = (id: string, form: Pick<FormDefinition, 'title'>): string =>
  isBuiltInForm(id) ? BUILT_IN_PUBLIC_TITLES[id] : form.title;

export async function publicForm(id: string, form: FormDefinition): Promise<PublicForm> {
  return {
    id,
    title: publicTitle(id, form),
    fields: form.fields,
    consent: { ...form.consent, version: await consentVersion(form.consent.text) },
    submitLabel: form.submitLabel,
    successMessage: form.successMessage,
  };
}
