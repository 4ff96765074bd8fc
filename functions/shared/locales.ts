// The locales a site speaks (issue 39, docs/localization.md): BCP 47 codes, the first the
// default (`en-US`, today's URLs), each other one under a URL prefix. Shared by the API (the
// `locales` setting, the per-locale routes), the site build and the admin.
import * as z from 'zod';

/** The default locale: its pages keep the URLs they have. */
export const DEFAULT_LOCALE = 'en-US';

/** The most locales a site may have. */
export const MAX_LOCALES = 12;

/**
 * The languages the site's own text (header, footer, menus, dialogs, form messages, the 404
 * and contact pages) is written in (site/i18n/). A locale is accepted when its language is
 * one of them: `de-AT` speaks the German text.
 */
export const SITE_LANGUAGES = { en: 'English', de: 'German' } as const;
export type SiteLanguage = keyof typeof SITE_LANGUAGES;

/** The language subtag of a locale, lowercased (`de-DE` -> `de`). */
export const languageOf = (locale: string): string => locale.split('-')[0]!.toLowerCase();

/** The site language a locale speaks, or undefined when the site has no text in it. */
export function siteLanguageOf(locale: string): SiteLanguage | undefined {
  const language = languageOf(locale);
  return language in SITE_LANGUAGES ? (language as SiteLanguage) : undefined;
}

/** A locale's name in its own language and in English, for menus ("Deutsch (Deutschland)"). */
export function localeName(locale: string, inLocale: string = locale): string {
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * One BCP 47 code with a language and a region (`de-DE`, `en-GB`, `pt-BR`), written in its
 * canonical form (`de-DE`, not `de-de` or `de_DE`).
 */
export const localeSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(value)[0];
    } catch {
      canonical = undefined;
    }
    if (!canonical || !/^[a-z]{2,3}-[A-Z]{2}$/.test(canonical)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not a BCP 47 locale with a language and a region, like de-DE`,
      });
      return;
    }
    if (canonical !== value) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is written ${canonical}` });
    }
  });

/** The `locales` setting: the default first, each once, every one in a language the site speaks. */
export const localesSchema = z
  .array(localeSchema)
  .min(1, 'lists no locale; the first is en-US')
  .max(MAX_LOCALES, `lists more than ${MAX_LOCALES} locales`)
  .superRefine((locales, ctx) => {
    if (locales.length > 0 && locales[0] !== DEFAULT_LOCALE) {
      ctx.addIssue({ code: 'custom', message: `must start with ${DEFAULT_LOCALE}, the default` });
    }
    const seen = new Set<string>();
    for (const locale of locales) {
      if (seen.has(locale)) ctx.addIssue({ code: 'custom', message: `lists ${locale} twice` });
      seen.add(locale);
      if (!siteLanguageOf(locale)) {
        ctx.addIssue({
          code: 'custom',
          message: `${locale}: the site has no text in ${localeName(languageOf(locale), 'en')} for its header, footer and forms (it speaks ${Object.values(SITE_LANGUAGES).join(' and ')})`,
        });
      }
    }
  });

export const DEFAULT_LOCALES: string[] = [DEFAULT_LOCALE];

/**
 * The URL prefix of each locale: '' for the default; the language subtag lowercased (`de`), or
 * the whole code lowercased when two locales share a language (`de-de`, `de-at`).
 */
export function localePrefixes(locales: readonly string[]): Record<string, string> {
  const byLanguage = new Map<string, number>();
  for (const locale of locales) {
    byLanguage.set(languageOf(locale), (byLanguage.get(languageOf(locale)) ?? 0) + 1);
  }
  return Object.fromEntries(
    locales.map((locale, index) => [
      locale,
      index === 0 && locale === DEFAULT_LOCALE
        ? ''
        : byLanguage.get(languageOf(locale))! > 1
          ? locale.toLowerCase()
          : languageOf(locale),
    ]),
  );
}

/** A locale's prefix in `locales` (throws for one it does not list: a programming error). */
export function localePrefix(locales: readonly string[], locale: string): string {
  const prefix = localePrefixes(locales)[locale];
  if (prefix === undefined) throw new Error(`${locale} is not one of the site's locales`);
  return prefix;
}

/** The public path of a slug in a locale: `/de/datenaustausch-webinar`, `/pricing` for en-US. */
export function localizedPath(prefix: string, path: string): string {
  const rest = path.replace(/^\/+/, '');
  if (!prefix) return `/${rest}`;
  return rest ? `/${prefix}/${rest}` : `/${prefix}/`;
}

/** The `og:locale` form of a locale (`de_DE`). */
export const ogLocale = (locale: string) => locale.replace('-', '_');
