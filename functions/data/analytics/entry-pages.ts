// The dashboard's entry pages report: the pages visitors landed on first, over the site's
// daily counters (docs/decisions/0081-analytics-storage-and-reads.md; the folder:
// docs/decisions/0440-analytics-report-modules.md).
import type { EntryPageRow } from '../../shared/analytics.ts';
import { SITE_SCOPE_PREFIX } from '../../shared/site-routes.ts';
import type { DayStats } from '../event-counters.ts';
import { DELETED_ROW_TITLE, type PageEntry } from './page-directory.ts';
import { TOP_ROWS } from './query.ts';

export function entryPages(days: DayStats[], directory: Map<string, PageEntry>): EntryPageRow[] {
  const sums = new Map<string, number>();
  for (const stats of days) {
    for (const [id, count] of stats.entries) sums.set(id, (sums.get(id) ?? 0) + count);
  }
  return [...sums]
    .map(([pageId, visitors]) => {
      const entry = directory.get(pageId);
      const site = pageId.startsWith(SITE_SCOPE_PREFIX);
      return {
        pageId,
        title: entry?.title ?? (site ? pageId : DELETED_ROW_TITLE),
        path: entry?.path ?? (site ? pageId : null),
        visitors,
      };
    })
    .sort((a, b) => b.visitors - a.visitors || a.title.localeCompare(b.title))
    .slice(0, TOP_ROWS);
}
