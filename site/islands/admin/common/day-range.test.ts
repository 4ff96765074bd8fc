import { describe, expect, it } from 'vitest';
import { presetLabel, presetOfRange, presetRange, RANGE_PRESETS } from './day-range.ts';

describe('day ranges', () => {
  const now = new Date('2026-03-31T23:30:00-05:00'); // already 1 April in UTC

  it('offers Today and the last 7, 28 and 90 days, ending today (UTC)', () => {
    expect(RANGE_PRESETS.map(presetLabel)).toEqual([
      'Today',
      'Last 7 days',
      'Last 28 days',
      'Last 90 days',
    ]);
    expect(presetRange(1, now)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetRange(28, now)).toEqual({ from: '2026-03-05', to: '2026-04-01' });
  });

  it('knows which preset a range is, and that one ending earlier is none', () => {
    expect(presetOfRange({ from: '2026-03-26', to: '2026-04-01' }, now)).toBe(7);
    expect(presetOfRange({ from: '2026-03-25', to: '2026-04-01' }, now)).toBeUndefined();
    expect(presetOfRange({ from: '2026-03-26', to: '2026-03-31' }, now)).toBeUndefined();
    expect(presetOfRange({ from: '', to: '' }, now)).toBeUndefined();
  });
});
