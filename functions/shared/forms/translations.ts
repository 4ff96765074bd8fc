// A form's texts in the site's other locales (issue 39, docs/decisions/0570-forms-per-locale.md):
// labels, help, option labels, the consent text, the submit label, the success message and
// the auto-reply, per locale. Part of the definition (functions/shared/forms/definition.ts), so
// a translation is saved, reviewed, signed and published with the rest of the form. A part
// left untranslated falls back to the default locale's text. Part of functions/shared/forms/
// (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { stripControls } from '../contact.ts';
import { DEFAULT_LOCALE, localeSchema } from '../locales.ts';
import { MERGE_MARKS, isMergeField, MERGE_FIELDS } from './auto-reply.ts';
import { oneLineText, type FormField } from './fields.ts';

/** One field's texts in a locale: its label, and its help and option labels if it has them. */
const fieldTranslationSchema = z.strictObject({
  // zod's own message when it is missing (a field with only its help or options translated),
  // which the field errors read as "is required".
  label: z.string().pipe(oneLineText(200)).pipe(z.string().min(1, 'is required')),
  help: oneLineText(300).optional(),
  /** A choice list's option labels by option value (the values stay the same in every locale). */
  options: z
    .record(
      z.string('must be text'),
      oneLineText(200).pipe(z.string().min(1, 'must not be empty')),
      'must be an object of option values and labels',
    )
    .optional(),
});

/** A form's texts in one locale. Every part is optional: what is absent stays in the default text. */
const formTranslationSchema = z.strictObject({
  /** What visitors read as the form's name in this locale (the dialog's title). */
  title: oneLineText(120).pipe(z.string().min(1, 'must not be empty')).optional(),
  fields: z
    .record(z.string('must be text'), fieldTranslationSchema, 'must be an object of field names')
    .default({}),
  consent: z
    .strictObject({
      text: z
        .string('must be text')
        .transform(stripControls)
        .pipe(z.string().trim().min(1, 'is required').max(1000, 'must be at most 1000 characters')),
    })
    .optional(),
  submitLabel: oneLineText(60).pipe(z.string().min(1, 'must not be empty')).optional(),
  successMessage: oneLineText(300).pipe(z.string().min(1, 'must not be empty')).optional(),
  autoReply: z
    .strictObject({
      subject: oneLineText(200).pipe(z.string().min(1, 'is required')),
      body: z
        .string('must be text')
        .transform(stripControls)
        .pipe(z.string().trim().min(1, 'is required').max(5000, 'must be at most 5000 characters')),
    })
    .optional(),
});
export type FormTranslation = z.infer<typeof formTranslationSchema>;

/** `translations`: locale -> texts. The default locale is not a key: its texts are the form's own. */
export const formTranslationsSchema = z.record(
  z.string('must be text'),
  formTranslationSchema,
  'must be an object of locales and their texts',
);
export type FormTranslations = z.infer<typeof formTranslationsSchema>;

/** The parts of a definition the translations are checked against. */
interface Translatable {
  fields: readonly Pick<FormField, 'name' | 'type' | 'options'>[];
  consent: { text: string };
  autoReply: { enabled: boolean };
}

/**
 * The rules that hold between the translations and the form: each key a BCP 47 locale other
 * than the default, each field and option value one of the form's, a consent text only where
 * the form has one, an auto-reply only where the form sends one, and the auto-reply's merge
 * fields as in the default text (functions/shared/forms/definition.ts). Each issue names its
 * path: `translations.de-DE.fields.company`.
 */
export function checkTranslations(
  form: Translatable & { translations?: FormTranslations | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const [locale, translation] of Object.entries(form.translations ?? {})) {
    const at = (...rest: string[]) => ['translations', locale, ...rest];
    const parsed = localeSchema.safeParse(locale);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: at(), message: parsed.error.issues[0]!.message });
      continue;
    }
    if (locale === DEFAULT_LOCALE) {
      ctx.addIssue({
        code: 'custom',
        path: at(),
        message: `is the default locale: its texts are the form's own, not a translation`,
      });
      continue;
    }
    const byName = new Map(form.fields.map((field) => [field.name, field]));
    for (const [name, field] of Object.entries(translation.fields)) {
      const own = byName.get(name);
      if (!own) {
        ctx.addIssue({
          code: 'custom',
          path: at('fields', name),
          message: 'is not a field of this form',
        });
        continue;
      }
      if (own.type === 'hidden') {
        ctx.addIssue({
          code: 'custom',
          path: at('fields', name),
          message: 'is a hidden field: visitors never read its label',
        });
      }
      for (const value of Object.keys(field.options ?? {})) {
        if (!own.options?.some((option) => option.value === value)) {
          ctx.addIssue({
            code: 'custom',
            path: at('fields', name, 'options', value),
            message: own.options
              ? 'is not an option of this field'
              : 'only a choice list has options',
          });
        }
      }
    }
    if (translation.consent && !form.consent.text) {
      ctx.addIssue({
        code: 'custom',
        path: at('consent', 'text'),
        message: 'has no consent box to translate: give the form a consent text first',
      });
    }
    if (translation.autoReply) {
      const inSubject = translation.autoReply.subject.match(MERGE_MARKS);
      if (inSubject) {
        ctx.addIssue({
          code: 'custom',
          path: at('autoReply', 'subject'),
          message: `cannot hold ${inSubject[0]}: merge fields go in the message only, so no visitor's text is ever a subject`,
        });
      }
      for (const match of translation.autoReply.body.matchAll(MERGE_MARKS)) {
        if (!isMergeField(match[1])) {
          ctx.addIssue({
            code: 'custom',
            path: at('autoReply', 'body'),
            message: `{{${match[1]}}} is not a merge field: use ${MERGE_FIELDS.map((name) => `{{${name}}}`).join(' or ')}`,
          });
        }
      }
    }
  }
}

/** The texts a form speaks in one locale: the default ones where a part is not translated. */
interface LocalizableForm {
  fields: FormField[];
  consent: { text: string };
  submitLabel: string;
  successMessage: string;
  autoReply: { enabled: boolean; subject: string; body: string };
  translations?: FormTranslations | undefined;
}

/**
 * The definition in `locale`: each translated text in place of the default one, the rest as
 * it is. The default locale (or one without translations) gives the definition unchanged.
 */
export function localizeForm<T extends LocalizableForm>(form: T, locale: string): T {
  const translation = locale === DEFAULT_LOCALE ? undefined : form.translations?.[locale];
  if (!translation) return form;
  return {
    ...form,
    fields: form.fields.map((field) => {
      const texts = translation.fields[field.name];
      if (!texts) return field;
      return {
        ...field,
        label: texts.label,
        ...(texts.help ? { help: texts.help } : {}),
        ...(field.options
          ? {
              options: field.options.map((option) => ({
                ...option,
                label: texts.options?.[option.value] ?? option.label,
              })),
            }
          : {}),
      };
    }),
    consent: translation.consent
      ? { ...form.consent, text: translation.consent.text }
      : form.consent,
    submitLabel: translation.submitLabel ?? form.submitLabel,
    successMessage: translation.successMessage ?? form.successMessage,
    autoReply: translation.autoReply
      ? { ...form.autoReply, ...translation.autoReply }
      : form.autoReply,
  };
}
