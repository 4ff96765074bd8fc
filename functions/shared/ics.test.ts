// The event block's .ics text (ics.ts) against RFC 5545: escaping of TEXT values, folding
// at 75 octets without splitting a UTF-8 character, UTC times, CRLF everywhere, and one
// whole file compared with a text checked by hand. (Python's `icalendar` package is not
// installed here, so the file's structure is checked below instead: every line CRLF-ended
// and at most 75 octets, components balanced, the required properties once each.)
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { BlockOf } from './blocks.ts';
import {
  calendarPath,
  escapeText,
  eventBlockIcs,
  foldLine,
  icsCalendar,
  MAX_LINE_OCTETS,
  utcDateTime,
} from './ics.ts';

const octets = (text: string) => new TextEncoder().encode(text).length;
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const BLOCK: BlockOf<'event'> = {
  id: 'spring-webinar',
  type: 'event',
  title: 'Spring webinar: clean data, at the source; live',
  // Inside the hour Berlin skips on 29 March 2026: read as 03:30 CEST (event-time.ts).
  startsAt: '2026-03-29T02:30',
  timeZone: 'Europe/Berlin',
  durationMinutes: 45,
  location: 'Online, Zoom',
  description: 'Back\\slash and a second line\nhere. Grüße aus Köln — 数据',
  agenda: [
    { time: '03:30', title: 'Welcome' },
    { time: '03:40', title: 'Demo', description: 'Validation at the source' },
  ],
  speakers: [{ name: 'Dana Weber', title: 'Head of Data, PharmaBridge' }, { name: 'Sam Lee' }],
};
const PAGE = { slug: 'spring', url: new URL('https://www.pharmabridge.example/spring') };
const STAMP = new Date('2026-02-01T10:20:30.456Z');

/**
 * Checked by hand: DTSTART 01:30Z is 03:30 CEST, DTEND 45 minutes on; `,` `;` `\` and the
 * newline escaped; the first DESCRIPTION line is 74 octets (ü, ß and ö take two, — and 数
 * three), so 据 (three more) starts the next one after its space; "Spea|kers" and
 * "www.pha|rmabridge" fold at exactly 75 octets.
 */
const GOLDEN = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//PharmaBridge//Landing page events//EN',
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
  'BEGIN:VEVENT',
  'UID:spring-webinar.spring@www.pharmabridge.example',
  'DTSTAMP:20260201T102030Z',
  'DTSTART:20260329T013000Z',
  'DTEND:20260329T021500Z',
  'SUMMARY:Spring webinar: clean data\\, at the source\\; live',
  'DESCRIPTION:Back\\\\slash and a second line\\nhere. Grüße aus Köln — 数',
  ' 据\\n\\nAgenda\\n03:30 Welcome\\n03:40 Demo: Validation at the source\\n\\nSpea',
  ' kers\\nDana Weber\\, Head of Data\\, PharmaBridge\\nSam Lee\\n\\nhttps://www.pha',
  ' rmabridge.example/spring',
  'LOCATION:Online\\, Zoom',
  'URL:https://www.pharmabridge.example/spring',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines, and drops other controls', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('tab\tstays, bell\u0007 and null\u0000 go')).toBe(
      'tab\tstays\\, bell and null go',
    );
    // A colon needs no escape in a value.
    expect(escapeText('Q&A: 10:30')).toBe('Q&A: 10:30');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    const exact = `SUMMARY:${'x'.repeat(75 - 8)}`;
    expect(foldLine(exact)).toBe(exact);
    const longer = `${exact}y`;
    expect(foldLine(longer)).toBe(`${exact}\r\n y`);
  });

  it('folds long lines to 75 octets a line, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'0123456789'.repeat(30)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(5);
    for (const [index, part] of lines.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(octets(lines[0]!)).toBe(75);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-octet character', () => {
    // Two-, three- and four-octet characters at every alignment.
    for (const char of ['é', '€', '数', '🎉']) {
      for (let pad = 0; pad < 4; pad++) {
        const line = `SUMMARY:${'a'.repeat(pad)}${char.repeat(60)}`;
        const folded = foldLine(line);
        const decoder = new TextDecoder('utf-8', { fatal: true });
        for (const part of folded.split('\r\n')) {
          expect(octets(part)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
          // Each line on its own is whole UTF-8 (a split character would not decode).
          expect(() => decoder.decode(new TextEncoder().encode(part))).not.toThrow();
          expect(part.includes('\uFFFD')).toBe(false);
        }
        expect(unfold(folded)).toBe(line);
      }
    }
  });
});

describe('the calendar file', () => {
  it('writes UTC times with Z', () => {
    expect(utcDateTime(new Date('2026-03-14T15:00:00.999Z'))).toBe('20260314T150000Z');
  });

  it('matches the hand-checked file for an event block', () => {
    expect(eventBlockIcs(BLOCK, PAGE, STAMP)).toBe(GOLDEN);
  });

  it('is well formed: CRLF lines of at most 75 octets, balanced, required properties once', () => {
    const text = eventBlockIcs(
      {
        ...BLOCK,
        title: `A long title ${'with many words, '.repeat(10)}and {{param:utm_term|you}}`,
      },
      PAGE,
      STAMP,
    );
    expect(text.endsWith('\r\n')).toBe(true);
    // No bare LF or CR: every line break is CRLF.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = text.slice(0, -2).split('\r\n');
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    const lines = unfold(text).slice(0, -2).split('\r\n');
    // name[;params]:value, names in capitals.
    for (const line of lines) expect(line).toMatch(/^[A-Z-]+(;[^:]*)?:/);
    const names = lines.map((line) => line.slice(0, line.indexOf(':')));
    expect(names[0]).toBe('BEGIN');
    expect(lines.filter((line) => line.startsWith('BEGIN:'))).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
    ]);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VEVENT');
    for (const name of ['VERSION', 'PRODID', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY']) {
      expect(
        names.filter((found) => found === name),
        name,
      ).toHaveLength(1);
    }
    // Dynamic text: the fallback, never the token.
    const summary = lines.find((line) => line.startsWith('SUMMARY:'))!;
    expect(summary).toMatch(/and you$/);
    expect(summary).not.toContain('{{');
  });

  it('leaves out what the block does not have, and writes several events', () => {
    const bare = eventBlockIcs(
      { ...BLOCK, location: undefined, description: undefined, agenda: [], speakers: [] },
      PAGE,
      STAMP,
    );
    expect(bare).not.toContain('LOCATION');
    // The description still names the page.
    expect(unfold(bare)).toContain('DESCRIPTION:https://www.pharmabridge.example/spring\r\n');
    const two = icsCalendar(
      [1, 2].map((n) => ({
        uid: `e${n}@x`,
        start: STAMP,
        end: STAMP,
        stamp: STAMP,
        summary: `Event ${n}`,
      })),
      'P',
    );
    expect(two.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(two).not.toContain('DESCRIPTION');
  });

  it('places the event at its venue, written out, and links where to join online', () => {
    const text = eventBlockIcs(
      {
        ...BLOCK,
        location: 'Hall 3',
        venueName: 'Messe Frankfurt, Hall 3',
        venueStreet: 'Ludwig-Erhard-Anlage 1',
        venuePostalCode: '60327',
        venueCity: 'Frankfurt am Main',
        venueCountry: 'DE',
        onlineUrl: 'https://www.pharmabridge.example/webinars/spring?ref=ics',
      },
      PAGE,
      STAMP,
    );
    // Read back by ical.js, a parser nobody here wrote (as functions/routes/calendar.test.ts).
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(new ICAL.Event(vevent).location).toBe(
      'Messe Frankfurt, Hall 3, Ludwig-Erhard-Anlage 1, 60327 Frankfurt am Main, Germany',
    );
    expect(vevent.getFirstPropertyValue('url')).toBe(
      'https://www.pharmabridge.example/webinars/spring?ref=ics',
    );
    // The page is still named, at the end of the description.
    expect(String(vevent.getFirstPropertyValue('description'))).toMatch(
      /https:\/\/www\.pharmabridge\.example\/spring$/,
    );
    // Without a venue, the location as written; without an online address, the page.
    const plain = new ICAL.Component(ICAL.parse(eventBlockIcs(BLOCK, PAGE, STAMP)));
    const event = plain.getFirstSubcomponent('vevent')!;
    expect(new ICAL.Event(event).location).toBe('Online, Zoom');
    expect(event.getFirstPropertyValue('url')).toBe('https://www.pharmabridge.example/spring');
  });

  it('is served at /calendar/{slug}/{block}.ics', () => {
    expect(calendarPath('spring', 'spring-webinar')).toBe('/calendar/spring/spring-webinar.ics');
  });
});

describe("the content calendar's forms (its feed, functions/data/calendar/feed-ics.ts)", () => {
  it('writes a whole day as DATE values ending the next day, and an instant without DTEND', () => {
    const text = icsCalendar(
      [
        {
          uid: 'review.a@x.example',
          start: new Date('2026-12-31T00:00:00Z'),
          allDay: true,
          stamp: STAMP,
          summary: 'Review by',
        },
        {
          uid: 'expiry.a@x.example',
          start: new Date('2026-11-28T11:00:00Z'),
          stamp: STAMP,
          summary: 'Expires',
        },
      ],
      'x',
    );
    expect(text).toContain(
      'DTSTAMP:20260201T102030Z\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\nSUMMARY:Review by\r\n',
    );
    expect(text).toContain(
      'DTSTAMP:20260201T102030Z\r\nDTSTART:20261128T110000Z\r\nSUMMARY:Expires\r\n',
    );
  });
});
