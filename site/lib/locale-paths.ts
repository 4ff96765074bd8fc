// Which URL a page has in each locale, and so its alternates (issue 39,
// docs/decisions/0571-site-locales.md). Pure: the routes, the layouts' hreflang links, the
// header's switcher and the sitemap all compute from here, so they cannot disagree.
//
// - The default locale (en-US) keeps today's URLs.
// - The translated marketing pages (TRANSLATED_MARKETING_PATHS) exist at /<prefix><path> for
//   every configured locale whose language has their copy (German).
// - A landing page exists in a locale when the build lists a live translation of it
//   (BuildPage.translations): at /<prefix>/<localized slug>, the default page at /<prefix>.
import type { BuildPage, BuildTranslation } from '../../functions/site-data/store.ts';
import {
  DEFAULT_LOCALE,
  localePrefixes,
  siteLanguageOf,
  type SiteLanguage,
} from '../../functions/shared/locales.ts';
import { DEFAULT_SLUG, RESERVED_SLUGS, publicPath } from '../../functions/shared/slug.ts';

/** One locale's URL of a page (a site path, `/de/pricing`). */
export interface Alternate {
  locale: string;
  path: string;
}

/** The marketing pages with copy in other languages than English (site/i18n/pricing.ts, contact.ts). */
export const TRANSLATED_MARKETING_PATHS = ['/pricing', '/contact'] as const;
export type TranslatedMarketingPath = (typeof TRANSLATED_MARKETING_PATHS)[number];

/** The languages the marketing pages above are written in besides English. */
export const MARKETING_LANGUAGES: readonly SiteLanguage[] = ['de'];

/** A path under a locale prefix; the prefix's home is `/<prefix>` (the site has no trailing slashes). */
export function prefixedPath(prefix: string, path: string): string {
  const rest = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!prefix) return `/${rest}`;
  return rest ? `/${prefix}/${rest}` : `/${prefix}`;
}

/** The configured locales, other than the default, that the translated marketing pages speak. */
export function marketingLocales(locales: readonly string[]): string[] {
  return locales.filter((locale) => {
    const language = siteLanguageOf(locale);
    return (
      locale !== DEFAULT_LOCALE && language !== undefined && MARKETING_LANGUAGES.includes(language)
    );
  });
}

/**
 * A translated marketing page's URLs: en-US first, then each marketing locale. Only the English
 * one (so no alternates) when no such locale is configured.
 */
export function marketingAlternates(
  path: TranslatedMarketingPath,
  locales: readonly string[],
): Alternate[] {
  const prefixes = localePrefixes(locales);
  return [
    { locale: DEFAULT_LOCALE, path },
    ...marketingLocales(locales).map((locale) => ({
      locale,
      path: prefixedPath(prefixes[locale]!, path),
    })),
  ];
}

/** The URL of a landing page's translation: `/<prefix>/<slug>`, the default page's `/<prefix>`. */
export function translationPath(
  page: Pick<BuildPage, 'slug'>,
  translation: BuildTranslation,
): string {
  return prefixedPath(translation.prefix, page.slug === DEFAULT_SLUG ? '' : translation.slug);
}

/**
 * The live translations of a page that the site builds: in a configured locale other than the
 * default, once per locale, with a slug that is not a reserved path.
 */
export function builtTranslations(
  page: Pick<BuildPage, 'slug' | 'translations'>,
  locales: readonly string[],
): BuildTranslation[] {
  const seen = new Set<string>();
  return (page.translations ?? []).filter((translation) => {
    if (translation.locale === DEFAULT_LOCALE || !locales.includes(translation.locale))
      return false;
    if (seen.has(translation.locale)) return false;
    if (
      page.slug !== DEFAULT_SLUG &&
      (!translation.slug ||
        RESERVED_SLUGS.has(translation.slug) ||
        (TRANSLATED_MARKETING_PATHS as readonly string[]).includes(`/${translation.slug}`))
    ) {
      return false;
    }
    seen.add(translation.locale);
    return true;
  });
}

/** A landing page's URLs: its default one first, then each built translation's. */
export function landingAlternates(
  page: Pick<BuildPage, 'slug' | 'translations'>,
  locales: readonly string[],
): Alternate[] {
  return [
    { locale: DEFAULT_LOCALE, path: publicPath(page.slug) },
    ...builtTranslations(page, locales).map((translation) => ({
      locale: translation.locale,
      path: translationPath(page, translation),
    })),
  ];
}

/** One `<link rel="alternate">`: its hreflang (a locale or `x-default`) and absolute URL. */
export interface HreflangLink {
  hreflang: string;
  href: string;
}

/**
 * The hreflang links of a page with these alternates: one per locale and `x-default` (the
 * en-US URL). None when the page exists in one locale only.
 */
export function hreflangLinks(
  alternates: readonly Alternate[],
  site: URL | string,
): HreflangLink[] {
  if (alternates.length < 2) return [];
  const links = alternates.map(({ locale, path }) => ({
    hreflang: locale,
    href: new URL(path, site).href,
  }));
  const fallback = alternates.find(({ locale }) => locale === DEFAULT_LOCALE) ?? alternates[0]!;
  return [...links, { hreflang: 'x-default', href: new URL(fallback.path, site).href }];
}

/**
 * Every page that exists in more than one locale, as its alternates (for the sitemap): the
 * translated marketing pages and each landing page with a built translation.
 */
export function alternateGroups(
  pages: readonly Pick<BuildPage, 'slug' | 'translations'>[],
  locales: readonly string[],
): Alternate[][] {
  const groups: Alternate[][] = [];
  for (const path of TRANSLATED_MARKETING_PATHS) groups.push(marketingAlternates(path, locales));
  for (const page of pages) groups.push(landingAlternates(page, locales));
  return groups.filter((group) => group.length > 1);
}

/**
 * Where a chrome link to the English page `path` goes on a page in `locale`: that locale's
 * version when `alternates` of it (from alternatesOf) list one, else the English page, marked
 * as English (`hreflang="en"` and a visible marker, site/i18n).
 */
export function chromeLink(
  path: string,
  locale: string,
  alternatesOf: (path: string) => readonly Alternate[],
): { href: string; english: boolean } {
  if (locale === DEFAULT_LOCALE) return { href: path, english: false };
  const localized = alternatesOf(path).find((alternate) => alternate.locale === locale);
  return localized ? { href: localized.path, english: false } : { href: path, english: true };
}

/** One translated landing page the site prerenders (site/pages/[locale]/...). */
export interface TranslationEntry {
  /** The locale prefix, the route's `locale` param: `de`. */
  prefix: string;
  /** The localized slug, the route's `slug` param; '' for the default page (at /<prefix>). */
  slug: string;
  /** The version as the landing components render it: the translation's title and content. */
  page: BuildPage;
  locale: string;
  /** The default page and every built translation of it, this one included. */
  alternates: Alternate[];
}

/**
 * Every built translation of these pages. The version keeps the page's id and default slug
 * (its events' .ics files and its analytics are the page's) with the translation's title,
 * content and publication.
 */
export function translationEntries(
  pages: readonly BuildPage[],
  locales: readonly string[],
): TranslationEntry[] {
  return pages.flatMap((page) => {
    if (page.slug !== DEFAULT_SLUG && RESERVED_SLUGS.has(page.slug)) return [];
    const alternates = landingAlternates(page, locales);
    return builtTranslations(page, locales).map((translation) => ({
      prefix: translation.prefix,
      slug: page.slug === DEFAULT_SLUG ? '' : translation.slug,
      locale: translation.locale,
      alternates,
      page: {
        id: page.id,
        slug: page.slug,
        title: translation.title,
        content: translation.content,
        ...(translation.publication ? { publication: translation.publication } : {}),
      },
    }));
  });
}
