// The public part of a form (docs/decisions/0403-the-form-speaks-for-itself.md): what a
// visitor's browser reads of a definition, and the title visitors see. Part of
// functions/shared/forms/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { isBuiltInForm, type BuiltInForm } from './built-in.ts';
import { consentSchema, consentVersion } from './consent.ts';
import type { FormDefinition } from './definition.ts';
import { fieldSchema } from './fields.ts';
import { DEFAULT_LOCALE, siteLanguageOf } from '../locales.ts';
import { localizeForm } from './translations.ts';

/**
 * GET /api/forms/:formId: what a visitor's browser needs; no auto-reply, no authors. Strict,
 * so a part of the definition added later is not public until it is named here.
 */
export const publicFormSchema = z.strictObject({
  id: z.string(),
  /**
   * The locale its texts are in (issue 39): the one asked for, untranslated parts in the
   * default's. Always sent by the API; optional for definitions written by hand (tests).
   */
  locale: z.string().optional(),
  /** What visitors read as its name (the dialog's title): publicTitle. */
  title: z.string(),
  fields: z.array(fieldSchema),
  /**
   * The consent box, with the version of its text the lead will record: per locale, the hash
   * of the text in that locale (functions/shared/forms/consent.ts consentVersion).
   */
  consent: consentSchema.extend({ version: z.string() }),
  submitLabel: z.string(),
  successMessage: z.string(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

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

/**
 * The built-in forms' titles on German pages (issue 39): a translation's `title` wins; a custom
 * form without one keeps its own.
 */
const BUILT_IN_PUBLIC_TITLES_DE: Record<BuiltInForm, string> = {
  'demo-request': 'Demo anfordern',
  'pricing-request': 'Preisinformationen anfordern',
  contact: 'Schreiben Sie uns',
  'pilot-request': 'Kostenlose Testphase anfordern',
};

/** A form's title as visitors read it: a custom form's own, a built-in form's fixed one. */
export const publicTitle = (id: string, form: Pick<FormDefinition, 'title'>): string =>
  isBuiltInForm(id) ? BUILT_IN_PUBLIC_TITLES[id] : form.title;

/** A form's public definition in `locale` (the default locale's when none is asked for). */
export async function publicForm(
  id: string,
  form: FormDefinition,
  locale: string = DEFAULT_LOCALE,
): Promise<PublicForm> {
  const localized = localizeForm(form, locale);
  const translated = locale === DEFAULT_LOCALE ? undefined : form.translations?.[locale]?.title;
  const german = siteLanguageOf(locale) === 'de' && isBuiltInForm(id);
  return {
    id,
    locale,
    title: translated ?? (german ? BUILT_IN_PUBLIC_TITLES_DE[id] : publicTitle(id, form)),
    fields: localized.fields,
    consent: { ...localized.consent, version: await consentVersion(localized.consent.text) },
    submitLabel: localized.submitLabel,
    successMessage: localized.successMessage,
  };
}
