// The site's own text by locale (issue 39) and the Intl formats of dates and numbers. A locale
// speaks its language's text (`de-AT` reads site/i18n/de.ts); functions/shared/locales.ts
// accepts only locales whose language is here (SITE_LANGUAGES).
import {
  DEFAULT_LOCALE,
  siteLanguageOf,
  type SiteLanguage,
} from '../../functions/shared/locales.ts';
import { en, type SiteText } from './en.ts';
import { de } from './de.ts';

export type { SiteText };

const TEXTS: Record<SiteLanguage, SiteText> = { en, de };

/** The site's text for a locale (English for one the site has no text in). */
export function siteText(locale: string = DEFAULT_LOCALE): SiteText {
  return TEXTS[siteLanguageOf(locale) ?? 'en'];
}

/** Central European time, where the German pages' events are dated unless told otherwise. */
const ZONES: Partial<Record<SiteLanguage, string>> = { de: 'Europe/Berlin' };

/**
 * A date and time as a sentence part in the locale: "Dienstag, 16. März 2027, 16:00 MEZ",
 * "Tuesday, March 16, 2027, 11:00 AM EDT". `timeZone` defaults to the locale's language zone
 * (Europe/Berlin for German, America/New_York otherwise).
 */
export function formatDateTime(locale: string, date: Date | string, timeZone?: string): string {
  const zone = timeZone ?? ZONES[siteLanguageOf(locale) ?? 'en'] ?? 'America/New_York';
  const when = typeof date === 'string' ? new Date(date) : date;
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(when);
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: zone,
  }).format(when);
  return `${day}, ${time}`;
}

/** A calendar date in the locale: "16. März 2027", "March 16, 2027". */
export function formatDate(locale: string, date: Date | string, timeZone = 'UTC'): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(when);
}

/** A number in the locale: 2500 -> "2.500" (de-DE), "2,500" (en-US). */
export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(locale, options).format(value);
}
