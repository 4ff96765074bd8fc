// The form editor's Translations section (issue 39, docs/decisions/0570-forms-per-locale.md):
// for one of the site's other locales at a time, each text visitors read (the title, every
// visible field's label, help and options, the consent text, the submit label, the success
// message, the auto-reply) beside the default text it translates. An empty box is not
// translated: visitors of that locale read the default text. The translations are part of the
// definition, saved, reviewed and published with the rest of the form; the rules
// (translation-editing.ts) keep a form without any translation as it was.
import type { ReactNode } from 'react';
import type { FormTranslations } from '../../../../functions/shared/forms/translations.ts';
import { publicTitle } from '../../../../functions/shared/forms/public-form.ts';
import { localeName } from '../../../../functions/shared/locales.ts';
import type { FieldErrors } from '../api.ts';
import { InfoTip, TextField } from '../ui.tsx';
import { SelectField, Section, TextAreaField } from './controls.tsx';
import type { Draft } from './form-editing.ts';
import {
  translatedText,
  translationKey,
  translationLocales,
  withTranslatedText,
  type TranslationPath,
} from './translation-editing.ts';

export interface TranslationsSectionProps {
  /** The form's id: a built-in form's visitors read a fixed title, not its admin name. */
  formId: string;
  draft: Draft;
  /** The site's locales (GET /api/admin/forms/:id `locales`), the default first. */
  locales: readonly string[] | undefined;
  /** The locale being translated (one of the non-default ones). */
  locale: string | undefined;
  onLocale: (locale: string) => void;
  errors: FieldErrors;
  onChange: (translations: FormTranslations | undefined) => void;
}

/** The keys this section shows beside an input (the form editor lists every other error above). */
export const shownTranslationKey = (locale: string | undefined) => (key: string) =>
  locale !== undefined &&
  key.startsWith(`translations.${locale}.`) &&
  /\.(label|help|text|title|submitLabel|successMessage|subject|body)$|\.options\.[^.]+$/.test(key);

export function TranslationsSection(props: TranslationsSectionProps) {
  const { draft, errors } = props;
  const others = translationLocales(props.locales);
  const locale = props.locale && others.includes(props.locale) ? props.locale : others[0];
  const description = (
    <span className="inline-flex items-center gap-1.5">
      The texts visitors read on the site&apos;s other language versions, beside the default ones.
      <InfoTip about="translations">
        An empty box is not translated: visitors of that language read the default text. The
        translations are part of the form, saved, reviewed and published with it; a consent text in
        another language has a version of its own, which each lead keeps.
      </InfoTip>
    </span>
  );
  if (!locale) {
    return (
      <Section title="Translations" id="translations-section-heading" description={description}>
        <p className="text-sm text-slate-700" data-testid="no-translations">
          The site has one language, {localeName(props.locales?.[0] ?? 'en-US', 'en')}. An admin
          adds others in the settings; then their texts are edited here.
        </p>
      </Section>
    );
  }
  const language = localeName(locale, 'en');
  const translations = draft.translations;
  const text = (path: TranslationPath) => translatedText(translations, locale, path);
  const set = (path: TranslationPath) => (value: string) =>
    props.onChange(withTranslatedText(translations, locale, path, value));
  const errorsOf = (path: TranslationPath) => errors[translationKey(locale, path)];

  const row = (what: string, original: string, path: TranslationPath, long = false): ReactNode => (
    <div
      key={path.join('.')}
      className="grid grid-cols-1 gap-2 border-t border-slate-100 pt-3 sm:grid-cols-2 sm:gap-4"
      data-testid="translation-row"
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800">{what}</p>
        <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-700">
          {original || <span className="text-slate-600">(empty)</span>}
        </p>
      </div>
      {long ? (
        <TextAreaField
          label={`${what} in ${language}`}
          value={text(path)}
          rows={4}
          lang={locale}
          onChange={(event) => set(path)(event.target.value)}
          errors={errorsOf(path)}
        />
      ) : (
        <TextField
          label={`${what} in ${language}`}
          value={text(path)}
          lang={locale}
          onChange={(event) => set(path)(event.target.value)}
          errors={errorsOf(path)}
        />
      )}
    </div>
  );

  const visible = draft.fields.map(({ field }) => field).filter((field) => field.type !== 'hidden');
  return (
    <Section title="Translations" id="translations-section-heading" description={description}>
      {others.length > 1 && (
        <SelectField
          label="Language"
          value={locale}
          onChange={(event) => props.onLocale(event.target.value)}
        >
          {others.map((code) => (
            <option key={code} value={code}>
              {localeName(code, 'en')} ({code})
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid grid-cols-1 gap-3" data-testid="translations" data-locale={locale}>
        <p className="text-sm text-slate-700">
          Each default text (English) with its {language} ({locale}) translation beside it, or below
          it on a narrow screen.
        </p>
        {row('Title for visitors', publicTitle(props.formId, draft), ['title'])}
        {visible.map((field) => (
          <div key={field.name} className="grid grid-cols-1 gap-3">
            {row(`Field "${field.name}": label`, field.label, ['fields', field.name, 'label'])}
            {field.help
              ? row(`Field "${field.name}": help`, field.help, ['fields', field.name, 'help'])
              : null}
            {field.options?.map((option) =>
              row(`Field "${field.name}": option ${option.value}`, option.label, [
                'fields',
                field.name,
                'options',
                option.value,
              ]),
            )}
          </div>
        ))}
        {draft.consent.text
          ? row('Consent text', draft.consent.text, ['consent', 'text'], true)
          : null}
        {row('Submit button', draft.submitLabel, ['submitLabel'])}
        {row('Success message', draft.successMessage, ['successMessage'])}
        {draft.autoReply.enabled ? (
          <>
            {row('Auto-reply subject', draft.autoReply.subject, ['autoReply', 'subject'])}
            {row('Auto-reply message', draft.autoReply.body, ['autoReply', 'body'], true)}
          </>
        ) : null}
      </div>
    </Section>
  );
}
