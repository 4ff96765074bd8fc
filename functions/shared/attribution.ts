// Where a visit came from (the referrer's host, the UTM tags), as the browser works it out:
// no zod here, because the landing page's first-paint script imports this (a few hundred
// bytes instead of zod). The API checks the same rules with attributionSchema in events.ts,
// which builds on the constants below; events.test.ts holds the two to each other.

/** Longest UTM value kept; longer ones are cut by the browser and refused by the API. */
export const UTM_MAX_LENGTH = 100;
/** A DNS name is at most 253 characters. */
export const HOST_MAX_LENGTH = 253;

export const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
// Control characters (C0, DEL, C1) never belong in a tag, and would break CSV and logs.
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Where a visit came from: sent with a page view and with a contact submission. */
export interface Attribution {
  referrerHost?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
}

/**
 * The attribution of the visit the browser is on: the referrer's host when it is another
 * site (a link inside our own site is not a source; `www.` dropped), and the page URL's
 * UTM tags, each cut to its maximum. Undefined when there is nothing to say, so the wire
 * stays docs/requirements.md §7's {landingPageId, eventType} for a direct visit.
 */
export function attributionFrom(
  referrer: string,
  search: string,
  ownHost: string,
): Attribution | undefined {
  const result: Attribution = {};
  try {
    const host = referrer ? new URL(referrer).hostname.toLowerCase().trim() : '';
    if (
      host &&
      host !== ownHost.toLowerCase() &&
      host.length <= HOST_MAX_LENGTH &&
      HOST.test(host)
    ) {
      result.referrerHost = host.replace(/^www\./, '');
    }
  } catch {
    // Not a URL (an app's referrer, say): no source.
  }
  const params = new URLSearchParams(search);
  const tag = (name: string) => {
    const value = (params.get(name) ?? '').replace(CONTROL_ALL, '').trim().slice(0, UTM_MAX_LENGTH);
    return value.trim() || undefined;
  };
  const utmSource = tag('utm_source');
  const utmMedium = tag('utm_medium');
  const utmCampaign = tag('utm_campaign');
  if (utmSource) result.utmSource = utmSource;
  if (utmMedium) result.utmMedium = utmMedium;
  if (utmCampaign) result.utmCampaign = utmCampaign;
  return Object.keys(result).length ? result : undefined;
}

/** Names the counters keep for themselves (functions/data/event-counters.ts), never a source. */
const RESERVED_SOURCES: ReadonlySet<string> = new Set(['(direct)', '(other)', '(slots)']);

/**
 * The source a visit counts under (docs/decisions/0410-sources-by-utm-source.md), as Plausible
 * resolves it: the `utm_source` tag's value when the address has one (as tagged: trimmed, its
 * case kept), else the referrer's host, else none (Direct). A tag that spells one of the
 * counters' own names, `(direct)` say, is no tag.
 */
export function visitSource(attribution: Attribution | undefined): string | undefined {
  const tag = attribution?.utmSource?.trim();
  if (tag && !RESERVED_SOURCES.has(tag)) return tag;
  return attribution?.referrerHost || undefined;
}
