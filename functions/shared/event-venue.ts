// An event block's venue (functions/shared/block-fields.ts, `event`: venueName … venueCountry)
// and its online address, read the same way by the page (site/islands/landing/blocks/event/
// renderer.tsx: the "Where" line and the schema.org Place) and the calendar file (ics.ts: its
// LOCATION and URL). docs/decisions/0565-event-venue-and-navigation.md.
import type { BlockOf } from './blocks.ts';

export interface Venue {
  name: string;
  street?: string | undefined;
  postalCode?: string | undefined;
  city: string;
  /** ISO 3166-1 alpha-2, e.g. DE. */
  country: string;
}

type VenueFields = Pick<
  BlockOf<'event'>,
  'venueName' | 'venueStreet' | 'venuePostalCode' | 'venueCity' | 'venueCountry'
>;

/**
 * The block's venue, or none. The schema (eventVenueCheck) asks for name, city and country
 * together; a venue without them is none here, so nothing half-filled reaches a PostalAddress.
 */
export function venueOf(block: VenueFields): Venue | undefined {
  const { venueName: name, venueCity: city, venueCountry: country } = block;
  if (!name || !city || !country) return undefined;
  return {
    name,
    street: block.venueStreet || undefined,
    postalCode: block.venuePostalCode || undefined,
    city,
    country,
  };
}

let regions: Intl.DisplayNames | undefined;

/** The English name of a country code ("DE" → "Germany"), or the code when Intl has none. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The venue's parts as written on one line, as stored (dynamic-text tokens and all, for the
 * caller to resolve): name, street, "postal code city", country name. Joined with ", ":
 * "Messe Frankfurt, Hall 3, Ludwig-Erhard-Anlage 1, 60327 Frankfurt am Main, Germany".
 */
export function venueParts(venue: Venue): string[] {
  return [
    venue.name,
    ...(venue.street ? [venue.street] : []),
    venue.postalCode ? `${venue.postalCode} ${venue.city}` : venue.city,
    countryName(venue.country),
  ];
}
