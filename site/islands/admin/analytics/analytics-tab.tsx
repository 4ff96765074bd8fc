// The Analytics tab (docs/requirements.md §2 'Conversion Analytics', docs/requirements.md §10 (admin)): range and
// page pickers, headline tiles against the previous period, the daily chart, CTA clicks
// by type, the funnel, and the pages, referrer, campaign and device tables, with CSV
// downloads. Figures come from GET /api/admin/analytics.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  analyticsQuerySchema,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from '../../../../functions/shared/analytics.ts';
import { CTA_EVENT_TYPES, EVENT_LABELS } from '../../../../functions/shared/events.ts';
import { describeError, HttpError } from '../api.ts';
import { PAGES_KEY, type LandingPage } from '../pages/pages-api.ts';
import { Button, FieldError, inputClass } from '../ui.tsx';
import { analyticsKey, fetchAnalytics } from './analytics-api.ts';
import { ChartCanvas } from './chart-canvas.tsx';
import { csvFileName, dailyCsv, downloadText, pagesCsv } from './csv-export.ts';
import {
  countOf,
  formatCount,
  longDay,
  presetRange,
  RANGE_PRESETS,
  rangeLabel,
  shortDay,
  timeZoneName,
  type DayRange,
} from './format.ts';
import { Funnel, HeadlineTiles, InfoTip } from './summary.tsx';
import { CampaignsTable, DataTable, DevicesTable, PagesTable, ReferrersTable } from './tables.tsx';

type RangeChoice = (typeof RANGE_PRESETS)[number] | 'custom';

/** Short names for the bar chart's axis; the tooltip and the table use the full ones. */
const CTA_AXIS_LABELS: Record<(typeof CTA_EVENT_TYPES)[number], string> = {
  hero_primary_cta: 'Hero',
  nav_cta_click: 'Navigation',
  pricing_contact: 'Pricing',
  final_cta_primary: 'Closing, primary',
  final_cta_secondary: 'Closing, secondary',
};

const COLORS = { visitors: '#237745', pageViews: '#475569', leads: '#c2410c', clicks: '#2e9656' };

export function AnalyticsTab({
  pageId,
  onPageChange,
}: {
  /** The page shown, or undefined for every page (the page card's button sets it). */
  pageId: string | undefined;
  onPageChange: (page: LandingPage | undefined) => void;
}) {
  const [choice, setChoice] = useState<RangeChoice>(30);
  const [custom, setCustom] = useState<DayRange>(() => presetRange(30));
  const range = choice === 'custom' ? custom : presetRange(choice);
  const pages = useQuery<LandingPage[]>({ queryKey: PAGES_KEY });
  const report = useQuery({
    queryKey: analyticsKey(range, pageId),
    queryFn: () => fetchAnalytics(range, pageId),
    // Switching range or page keeps the figures on screen (marked busy) until the new ones land.
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="analytics-heading" className="text-xl font-semibold text-ink">
              Conversion Analytics
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Visitors, CTA clicks and leads of your landing pages, without cookies.
            </p>
          </div>
          <Button
            onClick={() => void report.refetch()}
            disabled={report.isFetching}
            aria-describedby="analytics-updated"
          >
            Refresh
          </Button>
        </div>
        <div className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-4">
          <RangePicker
            choice={choice}
            custom={custom}
            onChoose={setChoice}
            onCustom={(next) => {
              setCustom(next);
              setChoice('custom');
            }}
          />
          <PagePicker
            pages={pages.data}
            pageId={pageId}
            onChange={(id) => onPageChange(pages.data?.find((page) => page.id === id))}
          />
        </div>
        <RangeNote report={report.data} fetching={report.isFetching && !report.isPending} />
      </div>

      {report.isPending ? (
        <LoadingSkeleton />
      ) : report.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>Could not load the figures: {describeError(report.error)}</p>
          {report.error instanceof HttpError && report.error.fields['to'] && (
            <p className="mt-1 text-sm">Choose a shorter range (at most 366 days).</p>
          )}
          <Button className="mt-3" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy={report.isFetching} className={report.isPlaceholderData ? 'opacity-60' : ''}>
          <Dashboard report={report.data} />
        </div>
      )}
    </section>
  );
}

function RangePicker({
  choice,
  custom,
  onChoose,
  onCustom,
}: {
  choice: RangeChoice;
  custom: DayRange;
  onChoose: (choice: RangeChoice) => void;
  onCustom: (range: DayRange) => void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<DayRange>(custom);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = analyticsQuerySchema.safeParse(draft);
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'from');
        (found[field] ??= []).push(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onCustom({ from: checked.data.from, to: checked.data.to });
  };
  const label = (value: RangeChoice) => (value === 'custom' ? 'Custom' : `Last ${value} days`);
  return (
    <div>
      <div
        role="group"
        aria-label="Date range"
        className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1"
      >
        {[...RANGE_PRESETS, 'custom' as const].map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={choice === value}
            onClick={() => onChoose(value)}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow"
          >
            {label(value)}
          </button>
        ))}
      </div>
      {choice === 'custom' && (
        <form onSubmit={apply} className="mt-3 flex flex-wrap items-start gap-3" noValidate>
          <div>
            <label htmlFor={`${ids}-from`} className="text-sm font-medium text-slate-700">
              From (UTC day)
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              className={inputClass}
              aria-invalid={Boolean(errors['from'])}
              aria-describedby={errors['from'] ? `${ids}-from-error` : undefined}
            />
            <FieldError id={`${ids}-from-error`} messages={errors['from']} />
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="text-sm font-medium text-slate-700">
              To (UTC day)
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              className={inputClass}
              aria-invalid={Boolean(errors['to'])}
              aria-describedby={errors['to'] ? `${ids}-to-error` : undefined}
            />
            <FieldError id={`${ids}-to-error`} messages={errors['to']} />
          </div>
          <Button type="submit" variant="primary" className="mt-6">
            Apply
          </Button>
        </form>
      )}
    </div>
  );
}

function PagePicker({
  pages,
  pageId,
  onChange,
}: {
  pages: LandingPage[] | undefined;
  pageId: string | undefined;
  onChange: (pageId: string | undefined) => void;
}) {
  const id = useId();
  const sorted = [...(pages ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  // A page preselected from its card is known before the list has loaded.
  const known = pageId === undefined || sorted.some((page) => page.id === pageId);
  return (
    <div className="min-w-56">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Page
      </label>
      <select
        id={id}
        value={pageId ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className={inputClass}
      >
        <option value="">All pages</option>
        {!known && <option value={pageId}>Selected page</option>}
        {sorted.map((page) => (
          <option key={page.id} value={page.id}>
            {page.title} ({page.slug === 'default' ? '/' : `/${page.slug}`})
          </option>
        ))}
      </select>
    </div>
  );
}

function RangeNote({
  report,
  fetching,
}: {
  report: AnalyticsResponse | undefined;
  fetching: boolean;
}) {
  if (!report) return <p id="analytics-updated" className="mt-4 min-h-5 text-sm text-slate-600" />;
  const updated = new Date(report.generatedAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <p id="analytics-updated" className="mt-4 text-sm text-slate-600" data-testid="range-note">
      <span className="font-medium text-slate-800">
        {report.page ? `${report.page.title} (${report.page.path ?? ''})` : 'All pages'}
      </span>
      {': '}
      {rangeLabel(report.current)} compared with {rangeLabel(report.previous)}. Days are UTC
      calendar days. Updated {updated} ({timeZoneName()}).{' '}
      <span role="status">{fetching ? 'Updating…' : ''}</span>
    </p>
  );
}

function LoadingSkeleton() {
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

function EmptyState({ report }: { report: AnalyticsResponse }) {
  return (
    <div
      className="rounded-xl border border-dashed border-slate-300 bg-white p-8"
      data-testid="analytics-empty"
    >
      <h3 className="text-lg font-semibold text-ink">
        No visits {report.page ? 'to this page ' : ''}in {rangeLabel(report.current)}
      </h3>
      <p className="mt-2 max-w-3xl text-slate-700">
        Figures arrive by themselves as people use your live landing pages: a page view is counted
        when a page loads, a CTA click when someone presses one of its buttons, and a lead when a
        contact form is sent. They show here within seconds; press Refresh to see them.
      </p>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Not counted: crawlers and other bots, browsers that send Do Not Track or Global Privacy
        Control, and inactive pages. Try a longer range{report.page ? ' or all pages' : ''} to see
        earlier visits.
      </p>
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
    <section className={`min-w-0 rounded-xl border border-slate-200 bg-white p-5 ${className}`}>
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

function Dashboard({ report }: { report: AnalyticsResponse }) {
  const { current, previous } = report;
  if (isEmpty(current)) {
    return (
      <div className="space-y-6">
        <HeadlineTiles current={current} previous={previous} />
        <EmptyState report={report} />
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
          actions={<Button onClick={() => download('daily')}>Download daily CSV</Button>}
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
          help="Page views, then presses of a call-to-action button, then leads. Each step shows its share of the step before. Leads can also come from forms opened without a tracked button (the contact page, the features section), so a step can pass 100%."
        >
          <Funnel period={current} />
        </Card>
        <Card
          title="Pages"
          className="lg:col-span-2"
          actions={<Button onClick={() => download('pages')}>Download pages CSV</Button>}
        >
          <PagesTable pages={current.pages} />
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Referrers"
          help="The site a visitor came from (its host name only), taken at their first page view of the day. Direct: typed in, a bookmark, or a site that sends no referrer."
        >
          <ReferrersTable rows={current.referrers} />
        </Card>
        <Card title="Devices" help="Desktop, mobile or tablet, read from the browser's user agent.">
          <DevicesTable rows={current.devices} />
        </Card>
        <Card
          title="Campaigns"
          className="lg:col-span-2"
          help="Visits whose address carried utm_source, utm_medium or utm_campaign tags, and the leads they brought."
        >
          <CampaignsTable rows={current.campaigns} />
        </Card>
      </div>
    </div>
  );
}
