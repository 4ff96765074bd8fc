// An event's wall time in its zone → its instant and its text (event-time.ts), across the
// daylight-saving changes of Europe/Berlin and America/New_York and in a zone with a
// half-hour offset (Asia/Kolkata). The instants here were worked out by hand from the
// zones' rules (EU: last Sunday of March/October at 01:00 UTC; US: second Sunday of March
// at 02:00, first Sunday of November at 02:00 local).
import { describe, expect, it } from 'vitest';
import {
  eventSpan,
  eventWhen,
  eventWhenText,
  isoWithOffset,
  offsetMinutesAt,
  offsetText,
  zonedTimeToUtc,
  zoneAbbreviation,
} from './event-time.ts';

const utc = (local: string, zone: string) => zonedTimeToUtc(local, zone).toISOString();

describe('zonedTimeToUtc', () => {
  it('reads a wall time with the offset in force then', () => {
    expect(utc('2026-03-14T16:00', 'Europe/Berlin')).toBe('2026-03-14T15:00:00.000Z');
    expect(utc('2026-07-01T16:00', 'Europe/Berlin')).toBe('2026-07-01T14:00:00.000Z');
    expect(utc('2026-01-15T09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
    expect(utc('2026-07-15T09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(utc('2026-06-01T09:00', 'Asia/Kolkata')).toBe('2026-06-01T03:30:00.000Z');
    expect(utc('2026-01-01T00:15', 'Asia/Kolkata')).toBe('2025-12-31T18:45:00.000Z');
    expect(utc('2026-06-01T09:00', 'UTC')).toBe('2026-06-01T09:00:00.000Z');
  });

  it('Europe/Berlin, spring forward (29 March 2026, 02:00 CET → 03:00 CEST)', () => {
    expect(utc('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    // 02:00–02:59 never happens: read with the winter offset, i.e. an hour later in summer time.
    expect(utc('2026-03-29T02:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(utc('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(utc('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(utc('2026-03-29T12:00', 'Europe/Berlin')).toBe('2026-03-29T10:00:00.000Z');
  });

  it('Europe/Berlin, fall back (25 October 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(utc('2026-10-25T01:59', 'Europe/Berlin')).toBe('2026-10-24T23:59:00.000Z');
    // 02:00–02:59 happens twice: the earlier one (summer time).
    expect(utc('2026-10-25T02:00', 'Europe/Berlin')).toBe('2026-10-25T00:00:00.000Z');
    expect(utc('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(utc('2026-10-25T03:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
  });

  it('America/New_York, spring forward (8 March 2026) and fall back (1 November 2026)', () => {
    expect(utc('2026-03-08T01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(utc('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(utc('2026-03-08T03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(utc('2026-11-01T00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
    expect(utc('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(utc('2026-11-01T02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('gives back every instant of a change day as its own wall time (the earlier when doubled)', () => {
    for (const [zone, day] of [
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Asia/Kolkata', '2026-03-29'],
    ] as const) {
      const from = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
      for (let instant = from; instant < from + 48 * 3_600_000; instant += 15 * 60_000) {
        const wall = isoWithOffset(new Date(instant), zone).slice(0, 16);
        const back = zonedTimeToUtc(wall, zone).getTime();
        // Back to the same instant, or (a doubled hour's second run) an hour earlier.
        expect([instant, instant - 3_600_000], `${zone} ${wall}`).toContain(back);
        if (back !== instant)
          expect(offsetMinutesAt(back, zone)).toBeGreaterThan(offsetMinutesAt(instant, zone));
      }
    }
  });

  it('refuses anything but a wall time', () => {
    expect(() => zonedTimeToUtc('2026-03-14 16:00', 'Europe/Berlin')).toThrow(/wall time/);
    expect(() => zonedTimeToUtc('2026-03-14T16:00Z', 'Europe/Berlin')).toThrow(/wall time/);
    expect(() => zonedTimeToUtc('2026-03-14T16:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('offsets and names', () => {
  it('writes offsets as ±HH:MM', () => {
    expect(offsetText(60)).toBe('+01:00');
    expect(offsetText(-240)).toBe('-04:00');
    expect(offsetText(330)).toBe('+05:30');
    expect(offsetText(-210)).toBe('-03:30');
    expect(offsetText(0)).toBe('+00:00');
  });

  it('names the zone by its abbreviation where English has one', () => {
    const at = (iso: string) => new Date(iso);
    expect(zoneAbbreviation(at('2026-01-10T12:00Z'), 'Europe/Berlin')).toBe('CET');
    expect(zoneAbbreviation(at('2026-07-10T12:00Z'), 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(at('2026-01-10T12:00Z'), 'America/New_York')).toBe('EST');
    expect(zoneAbbreviation(at('2026-07-10T12:00Z'), 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation(at('2026-07-10T12:00Z'), 'Europe/London')).toBe('BST');
    // No English abbreviation in Intl: the offset.
    expect(zoneAbbreviation(at('2026-07-10T12:00Z'), 'Asia/Kolkata')).toMatch(/^(IST|GMT\+5:30)$/);
  });
});

describe('eventWhen', () => {
  const when = (startsAt: string, timeZone: string, durationMinutes: number) =>
    eventWhen(eventSpan({ startsAt, timeZone, durationMinutes }), timeZone);

  it('shows the date and times in the event’s zone, with the offset instants', () => {
    const berlin = when('2026-03-14T16:00', 'Europe/Berlin', 60);
    expect(eventWhenText(berlin)).toBe('Saturday, 14 March 2026, 16:00–17:00 CET (Europe/Berlin)');
    expect(berlin.startIso).toBe('2026-03-14T16:00+01:00');
    expect(berlin.endIso).toBe('2026-03-14T17:00+01:00');
    const kolkata = when('2026-06-01T09:00', 'Asia/Kolkata', 90);
    expect(eventWhenText(kolkata)).toMatch(
      /^Monday, 1 June 2026, 09:00–10:30 (IST|GMT\+5:30) \(Asia\/Kolkata\)$/,
    );
    expect(kolkata.startIso).toBe('2026-06-01T09:00+05:30');
    expect(eventWhenText(when('2026-06-01T09:00', 'UTC', 30))).toBe(
      'Monday, 1 June 2026, 09:00–09:30 UTC',
    );
  });

  it('names both days across midnight and both zone names across a change', () => {
    const late = when('2026-03-28T23:00', 'Europe/Berlin', 240);
    expect(eventWhenText(late)).toBe(
      'Saturday, 28 March 2026, 23:00 – Sunday, 29 March 2026, 04:00 CET–CEST (Europe/Berlin)',
    );
    expect(late.endIso).toBe('2026-03-29T04:00+02:00');
    const fallBack = when('2026-11-01T01:00', 'America/New_York', 120);
    expect(eventWhenText(fallBack)).toBe(
      'Sunday, 1 November 2026, 01:00–02:00 EDT–EST (America/New_York)',
    );
    // Two hours passed, though the clock says one.
    expect(fallBack.endIso).toBe('2026-11-01T02:00-05:00');
  });
});

describe('eventWhen in the page’s language (issue 39)', () => {
  const when = (startsAt: string, timeZone: string, durationMinutes: number, locale: string) =>
    eventWhen(eventSpan({ startsAt, timeZone, durationMinutes }), timeZone, locale);

  it('writes a German page’s date and zone in German, the instants unchanged', () => {
    const berlin = when('2026-03-14T16:00', 'Europe/Berlin', 60, 'de-DE');
    expect(eventWhenText(berlin)).toBe('Samstag, 14. März 2026, 16:00–17:00 MEZ (Europe/Berlin)');
    expect(berlin.startIso).toBe('2026-03-14T16:00+01:00');
    const late = when('2026-03-28T23:00', 'Europe/Berlin', 240, 'de-DE');
    expect(eventWhenText(late)).toBe(
      'Samstag, 28. März 2026, 23:00 – Sonntag, 29. März 2026, 04:00 MEZ–MESZ (Europe/Berlin)',
    );
  });

  it('takes English’s abbreviation where German has only an offset', () => {
    const newYork = when('2026-11-01T01:00', 'America/New_York', 120, 'de-DE');
    expect(eventWhenText(newYork)).toBe(
      'Sonntag, 1. November 2026, 01:00–02:00 EDT–EST (America/New_York)',
    );
  });

  it('keeps every English locale’s text as it was', () => {
    const berlin = when('2026-03-14T16:00', 'Europe/Berlin', 60, 'en-US');
    expect(eventWhenText(berlin)).toBe('Saturday, 14 March 2026, 16:00–17:00 CET (Europe/Berlin)');
  });
});
