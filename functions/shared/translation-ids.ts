// The ids and slugs of a landing page's versions in other locales (issue 39,
// docs/decisions/0573-pages-per-locale.md), without schemas: the page repository, which the
// public function loads, reads them.
//
// A version in a locale is stored as a page of its own whose id is `<page id>.<locale>` (a page
// id has no dot, so no other page can have it and the default locale's routes refuse it), and
// whose slug is its public path without the leading slash (`de/datenaustausch-webinar`), so
// slug reservation, redirects and the live-slug keys work on its real address.

/** The id of page `pageId`'s version in `locale`. */
export const translationId = (pageId: string, locale: string) => `${pageId}.${locale}`;

/** A page id of a version in another locale (`<page id>.<locale>`). */
export const isTranslationId = (id: string) => id.includes('.');

/** The page and the locale of a translation's id; undefined for any other id. */
export function splitTranslationId(id: string): { pageId: string; locale: string } | undefined {
  const dot = id.indexOf('.');
  if (dot < 1) return undefined;
  return { pageId: id.slice(0, dot), locale: id.slice(dot + 1) };
}

/**
 * A stored id as the page's id and its version's locale, `defaultLocale` for the page itself
 * (the webhook payloads name them apart: functions/shared/webhooks.ts).
 */
export function versionOf(id: string, defaultLocale: string): { id: string; locale: string } {
  const split = splitTranslationId(id);
  return split ? { id: split.pageId, locale: split.locale } : { id, locale: defaultLocale };
}

/** The stored slug of a version: its path under the locale's prefix (`de/webinar`). */
export const storedSlug = (prefix: string, slug: string) => `${prefix}/${slug}`;

/** The localized slug of a stored one (`de/webinar` -> `webinar`). */
export const localSlugOf = (stored: string) => stored.slice(stored.indexOf('/') + 1);

/** A version or working copy as the API shows it: its slug localized (without the prefix). */
export const withLocalSlug = <T extends { slug: string }>(copy: T): T => ({
  ...copy,
  slug: localSlugOf(copy.slug),
});
