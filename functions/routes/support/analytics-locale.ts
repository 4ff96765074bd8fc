// The `locale` of an analytics query (docs/decisions/0574-analytics-by-locale.md), as the
// Analytics tab's route (analytics.ts) and the shared dashboard's (shared-analytics.ts) judge
// it: one of the site's locales, or a 400 naming `locale`; on a site with one locale no locale
// counters are kept, so its figures are the site's.
import { ApiError } from '../../lib/errors.ts';

/** The scope to read for `locale` on a site with `locales`: undefined for the whole site's. */
export function reportLocale(
  locales: readonly string[],
  locale: string | undefined,
): string | undefined {
  if (locale === undefined) return undefined;
  if (!locales.includes(locale)) {
    const problem = `is not one of the site's locales (${locales.join(', ')})`;
    throw new ApiError(400, 'validation_failed', `Invalid request: locale ${problem}`, {
      locale: [problem],
    });
  }
  return locales.length < 2 ? undefined : locale;
}
