// A shared dashboard's address (issue 25): `/shared/analytics?token=<id>.<signature>`, plus
// `&from=&to=` once the viewer picks a range and `&locale=` once they pick a language (issue
// 39), so a reload or a bookmark keeps them. The link an administrator sends has no range: it
// opens on the last 28 days up to today, every language.
import { analyticsQuerySchema } from '../../../functions/shared/analytics.ts';
import { localeSchema } from '../../../functions/shared/locales.ts';
import { presetRange, utcToday, type DayRange } from '../admin/analytics/format.ts';

/** The ranges a shared dashboard offers, in days up to and including today (UTC). */
export const SHARED_RANGES = [7, 28, 90] as const;
export type SharedRange = (typeof SHARED_RANGES)[number];
export const DEFAULT_SHARED_DAYS: SharedRange = 28;

/** A token as functions/data/analytics-shares.ts makes them: `<uuid>.<base64url HMAC>`. */
const TOKEN = /^[0-9a-f-]{36}\.[\w-]{20,100}$/;

export interface SharedLocation {
  /** The token, or null when the address has none or it cannot be one. */
  token: string | null;
  range: DayRange;
  /** One language's figures (a BCP 47 code); undefined for every language's. */
  locale?: string | undefined;
}

/** What an address asks for; a missing or unusable range is the default one. */
export function readSharedLocation(search: string, now: Date = new Date()): SharedLocation {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const asked = analyticsQuerySchema.safeParse({ from: params.get('from'), to: params.get('to') });
  // A well-formed code is asked for as it is: the API says when the site does not have it.
  const locale = localeSchema.safeParse(params.get('locale'));
  return {
    ...(locale.success ? { locale: locale.data } : {}),
    token: token && TOKEN.test(token) ? token : null,
    range: asked.success
      ? { from: asked.data.from, to: asked.data.to }
      : presetRange(DEFAULT_SHARED_DAYS, now),
  };
}

const withLocale = (locale: string | undefined): Record<string, string> =>
  locale ? { locale } : {};

/** The page's own address for a range and a language (written with history.replaceState). */
export function sharedPageUrl(token: string, range: DayRange, locale?: string): string {
  return `/shared/analytics?${new URLSearchParams({ token, ...range, ...withLocale(locale) })}`;
}

/** The public API's address for a token, a range and a language. */
export function sharedApiUrl(token: string, range: DayRange, locale?: string): string {
  return `/api/shared/analytics/${encodeURIComponent(token)}?${new URLSearchParams({
    ...range,
    ...withLocale(locale),
  })}`;
}

/** The preset a range is (the last N days up to today), if it is one. */
export function presetOf(range: DayRange, now: Date = new Date()): SharedRange | undefined {
  if (range.to !== utcToday(now)) return undefined;
  return SHARED_RANGES.find((days) => presetRange(days, now).from === range.from);
}
