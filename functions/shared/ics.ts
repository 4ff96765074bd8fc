// The "Add to calendar" file of an event block (functions/shared/blocks.ts, `event`): an
// iCalendar object (RFC 5545) with one VEVENT, written at build time by
// site/pages/calendar/[slug]/[block].ics.ts. Pure text building, no I/O, so ics.test.ts can
// hold it to a hand-checked file. What RFC 5545 asks and this module does:
// - lines end with CRLF, the file too (§3.1);
// - lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8
//   character (§3.1);
// - TEXT values escape `\`, `;`, `,` and newlines (`\n`); other control characters are
//   not allowed and are dropped (§3.3.11);
// - DTSTART, DTEND and DTSTAMP in UTC with `Z` (§3.3.5, form #2), so no VTIMEZONE is
//   needed; UID is stable across builds so a re-import updates the entry (§3.8.4.7);
// - a whole day is a DATE value (§3.3.4) ending the next day; an instant has no DTEND (a
//   zero duration, §3.6.1). The content calendar's feed has both (functions/data/calendar/feed-ics.ts).
import type { BlockOf } from './blocks.ts';
import { eventSpan } from './event-time.ts';
import { withFallbacks } from './dynamic-text.ts';
import { venueOf, venueParts } from './event-venue.ts';

const CRLF = '\r\n';
/** RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break." */
export const MAX_LINE_OCTETS = 75;

export interface IcsEvent {
  /** Globally unique and the same on every build: `<blockId>.<slug>@<site host>`. */
  uid: string;
  start: Date;
  /** None for an instant (a scheduled publish): a zero duration (§3.6.1). */
  end?: Date | undefined;
  /** A whole UTC day (`start`'s): DATE values, DTEND the next day. */
  allDay?: boolean | undefined;
  /** When this file was made. */
  stamp: Date;
  summary: string;
  description?: string | undefined;
  location?: string | undefined;
  /** The event's own address (absolute): where to join it online, else the page it is on. */
  url?: string | undefined;
}

/** A TEXT value (§3.3.11): `\`, `;`, `,` and newlines escaped, other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // Controls but tab and newline (already LF) cannot be in a TEXT value.
      // eslint-disable-next-line no-control-regex -- matching them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[\\;,]/g, (char) => `\\${char}`)
      .replace(/\n/g, '\\n')
  );
}

/** A DATE (§3.3.4) of `instant`'s UTC day: `20260314`. */
export const utcDate = (instant: Date): string =>
  instant.toISOString().slice(0, 10).replace(/-/g, '');

/** DTSTART and DTEND of an event: UTC times, or the DATE of a whole day and the next. */
function eventTimes(event: IcsEvent): string[] {
  if (event.allDay) {
    const next = new Date(event.start.getTime() + 86_400_000);
    return [`DTSTART;VALUE=DATE:${utcDate(event.start)}`, `DTEND;VALUE=DATE:${utcDate(next)}`];
  }
  return [
    `DTSTART:${utcDateTime(event.start)}`,
    ...(event.end ? [`DTEND:${utcDateTime(event.end)}`] : []),
  ];
}

/** A UTC DATE-TIME (§3.3.5, form #2): `20260314T150000Z`. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * One content line folded to at most 75 octets a line (§3.1): each continuation starts with
 * one space, which counts toward its 75. Splits fall between characters, never inside one.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = octets(char);
    if (size + width > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += width;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** A VCALENDAR with the events, as the file's text (CRLF line ends, folded). */
export function icsCalendar(events: readonly IcsEvent[], productId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcDateTime(event.stamp)}`,
      ...eventTimes(event),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      // A URI value (§3.3.13): not escaped; a URL object's href holds no line break.
      ...(event.url ? [`URL:${event.url}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The product that writes the files (§3.7.3). */
export const PRODUCT_ID = '-//PharmaBridge//Landing page events//EN';

/**
 * The calendar entry of an event block on the page at `pageUrl` (its dynamic text as the
 * fallbacks: the file is the same for every visitor). The description carries the block's
 * description, its agenda and its speakers, so the calendar entry stands on its own; LOCATION is
 * the venue written out, else the location as written; URL where to join online, else the page
 * (whose address the description ends with either way).
 */
export function eventBlockIcs(
  block: BlockOf<'event'>,
  page: { slug: string; url: URL },
  stamp: Date,
): string {
  const span = eventSpan(block);
  const venue = venueOf(block);
  const text = (value: string | undefined) => (value ? withFallbacks(value) : undefined);
  const agenda = block.agenda.map(
    (item) =>
      `${item.time} ${withFallbacks(item.title)}${item.description ? `: ${withFallbacks(item.description)}` : ''}`,
  );
  const speakers = block.speakers.map(
    (speaker) =>
      `${withFallbacks(speaker.name)}${speaker.title ? `, ${withFallbacks(speaker.title)}` : ''}`,
  );
  const description = [
    text(block.description),
    agenda.length > 0 ? ['Agenda', ...agenda].join('\n') : undefined,
    speakers.length > 0 ? ['Speakers', ...speakers].join('\n') : undefined,
    page.url.href,
  ]
    .filter(Boolean)
    .join('\n\n');
  return icsCalendar(
    [
      {
        uid: `${block.id}.${page.slug}@${page.url.hostname}`,
        start: span.start,
        end: span.end,
        stamp,
        summary: withFallbacks(block.title),
        description,
        location: venue ? venueParts(venue).map(withFallbacks).join(', ') : text(block.location),
        url: block.onlineUrl ?? page.url.href,
      },
    ],
    PRODUCT_ID,
  );
}

/** Where a page's event block's file is served (the endpoint's route). */
export const calendarPath = (slug: string, blockId: string) => `/calendar/${slug}/${blockId}.ics`;
