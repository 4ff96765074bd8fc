// The dashboard's 404 report: the missing paths asked for most, over the 404 scope's daily
// counters (docs/decisions/0081-analytics-storage-and-reads.md; the folder:
// docs/decisions/0440-analytics-report-modules.md).
import type { NotFoundRow } from '../../shared/analytics.ts';
import type { DayStats } from '../event-counters.ts';
import { TOP_ROWS } from './query.ts';

export function notFoundRows(days: DayStats[]): NotFoundRow[] {
  const sums = new Map<string, number>();
  for (const stats of days) {
    for (const [path, views] of stats.missing) sums.set(path, (sums.get(path) ?? 0) + views);
  }
  const other = sums.get('(other)') ?? 0;
  sums.delete('(other)');
  const rows = [...sums]
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  const extra = rows.slice(TOP_ROWS).reduce((sum, row) => sum + row.views, 0) + other;
  return [...rows.slice(0, TOP_ROWS), ...(extra ? [{ path: '(other)', views: extra }] : [])];
}
