// The Analytics tab's ranges and number formats: days are UTC calendar days (the
// counters' days), times are the admin's own.

export {
  longDay,
  presetLabel,
  presetRange,
  RANGE_PRESETS,
  rangeLabel,
  shortDay,
  utcToday,
  type DayRange,
} from '../common/day-range.ts';

export const formatCount = (value: number, locale?: string) => value.toLocaleString(locale);

/** "1 lead", "5 leads". */
export const countOf = (value: number, one: string, many: string, locale?: string) =>
  `${formatCount(value, locale)} ${value === 1 ? one : many}`;

/** A rate (0.125) as "12.5%"; "–" when there is none (no visitors). */
export function formatRate(rate: number | null, locale?: string): string {
  if (rate === null) return '–';
  return rate.toLocaleString(locale, { style: 'percent', maximumFractionDigits: 1 });
}

export interface Change {
  /** What the tile shows: "+12%", "−3 pts", "New", "No change". */
  text: string;
  direction: 'up' | 'down' | 'flat';
  /** The sentence a screen reader hears. */
  description: string;
}

/** The change of a count against the previous period. */
export function countChange(current: number, previous: number, locale?: string): Change {
  if (current === previous) {
    return {
      text: 'No change',
      direction: 'flat',
      description: 'no change from the previous period',
    };
  }
  if (previous === 0) {
    return {
      text: 'New',
      direction: 'up',
      description: `up from none in the previous period`,
    };
  }
  const ratio = (current - previous) / previous;
  const percent = Math.abs(ratio).toLocaleString(locale, {
    style: 'percent',
    maximumFractionDigits: Math.abs(ratio) < 0.1 ? 1 : 0,
  });
  const direction = ratio > 0 ? 'up' : 'down';
  return {
    text: `${ratio > 0 ? '+' : '−'}${percent}`,
    direction,
    description: `${direction} ${percent} from ${formatCount(previous, locale)} in the previous period`,
  };
}

/** The change of a rate, in percentage points. */
export function rateChange(
  current: number | null,
  previous: number | null,
  locale?: string,
): Change {
  if (current === null || previous === null) {
    return current === previous
      ? { text: 'No change', direction: 'flat', description: 'no rate in either period' }
      : {
          text: current === null ? 'No visitors' : 'New',
          direction: 'flat',
          description:
            current === null ? 'no visitors in this period' : 'no visitors in the previous period',
        };
  }
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) {
    return {
      text: 'No change',
      direction: 'flat',
      description: 'no change from the previous period',
    };
  }
  const amount = Math.abs(points).toLocaleString(locale, { maximumFractionDigits: 1 });
  const direction = points > 0 ? 'up' : 'down';
  return {
    text: `${points > 0 ? '+' : '−'}${amount} pts`,
    direction,
    description: `${direction} ${amount} percentage points from ${formatRate(previous, locale)} in the previous period`,
  };
}

/** A funnel step's conversion from the step before: "25%", or "–" without a step before. */
export const stepRate = (value: number, before: number, locale?: string) =>
  formatRate(before > 0 ? value / before : null, locale);

/** The admin's time zone name, for "Updated 14:32 (Europe/Berlin)". */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
