// The calendar's URL and days (calendar-url.ts): what a URL reads as (and what it falls back
// to), the days each view shows, the period steps and the grid's keys.
import { describe, expect, it } from 'vitest';
import { CALENDAR_ENTRY_TYPES } from '../../../../functions/shared/calendar.ts';
import {
  addMonths,
  calendarUrl,
  dayForKey,
  daysShown,
  readCalendarUrl,
  step,
} from './calendar-url.ts';

const read = (search: string) => readCalendarUrl(new URLSearchParams(search), '2026-12-05');

describe('the calendar URL', () => {
  it('reads the view, the day and the types, and falls back on what it cannot show', () => {
    expect(read('view=week&date=2027-03-17&types=event,expiry')).toEqual({
      view: 'week',
      date: '2027-03-17',
      types: ['expiry', 'event'],
    });
    expect(read('view=year&date=2027-02-30&types=nothing')).toEqual({
      view: 'month',
      date: '2026-12-05',
      types: CALENDAR_ENTRY_TYPES,
    });
  });

  it('writes what it reads, leaving out the types when every one is shown', () => {
    const location = read('view=agenda&date=2027-03-17&types=publish,unpublish');
    expect(calendarUrl(location)).toBe(
      '/admin/calendar?view=agenda&date=2027-03-17&types=publish%2Cunpublish',
    );
    expect(read(calendarUrl(location).split('?')[1]!)).toEqual(location);
    expect(calendarUrl({ ...location, types: CALENDAR_ENTRY_TYPES })).toBe(
      '/admin/calendar?view=agenda&date=2027-03-17',
    );
  });
});

describe('the days a view shows', () => {
  it("is a month's whole weeks, Monday first", () => {
    const march = daysShown({ view: 'month', date: '2027-03-17' });
    expect(march.map((week) => week[0])).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
      '2027-03-29',
    ]);
    expect(march.at(-1)!.at(-1)).toBe('2027-04-04');
    // February 2026 starts on a Sunday: its first week is mostly January's; August 2026 needs six.
    const february = daysShown({ view: 'month', date: '2026-02-10' });
    expect(february).toHaveLength(5);
    expect(february[0]![0]).toBe('2026-01-26');
    expect(february.at(-1)!.at(-1)).toBe('2026-03-01');
    expect(daysShown({ view: 'month', date: '2026-08-01' })).toHaveLength(6);
  });

  it("is the day's week, or the agenda's 30 days from the day", () => {
    expect(daysShown({ view: 'week', date: '2027-03-17' })).toEqual([
      [
        '2027-03-15',
        '2027-03-16',
        '2027-03-17',
        '2027-03-18',
        '2027-03-19',
        '2027-03-20',
        '2027-03-21',
      ],
    ]);
    const agenda = daysShown({ view: 'agenda', date: '2027-03-17' })[0]!;
    expect(agenda).toHaveLength(30);
    expect(agenda.at(-1)).toBe('2027-04-15');
  });
});

describe('moving', () => {
  it('steps by the period, keeping the day inside a shorter month', () => {
    const at = (view: 'month' | 'week' | 'agenda', date: string) =>
      ({ view, date, types: CALENDAR_ENTRY_TYPES }) as const;
    expect(step(at('month', '2027-01-31'), 1)).toBe('2027-02-28');
    expect(step(at('month', '2027-01-15'), -1)).toBe('2026-12-15');
    expect(step(at('week', '2027-03-17'), 1)).toBe('2027-03-24');
    expect(step(at('agenda', '2027-03-17'), -1)).toBe('2027-02-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it("moves the grid's selection by key, and ignores other keys", () => {
    const day = '2027-03-17'; // a Wednesday
    expect(dayForKey('ArrowLeft', day, false)).toBe('2027-03-16');
    expect(dayForKey('ArrowRight', day, false)).toBe('2027-03-18');
    expect(dayForKey('ArrowUp', day, false)).toBe('2027-03-10');
    expect(dayForKey('ArrowDown', day, false)).toBe('2027-03-24');
    expect(dayForKey('Home', day, false)).toBe('2027-03-15');
    expect(dayForKey('End', day, false)).toBe('2027-03-21');
    expect(dayForKey('PageDown', day, false)).toBe('2027-04-17');
    expect(dayForKey('PageUp', day, true)).toBe('2026-03-17');
    expect(dayForKey('a', day, false)).toBeUndefined();
  });
});
