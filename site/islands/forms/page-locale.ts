// The locale a public page speaks (issue 39, docs/decisions/0570-forms-per-locale.md): its
// `<html lang>`, which the layouts set per page (`de-DE` on German pages). Anything that is not
// a BCP 47 code with a language and a region (`de-DE`, `en-GB`) reads as the default, en-US.
// Tiny and without the dictionary (./form-messages.ts): the landing page's first script
// imports it through ./load-form.ts.

/** The default locale (functions/shared/locales.ts DEFAULT_LOCALE, not imported: it pulls zod). */
export const DEFAULT_PAGE_LOCALE = 'en-US';

const LOCALE = /^[a-z]{2,3}-[A-Z]{2}$/;

/** `lang` as a locale: itself when it is a canonical language-region code, else en-US. */
export function localeOfLang(lang: string | null | undefined): string {
  const value = (lang ?? '').trim();
  return LOCALE.test(value) ? value : DEFAULT_PAGE_LOCALE;
}

/** The page's locale (en-US where there is no document: the build's prerender). */
export function pageLocale(): string {
  return typeof document === 'undefined'
    ? DEFAULT_PAGE_LOCALE
    : localeOfLang(document.documentElement.getAttribute('lang'));
}

/** The languages the forms' own words are written in (./form-messages.ts). */
export type FormLanguage = 'en' | 'de';

/** The words a locale's page gets: German for `de-*`, English for every other. */
export const formLanguage = (locale: string): FormLanguage =>
  locale.toLowerCase().startsWith('de-') ? 'de' : 'en';
