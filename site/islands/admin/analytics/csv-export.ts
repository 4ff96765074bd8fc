// CSV downloads of the Analytics tab: the daily series and the pages table, as shown,
// written with the shared RFC 4180 writer (formula cells made inert).
import type { AnalyticsPeriod, AnalyticsResponse } from '../../../../functions/shared/analytics.ts';
import { toCsv } from '../../../../functions/shared/csv.ts';

/** Rates as plain percentages with one decimal, so a spreadsheet reads them as numbers. */
const percent = (rate: number | null) => (rate === null ? '' : Math.round(rate * 1000) / 10);

export function dailyCsv(period: AnalyticsPeriod): string {
  return toCsv(
    ['Day (UTC)', 'Visitors', 'Page views', 'CTA clicks', 'Leads'],
    period.daily.map((day) => [day.day, day.visitors, day.pageViews, day.ctaClicks, day.leads]),
  );
}

export const PAGE_KIND_LABELS: Record<AnalyticsPeriod['pages'][number]['kind'], string> = {
  live: 'Live',
  inactive: 'Inactive',
  deleted: 'Deleted',
  forms: 'Site forms',
  site: 'Site page',
};

export function pagesCsv(period: AnalyticsPeriod): string {
  return toCsv(
    [
      'Page',
      'Path',
      'Status',
      'Visitors',
      'Page views',
      'CTA clicks',
      'Leads',
      'Conversion rate (%)',
    ],
    period.pages.map((page) => [
      page.title,
      page.path ?? '',
      PAGE_KIND_LABELS[page.kind],
      page.visitors,
      page.pageViews,
      page.ctaClicks,
      page.leads,
      percent(page.conversionRate),
    ]),
  );
}

/** "analytics-daily-2026-03-01-to-2026-03-30-spring.csv": what, when and which page. */
export function csvFileName(kind: 'daily' | 'pages', report: AnalyticsResponse): string {
  const page = report.page?.path ? `-${report.page.path.replace(/^\//, '') || 'home'}` : '';
  return `analytics-${kind}-${report.current.from}-to-${report.current.to}${page}.csv`;
}

/** Hands a file to the browser's download, without a server round trip. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
