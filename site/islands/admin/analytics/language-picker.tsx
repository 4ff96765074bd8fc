// The Language filter of the analytics figures (issue 39,
// docs/decisions/0574-analytics-by-locale.md): the Analytics tab's and the shared dashboard's
// (site/islands/shared/shared-dashboard.tsx), shown when the site has more than one locale, and
// the sentence either shows when the language asked for is no longer the site's.
import { useId } from 'react';
import { localeName } from '../../../../functions/shared/locales.ts';
import { InfoTip, inputClass } from '../ui.tsx';

/** Its figures are the pages read in the chosen language (their `<html lang>`), all pages together. */
export function LanguagePicker({
  locales,
  locale,
  onChange,
}: {
  locales: string[];
  locale: string | undefined;
  onChange: (locale: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-48">
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Language
        </label>
        <InfoTip about="the Language filter">
          The visitors, page views, clicks and leads of pages read in this language, across all
          pages (choosing a language shows all pages). Counted since the site had a second language.
          The funnel, the goals and the pages not found stay the whole site&apos;s.
        </InfoTip>
      </div>
      <select
        id={id}
        value={locale ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className={inputClass}
      >
        <option value="">All languages</option>
        {!locale || locales.includes(locale) ? null : <option value={locale}>{locale}</option>}
        {locales.map((code) => (
          <option key={code} value={code}>
            {localeName(code, 'en')} ({code})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The 400 on `locale` as a sentence, with the way back to every language's figures. */
export function LanguageGone({ onAll }: { onAll: () => void }) {
  return (
    <p className="mt-1 text-sm">
      The site no longer has this language: choose another one, or all languages.{' '}
      <button type="button" className="font-medium underline" onClick={onAll}>
        Show all languages
      </button>
    </p>
  );
}
