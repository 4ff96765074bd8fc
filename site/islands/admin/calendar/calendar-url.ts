// Where the content calendar is, in its URL (route.ts): /admin/calendar?view=month|week|agenda
// &date=YYYY-MM-DD&types=publish,expiry (docs/decisions/0559-content-calendar.md). A reload
// shows the same view, the same day selected and the same filters; a value the view cannot
// show (a typo, an old bookmark) falls back to its default. Days are the calendar's own
// (year, month, day), read the same in every time zone; weeks start on Monday.
import { addDays, isCalendarDay } from '../../../../functions/shared/days.ts';
import {
  CALENDAR_ENTRY_TYPES,
  type CalendarEntryType,
} from '../../../../functions/shared/calendar.ts';
import { viewUrl } from '../route.ts';

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  agenda: 'Agenda',
};

/** The agenda's length: from the selected day on. */
export const AGENDA_DAYS = 30;

export interface CalendarLocation {
  view: CalendarView;
  /** The selected day. */
  date: string;
  /** The types shown; every type when the URL names none. */
  types: readonly CalendarEntryType[];
}

/** Today in the browser's time zone, as a day. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function readCalendarUrl(params: URLSearchParams, today: string): CalendarLocation {
  const view = params.get('view') ?? '';
  const date = params.get('date') ?? '';
  const named = (params.get('types') ?? '')
    .split(',')
    .filter((type): type is CalendarEntryType =>
      (CALENDAR_ENTRY_TYPES as readonly string[]).includes(type),
    );
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view) ? (view as CalendarView) : 'month',
    date: isCalendarDay(date) ? date : today,
    types: named.length
      ? CALENDAR_ENTRY_TYPES.filter((type) => named.includes(type))
      : CALENDAR_ENTRY_TYPES,
  };
}

export function calendarUrl(location: CalendarLocation): string {
  const all = location.types.length === CALENDAR_ENTRY_TYPES.length;
  return viewUrl('calendar', {
    view: location.view,
    date: location.date,
    types: all ? undefined : location.types.join(','),
  });
}

/** 0 for Monday to 6 for Sunday. */
export const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const startOfWeek = (day: string) => addDays(day, -weekday(day));
const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** The same day of another month, kept inside that month (31 January + 1 is 28 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  const last = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${target.year}-${pad(target.month)}-${pad(Math.min(date, last))}`;
}

/**
 * The days a view shows, as weeks for the grids: a month's whole weeks (Monday to Sunday,
 * four to six of them), the selected day's week, or the agenda's days from the selected one.
 */
export function daysShown(location: Pick<CalendarLocation, 'view' | 'date'>): string[][] {
  if (location.view === 'agenda') {
    return [Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(location.date, i))];
  }
  if (location.view === 'week') {
    const start = startOfWeek(location.date);
    return [Array.from({ length: 7 }, (_, i) => addDays(start, i))];
  }
  const first = firstOfMonth(location.date);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let start = startOfWeek(first); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

/** The previous or next period of the view: a month, a week or the agenda's length. */
export function step(location: CalendarLocation, direction: 1 | -1): string {
  if (location.view === 'month') return addMonths(location.date, direction);
  return addDays(location.date, direction * (location.view === 'week' ? 7 : AGENDA_DAYS));
}

/** The day a key moves the month or week grid's selection to; undefined for other keys. */
export function dayForKey(key: string, day: string, shift: boolean): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday(day));
    case 'End':
      return addDays(day, 6 - weekday(day));
    case 'PageUp':
      return shift ? addMonths(day, -12) : addMonths(day, -1);
    case 'PageDown':
      return shift ? addMonths(day, 12) : addMonths(day, 1);
    default:
      return undefined;
  }
}
