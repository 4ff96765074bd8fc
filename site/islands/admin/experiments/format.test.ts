// The Results panel's figures as words and the chart's axis.
import { describe, expect, it } from 'vitest';
import {
  chanceText,
  daysText,
  percent,
  pValueText,
  rateAxis,
  rateRange,
  signedPercent,
  upliftRange,
  upliftText,
} from './format.ts';

const EN = 'en-US';

describe('results figures', () => {
  it('writes rates and their intervals with at most one decimal', () => {
    expect(percent(0.0432, 1, EN)).toBe('4.3%');
    expect(percent(0.05, 1, EN)).toBe('5%');
    expect(rateRange([0.0213, 0.0791], EN)).toBe('2.1% – 7.9%');
  });

  it('writes the uplift with a true minus and its interval', () => {
    expect(signedPercent(0.234, EN)).toBe('+23.4%');
    expect(signedPercent(-0.05, EN)).toBe('−5%');
    expect(signedPercent(0.00001, EN)).toBe('0%');
    expect(upliftText({ estimate: 0.234, lower: -0.051, upper: 0.518 }, EN)).toBe(
      '+23.4% (−5.1% to +51.8%)',
    );
    expect(upliftText(null, EN)).toBe('–');
    expect(upliftRange({ estimate: 0.1, lower: -0.2, upper: 0.4 }, EN)).toBe('−20% to +40%');
  });

  it('never rounds a chance to certainty', () => {
    expect(chanceText(null)).toBe('–');
    expect(chanceText(0.5)).toBe('50%');
    expect(chanceText(0.974)).toBe('97%');
    expect(chanceText(0.9949)).toBe('99.4%');
    expect(chanceText(0.9996)).toBe('over 99.9%');
    expect(chanceText(0.0004)).toBe('under 0.1%');
    expect(chanceText(0.0051)).toBe('0.5%');
  });

  it('writes p-values as the sample ratio check reports them', () => {
    expect(pValueText(0.4321)).toBe('p = 0.43');
    expect(pValueText(0.00095)).toBe('p = 0.00095');
    expect(pValueText(0.00001)).toBe('p < 0.0001');
  });

  it('counts days', () => {
    expect(daysText(1)).toBe('1 day');
    expect(daysText(0)).toBe('0 days');
  });
});

describe('the chart axis', () => {
  it('tops out on a round step above the highest rate', () => {
    expect(rateAxis(0.043)).toEqual({ top: 0.05, ticks: [0, 0.01, 0.02, 0.03, 0.04, 0.05] });
    expect(rateAxis(0.5)).toEqual({ top: 0.6, ticks: [0, 0.2, 0.4, 0.6] });
    expect(rateAxis(1).top).toBe(1);
  });

  it('shows 0 to 1% before any conversion', () => {
    expect(rateAxis(0)).toEqual({ top: 0.01, ticks: [0, 0.002, 0.004, 0.006, 0.008, 0.01] });
  });
});
