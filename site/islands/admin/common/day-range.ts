// Day ranges the admin filters by (the Analytics tab, the Leads inbox): UTC calendar days, the
// days the counters and the leads' index keep, with Plausible's presets, and how a day and a
// range read (the Analytics tab, the experiment results chart).
import { addDays } from '../../../../functions/shared/analytics.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** The presets, in days: today, and the last 7, 28 and 90 days, today included. */
export const RANGE_PRESETS = [1, 7, 28, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** "Today", "Last 7 days". */
export const presetLabel = (days: RangePreset) => (days === 1 ? 'Today' : `Last ${days} days`);

export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function presetRange(days: number, now: Date = new Date()): DayRange {
  const to = utcToday(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The preset a range is, if it is one (it ends today). */
export function presetOfRange(range: DayRange, now: Date = new Date()): RangePreset | undefined {
  if (range.to !== utcToday(now)) return undefined;
  return RANGE_PRESETS.find((days) => presetRange(days, now).from === range.from);
}

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "3 Mar" in the admin's language; the day itself is a UTC day. */
export function shortDay(day: string, locale?: string): string {
  return dayDate(day).toLocaleDateString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });
}

/** "Tue, 3 Mar 2026". */
export function longDay(day: string, locale?: string): string {
  return dayDate(day).toLocaleDateString(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** "1 Mar – 30 Mar 2026", or one day. */
export function rangeLabel(range: DayRange, locale?: string): string {
  if (range.from === range.to) return longDay(range.from, locale);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  const from = dayDate(range.from).toLocaleDateString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  const to = dayDate(range.to).toLocaleDateString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `${from} – ${to}`;
}
