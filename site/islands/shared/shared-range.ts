// A shared dashboard's address (issue 25): `/shared/analytics?token=<id>.<signature>`, plus
// `&from=&to=` once the viewer picks a range, so a reload or a bookmark keeps it. The link an
// administrator sends has no range: it opens on the last 28 days up to today.
import { analyticsQuerySchema } from '../../../functions/shared/analytics.ts';
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
}

/** What an address asks for; a missing or unusable range is the default one. */
export function readSharedLocation(search: string, now: Date = new Date()): SharedLocation {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const asked = analyticsQuerySchema.safeParse({ from: params.get('from'), to: params.get('to') });
  return {
    token: token && TOKEN.test(token) ? token : null,
    range: asked.success
      ? { from: asked.data.from, to: asked.data.to }
      : presetRange(DEFAULT_SHARED_DAYS, now),
  };
}

/** The page's own address for a range (written with history.replaceState). */
export function sharedPageUrl(token: string, range: DayRange): string {
  return `/shared/analytics?${new URLSearchParams({ token, ...range })}`;
}

/** The public API's address for a token and a range. */
export function sharedApiUrl(token: string, range: DayRange): string {
  return `/api/shared/analytics/${encodeURIComponent(token)}?${new URLSearchParams({ ...range })}`;
}

/** The preset a range is (the last N days up to today), if it is one. */
export function presetOf(range: DayRange, now: Date = new Date()): SharedRange | undefined {
  if (range.to !== utcToday(now)) return undefined;
  return SHARED_RANGES.find((days) => presetRange(days, now).from === range.from);
}
