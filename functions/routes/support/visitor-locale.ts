// The locale a visitor's request names (issue 39, docs/decisions/0570-forms-per-locale.md):
// GET /api/forms/:formId?locale= and POST /api/contact's `locale`; and the locale whose
// analytics figures an event or a lead counts in (docs/decisions/0574-analytics-by-locale.md).
import type { VisitorServices } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';

/**
 * The locale a visitor's request names (`locale`), checked: a BCP 47 code (the request's
 * schema refused anything else) that is one of the site's `locales` setting
 * (functions/shared/workflow.ts); the default locale when none is named. A 400 names `locale`.
 */
export async function visitorLocale(
  services: Pick<VisitorServices, 'workflow'>,
  locale: string | undefined,
): Promise<string> {
  if (locale === undefined || locale === DEFAULT_LOCALE) return DEFAULT_LOCALE;
  const { locales } = await services.workflow.settings();
  if (!locales.includes(locale)) {
    const problem = `is not one of the site's locales (${locales.join(', ')})`;
    throw new ApiError(400, 'validation_failed', `Invalid request: locale ${problem}`, {
      locale: [problem],
    });
  }
  return locale;
}

/**
 * The locale scope an event or a lead counts in (docs/decisions/0574-analytics-by-locale.md):
 * none on a site with one locale (its figures are the site's); else `locale` when the site has
 * it configured, and the default locale for anything else (an old script or cached page sends
 * none; a visitor's made-up code must not create a scope). The setting is read through the
 * event repository's per-process cache (functions/data/events/locales.ts: the conversion
 * route is a cold route of the public function, which has no workflow service yet).
 */
export async function countedLocale(
  services: Pick<VisitorServices, 'events'>,
  locale: string | undefined,
): Promise<string | undefined> {
  const locales = await services.events.siteLocales();
  if (locales.length < 2) return undefined;
  return locale !== undefined && locales.includes(locale) ? locale : DEFAULT_LOCALE;
}
