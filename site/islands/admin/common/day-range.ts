// Day ranges the admin filters by (the Analytics tab, the Leads inbox): UTC calendar days, the
// days the counters and the leads' index keep, with Plausible's presets.
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
