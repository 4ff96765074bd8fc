// The Analytics tab's figures below its pickers (docs/requirements.md §2 'Conversion
// Analytics'): headline tiles against the previous period, the daily chart, CTA clicks by
// button, the funnel, and the pages, referrer, campaign and device tables. Shown by the
// admin's tab (analytics-tab.tsx, with CSV downloads) and, read-only, by a shared dashboard
// (site/islands/shared/shared-dashboard.tsx), so it needs no admin session or query client:
// only the Tooltip provider (ui.tsx) around it. The admin adds what needs one through props:
// the goal manager, a goal's breakdown, the funnel builder (issue 25).
import type { ReactNode } from 'react';
import type { AnalyticsPeriod, AnalyticsResponse } from '../../../../functions/shared/analytics.ts';
import { CTA_EVENT_TYPES, EVENT_LABELS } from '../../../../functions/shared/events.ts';
import { Button, InfoTip } from '../ui.tsx';
import { ChartCanvas } from './chart-canvas.tsx';
import { csvFileName, dailyCsv, downloadText, pagesCsv } from './csv-export.ts';
import { countOf, formatCount, longDay, rangeLabel, shortDay } from './format.ts';
import { Funnel, HeadlineTiles } from './summary.tsx';
import { CampaignsTable, DataTable, DevicesTable, PagesTable, ReferrersTable } from './tables.tsx';
import { EntryPagesTable, GoalsTable, NotFoundTable } from './goal-tables.tsx';

/** Short names for the bar chart's axis; the tooltip and the table use the full ones. */
const CTA_AXIS_LABELS: Record<(typeof CTA_EVENT_TYPES)[number], string> = {
  hero_primary_cta: 'Hero',
  nav_cta_click: 'Navigation',
  pricing_contact: 'Pricing',
  final_cta_primary: 'Closing, primary',
  final_cta_secondary: 'Closing, secondary',
};

const COLORS = { visitors: '#237745', pageViews: '#475569', leads: '#c2410c', clicks: '#2e9656' };

export function LoadingSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6" data-testid="analytics-skeleton">
      <p role="status" className="sr-only">
        Loading analytics…
      </p>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="h-80 animate-pulse rounded-xl bg-slate-200 lg:col-span-2" />
        <div className="h-80 animate-pulse rounded-xl bg-slate-200" />
      </div>
      <div className="h-48 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}

const isEmpty = (period: AnalyticsPeriod) =>
  period.totals.leads === 0 && Object.values(period.events).every((count) => count === 0);

function EmptyState({ report, shared }: { report: AnalyticsResponse; shared: boolean }) {
  return (
    <div
      className="rounded-xl border border-dashed border-slate-300 bg-white p-8"
      data-testid="analytics-empty"
    >
      <h3 className="text-lg font-semibold text-ink">
        No visits {report.page ? 'to this page ' : ''}in {rangeLabel(report.current)}
      </h3>
      {shared ? (
        <p className="mt-2 max-w-3xl text-slate-700">
          Figures appear here as people visit the site. Try a longer range to see earlier visits.
        </p>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-slate-700">
            Figures arrive by themselves as people use your site: a page view is counted when a page
            loads, a CTA click when someone presses a call-to-action button, and a lead when a form
            is sent. They show here within seconds; press Refresh to see them.
          </p>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Not counted: crawlers and other bots, browsers that send Do Not Track or Global Privacy
            Control, and inactive pages. Try a longer range{report.page ? ' or all pages' : ''} to
            see earlier visits.
          </p>
        </>
      )}
    </div>
  );
}

function Card({
  title,
  help,
  actions,
  children,
  className = '',
}: {
  title: string;
  help?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    // min-w-0: a grid item may shrink below its canvas's last width (Chart.js resizes it).
    // p-4 on a phone: room for the tables' four columns (Devices with its Unattributed row).
    <section
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          {title}
          {help && <InfoTip about={title.toLowerCase()}>{help}</InfoTip>}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * The figures of one report. `shared`: a shared dashboard's read-only view, without the CSV
 * downloads and with an empty state for someone who does not run the pages.
 */
export function Dashboard({
  report,
  shared = false,
  goalActions,
  goalSelection,
  funnelActions,
}: {
  report: AnalyticsResponse;
  shared?: boolean;
  /** The admin's goal manager, beside the Goals card's title (none on a shared dashboard). */
  goalActions?: ReactNode;
  /** The admin's choice of a goal to break down, and its breakdown below the table. */
  goalSelection?: {
    selected: string | undefined;
    onSelect: (id: string | undefined) => void;
    detail: ReactNode;
  };
  /** The admin's funnel builder, beside the Funnel card's title. */
  funnelActions?: ReactNode;
}) {
  const { current, previous } = report;
  if (isEmpty(current)) {
    return (
      <div className="space-y-6">
        <HeadlineTiles current={current} previous={previous} />
        <EmptyState report={report} shared={shared} />
      </div>
    );
  }
  const daily = current.daily;
  const dayTitles = daily.map((day) => `${longDay(day.day)} (UTC)`);
  const clicks = CTA_EVENT_TYPES.map((type) => ({ type, count: current.events[type] }));
  const download = (kind: 'daily' | 'pages') =>
    downloadText(
      csvFileName(kind, report),
      kind === 'daily' ? dailyCsv(current) : pagesCsv(current),
    );

  return (
    <div className="space-y-6">
      <HeadlineTiles current={current} previous={previous} />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title="Visitors, page views and leads per day"
          className="lg:col-span-2"
          actions={
            shared ? undefined : (
              <Button onClick={() => download('daily')}>Download daily CSV</Button>
            )
          }
        >
          <ChartCanvas
            kind="line"
            label="Line chart of visitors, page views and leads per UTC day"
            hint="Select the chart and use the arrow keys to read each day."
            labels={daily.map((day) => shortDay(day.day))}
            titles={dayTitles}
            series={[
              { label: 'Visitors', color: COLORS.visitors, values: daily.map((d) => d.visitors) },
              {
                label: 'Page views',
                color: COLORS.pageViews,
                values: daily.map((d) => d.pageViews),
                dashed: true,
              },
              { label: 'Leads', color: COLORS.leads, values: daily.map((d) => d.leads) },
            ]}
            describe={(i) => {
              const day = daily[i]!;
              return `${dayTitles[i]}: ${countOf(day.visitors, 'visitor', 'visitors')}, ${countOf(day.pageViews, 'page view', 'page views')}, ${countOf(day.leads, 'lead', 'leads')}, ${countOf(day.ctaClicks, 'CTA click', 'CTA clicks')}.`;
            }}
          />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">
              Show the figures as a table
            </summary>
            <div className="mt-3 max-h-96 overflow-y-auto">
              <DataTable
                caption="Visitors, page views, CTA clicks and leads per UTC day"
                testId="daily-table"
                columns={[
                  { label: 'Day (UTC)' },
                  { label: 'Visitors', numeric: true },
                  { label: 'Page views', numeric: true },
                  { label: 'CTA clicks', numeric: true },
                  { label: 'Leads', numeric: true },
                ]}
                rows={daily.map((day, i) => [
                  dayTitles[i]!.replace(' (UTC)', ''),
                  formatCount(day.visitors),
                  formatCount(day.pageViews),
                  formatCount(day.ctaClicks),
                  formatCount(day.leads),
                ])}
              />
            </div>
          </details>
        </Card>

        <Card
          title="CTA clicks by button"
          help="Presses of the landing pages' call-to-action buttons, by button."
        >
          <ChartCanvas
            kind="bar"
            label="Bar chart of CTA clicks by button"
            hint="Select the chart and use the arrow keys to read each button."
            heightClass="h-56"
            labels={clicks.map((c) => CTA_AXIS_LABELS[c.type])}
            titles={clicks.map((c) => EVENT_LABELS[c.type])}
            series={[{ label: 'Clicks', color: COLORS.clicks, values: clicks.map((c) => c.count) }]}
            describe={(i) =>
              `${EVENT_LABELS[clicks[i]!.type]}: ${countOf(clicks[i]!.count, 'click', 'clicks')}.`
            }
          />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">
              Show the figures as a table
            </summary>
            <div className="mt-3">
              <DataTable
                caption="CTA clicks by button"
                testId="clicks-table"
                columns={[{ label: 'Button' }, { label: 'Clicks', numeric: true }]}
                rows={clicks.map((c) => [EVENT_LABELS[c.type], formatCount(c.count)])}
              />
            </div>
          </details>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title="Funnel"
          help={`${
            report.goalFunnel.length
              ? 'Your goals in the order chosen.'
              : 'A page viewed, then a call-to-action button pressed, then a form sent.'
          } Each step counts the visitors who reached it after every step before it, in that order, the same day, so no step passes the one before.${
            report.funnelSince
              ? ` Counted since this funnel was set, ${new Date(report.funnelSince).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`
              : ''
          }`}
          actions={funnelActions}
        >
          <SiteWideNote report={report} />
          <Funnel report={report} />
        </Card>
        <Card
          title="Pages"
          className="lg:col-span-2"
          actions={
            shared ? undefined : (
              <Button onClick={() => download('pages')}>Download pages CSV</Button>
            )
          }
        >
          <PagesTable pages={current.pages} />
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Referrers"
          help="The site a visitor came from (its host name only), taken at their first page view of the day. Direct: typed in, a bookmark, or a site that sends no referrer."
        >
          <ReferrersTable rows={current.referrers} totalLeads={current.totals.leads} />
        </Card>
        <Card title="Devices" help="Desktop, mobile or tablet, read from the browser's user agent.">
          <DevicesTable rows={current.devices} totalLeads={current.totals.leads} />
        </Card>
        <Card
          title="Campaigns"
          className="lg:col-span-2"
          help="Visits whose address carried utm_source, utm_medium or utm_campaign tags, and the leads they brought."
        >
          <CampaignsTable rows={current.campaigns} />
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Goals"
          className="lg:col-span-2"
          help="What the team counts besides leads: an event (a button, a download, a lead form) or views of pages. Conversions: the events or page views; converters: visitors who reached the goal that day; the rate is converters over visitors."
          actions={goalActions}
        >
          <SiteWideNote report={report} />
          <GoalsTable
            goals={report.goals}
            selected={goalSelection?.selected}
            {...(goalSelection ? { onSelect: goalSelection.onSelect } : {})}
          />
          {goalSelection && report.goals.length > 0 && !goalSelection.selected && (
            <p className="mt-2 text-sm text-slate-600">
              Select a goal to see it by page and by source.
            </p>
          )}
          {goalSelection?.detail}
        </Card>
        {!report.page && (
          <Card
            title="Entry pages"
            help="The page of each visitor's first page view of the day: where visits begin."
          >
            <EntryPagesTable rows={report.entryPages} />
          </Card>
        )}
        {!report.page && (
          <Card
            title="Pages not found"
            help="Addresses on this site that visitors asked for and that do not exist (the path only, never the query): links to fix, or redirects to add."
          >
            <SiteWideNote report={report} />
            <NotFoundTable rows={report.notFound} />
          </Card>
        )}
      </div>
    </div>
  );
}

/**
 * Under a language (issue 39, docs/decisions/0574-analytics-by-locale.md): the funnel, the
 * goals and the missing pages stay the whole site's, which the card says.
 */
function SiteWideNote({ report }: { report: AnalyticsResponse }) {
  if (!report.locale) return null;
  return (
    <p className="mb-3 text-sm text-slate-600" data-testid="site-wide-note">
      The whole site in every language: this card is not filtered by language.
    </p>
  );
}
