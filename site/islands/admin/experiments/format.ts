// How the Results panel (results.tsx) writes its figures: rates and their intervals, the
// uplift with its interval, the chance to beat the control, the sample ratio check's
// p-value, and the scale of the cumulative rate chart (results-chart.tsx).
import type { Uplift } from '../../../../functions/shared/experiments.ts';

/** A rate (0.0432) as "4.3%", with up to `digits` decimals. */
export function percent(rate: number, digits = 1, locale?: string): string {
  return rate.toLocaleString(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  });
}

/** A 95% interval of a rate: "2.1% – 7.9%". */
export function rateRange([low, high]: readonly [number, number], locale?: string): string {
  return `${percent(low, 1, locale)} – ${percent(high, 1, locale)}`;
}

/** A relative change with its sign: "+23.4%", "−5%", "0%" (a true minus sign). */
export function signedPercent(value: number, locale?: string): string {
  const text = percent(Math.abs(value), 1, locale);
  if (text === percent(0, 1, locale)) return text;
  return `${value < 0 ? '−' : '+'}${text}`;
}

/** The uplift's 95% interval alone: "−5.1% to +51.8%". */
export function upliftRange(uplift: Uplift, locale?: string): string {
  return `${signedPercent(uplift.lower, locale)} to ${signedPercent(uplift.upper, locale)}`;
}

/** The uplift and its interval: "+23.4% (−5.1% to +51.8%)"; "–" without one. */
export function upliftText(uplift: Uplift | null, locale?: string): string {
  if (!uplift) return '–';
  return `${signedPercent(uplift.estimate, locale)} (${upliftRange(uplift, locale)})`;
}

/** 97%, 99.4%, "over 99.9%", "under 0.1%": never 100% or 0% for a chance short of certain. */
export function chanceText(chance: number | null): string {
  if (chance === null) return '–';
  if (chance >= 0.999) return 'over 99.9%';
  if (chance < 0.001) return 'under 0.1%';
  if (chance >= 0.99 || chance < 0.01) return `${(Math.floor(chance * 1000) / 10).toFixed(1)}%`;
  return `${Math.round(chance * 100)}%`;
}

/** "p = 0.43", "p = 0.00095", "p < 0.0001". */
export function pValueText(p: number): string {
  return p < 0.0001 ? 'p < 0.0001' : `p = ${Number(p.toPrecision(2))}`;
}

/** "1 day", "12 days". */
export const daysText = (days: number) => `${days.toLocaleString()} day${days === 1 ? '' : 's'}`;

/**
 * The chart's rate axis: a top a little above the highest rate, on a round step, and the
 * ticks from 0 to it (at least one step; 1% when there is nothing to show yet).
 */
export function rateAxis(highest: number): { top: number; ticks: number[] } {
  const target = highest > 0 ? highest * 1.1 : 0.01;
  const steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1];
  const step = steps.find((candidate) => target / candidate <= 5) ?? 1;
  const count = Math.max(1, Math.ceil(target / step - 1e-9));
  const top = Math.min(1, Number((step * count).toFixed(4)));
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) =>
    Number((index * step).toFixed(4)),
  );
  return { top, ticks };
}
