// An event block's time (functions/shared/blocks.ts, `event`): its start is stored as the
// wall-clock time of its own time zone (`2026-03-14T16:00` in Europe/Berlin), as an
// organiser thinks of it. This module turns that into the instant (for <time datetime>,
// the Event JSON-LD and the .ics file's UTC DTSTART/DTEND, functions/shared/ics.ts) and
// into the text the page shows, both with nothing but Intl (no time-zone data of our own).
//
// Across daylight-saving changes a wall time can be missing (the clocks jump from 02:00 to
// 03:00) or happen twice (03:00 back to 02:00). Like Temporal's "compatible" choice and
// calendar apps, a missing time is read with the offset in force before the jump (02:30
// becomes 03:30 summer time) and a doubled one as the earlier of the two.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Formatters are costly to make and a build renders many pages: one per zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** The parts of `instant`'s wall-clock time in `timeZone`, by type. */
function partsIn(
  instant: number,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(
    formatter(locale, { timeZone, ...options })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
}

const NUMERIC: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The zone's offset from UTC at `instant`, in minutes (Berlin in winter: 60). */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const parts = partsIn(instant, timeZone, NUMERIC);
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** `2026-03-14T16:00` as if it were UTC, in milliseconds; throws on another shape. */
function wallAsUtc(local: string): number {
  const match = WALL_TIME.exec(local);
  if (!match) throw new RangeError(`"${local}" is not a wall time like 2026-03-14T16:00`);
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!);
}

/**
 * The instant of the wall time `local` (`YYYY-MM-DDTHH:MM`) in `timeZone` (IANA): a missing
 * time (spring forward) with the offset before the change, a doubled one (fall back) the
 * earlier instant. Zones change their offset at most once within a day either side.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date {
  const wall = wallAsUtc(local);
  const before = offsetMinutesAt(wall - DAY, timeZone);
  const after = offsetMinutesAt(wall + DAY, timeZone);
  // The instants that read as `local` in the zone, earliest first.
  const matches = [...new Set([wall - before * MINUTE, wall - after * MINUTE])]
    .filter((instant) => instant + offsetMinutesAt(instant, timeZone) * MINUTE === wall)
    .sort((a, b) => a - b);
  return new Date(matches[0] ?? wall - before * MINUTE);
}

/** `+01:00`, `-04:00`, `+05:30` for an offset in minutes. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant as the zone's wall time with its offset: `2026-03-14T16:00+01:00`. */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const parts = partsIn(instant.getTime(), timeZone, NUMERIC);
  const offset = offsetMinutesAt(instant.getTime(), timeZone);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}${offsetText(offset)}`;
}

const isEnglish = (locale: string) => locale.toLowerCase().startsWith('en');

/**
 * The zone's short name at `instant`: a letter abbreviation where English has one (CET,
 * CEST, EST, EDT, IST, BST), else the offset as Intl writes it (GMT+9). British and
 * American English each know abbreviations the other writes as offsets. For a page in another
 * language (`locale`), that language's abbreviation where it has one: MEZ, MESZ in German.
 */
export function zoneAbbreviation(instant: Date, timeZone: string, locale = 'en-US'): string {
  // Another language's own name first where it has one (German: MEZ, MESZ), else English's.
  const languages = isEnglish(locale) ? ['en-GB', 'en-US'] : [locale, 'en-GB', 'en-US'];
  const names = languages.map(
    (language) =>
      partsIn(instant.getTime(), timeZone, { timeZoneName: 'short' }, language).timeZoneName ?? '',
  );
  return names.find((name) => name !== '' && !/^(GMT|UTC)[+-−]/.test(name)) ?? names[0]!;
}

/** Start and end instants of an event. */
export interface EventSpan {
  start: Date;
  end: Date;
}

export function eventSpan(event: {
  startsAt: string;
  timeZone: string;
  durationMinutes: number;
}): EventSpan {
  const start = zonedTimeToUtc(event.startsAt, event.timeZone);
  return { start, end: new Date(start.getTime() + event.durationMinutes * MINUTE) };
}

/** What the page shows of an event's time, in pieces so each instant can sit in a <time>. */
export interface EventWhen {
  /** `Saturday, 14 March 2026, 16:00` */
  start: string;
  /** `17:00` on the same day; `Sunday, 15 March 2026, 01:00` on another. */
  end: string;
  /** Whether it ends on the day it starts (the end is then its time only). */
  sameDay: boolean;
  /**
   * `CET (Europe/Berlin)`; `CET–CEST (Europe/Berlin)` when the clocks change during it;
   * `UTC` alone where the name is the zone.
   */
  zone: string;
  /** `2026-03-14T16:00+01:00`, for <time datetime> and the JSON-LD. */
  startIso: string;
  endIso: string;
}

/**
 * The day and the time of `instant` in `timeZone` as `locale` writes them. English pages keep
 * the British order they always had ("Saturday, 14 March 2026", 24-hour time); another
 * language gets its Intl long date ("Samstag, 14. März 2026"), the time always 24-hour.
 */
function dayAndTime(instant: Date, timeZone: string, locale: string) {
  if (!isEnglish(locale)) {
    const at = instant.getTime();
    return {
      day: formatter(locale, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(at),
      time: formatter(locale, {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at),
    };
  }
  const parts = partsIn(instant.getTime(), timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    day: `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * The event's time in its own zone, e.g. "Saturday, 14 March 2026, 16:00–17:00 CET
 * (Europe/Berlin)"; in the page's `locale` (issue 39): "Samstag, 14. März 2026, 16:00–17:00 MEZ
 * (Europe/Berlin)".
 */
export function eventWhen(span: EventSpan, timeZone: string, locale = 'en-US'): EventWhen {
  const start = dayAndTime(span.start, timeZone, locale);
  const end = dayAndTime(span.end, timeZone, locale);
  const [startZone, endZone] = [span.start, span.end].map((at) =>
    zoneAbbreviation(at, timeZone, locale),
  );
  const names = startZone === endZone ? startZone : `${startZone}–${endZone}`;
  const sameDay = end.day === start.day;
  return {
    start: `${start.day}, ${start.time}`,
    end: sameDay ? end.time : `${end.day}, ${end.time}`,
    sameDay,
    zone: startZone === endZone && startZone === timeZone ? timeZone : `${names} (${timeZone})`,
    startIso: isoWithOffset(span.start, timeZone),
    endIso: isoWithOffset(span.end, timeZone),
  };
}

/** The whole text of eventWhen: start, an en dash (spaced between two days), end, zone. */
export const eventWhenText = (when: EventWhen): string =>
  `${when.start}${EN_DASH(when)}${when.end} ${when.zone}`;

/** The range's dash: `16:00–17:00`, but `…, 22:00 – Sunday, …` across days. */
export const EN_DASH = (when: Pick<EventWhen, 'sameDay'>) => (when.sameDay ? '–' : ' – ');
