// UTC calendar days written YYYY-MM-DD: the arithmetic the analytics contract and the
// event store share. Apart from analytics.ts so the public Lambda function, which records
// events, does not build the dashboard's schemas at start.

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both included (1 for one day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The UTC day `offset` days after `day` (before, when negative). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The previous period of the same length: the days just before `from`. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysBetween(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i));
}

export const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A real UTC calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  if (!DAY_FORMAT.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

// Each check aborts, so a malformed day gets one message, not three.
