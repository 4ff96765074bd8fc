// The build's locales (the `locales` setting, read once per build through
// functions/site-data/store.ts) and the alternates of the pages every locale may have: what
// the layouts, the header and the German routes ask (issue 39). The computation is
// site/lib/locale-paths.ts; this module only reads.
import { readLocales } from '../../functions/site-data/store.ts';
import { DEFAULT_SLUG } from '../../functions/shared/slug.ts';
import { activePages } from './landing-data.ts';
import { siteText } from '../i18n/index.ts';
import { localizedNav } from './nav.ts';
import {
  TRANSLATED_MARKETING_PATHS,
  chromeLink,
  landingAlternates,
  marketingAlternates,
  type Alternate,
  type TranslatedMarketingPath,
} from './locale-paths.ts';

let cached: Promise<string[]> | undefined;

/** The configured locales, en-US first (only en-US without a store). */
export function siteLocales(): Promise<string[]> {
  cached ??= readLocales();
  return cached;
}

const isTranslatedMarketing = (path: string): path is TranslatedMarketingPath =>
  (TRANSLATED_MARKETING_PATHS as readonly string[]).includes(path);

/**
 * A function giving the alternates of an English site path: the translated marketing pages',
 * the home page's (the default landing page's translations), none for every other page.
 */
export async function alternatesResolver(): Promise<(path: string) => Alternate[]> {
  const locales = await siteLocales();
  const home = (await activePages()).find((page) => page.slug === DEFAULT_SLUG);
  const homeAlternates = home ? landingAlternates(home, locales) : [];
  return (path) => {
    if (isTranslatedMarketing(path)) return marketingAlternates(path, locales);
    if (path === '/') return homeAlternates;
    return [];
  };
}

/** The header's and footer's text and menus on a page in `locale`. */
export async function chromeFor(locale: string) {
  const alternatesOf = await alternatesResolver();
  const text = siteText(locale);
  return { text, nav: localizedNav(text, (path) => chromeLink(path, locale, alternatesOf)) };
}
