// The Analytics tab (docs/requirements.md §2 'Conversion Analytics', docs/requirements.md §10 (admin)): range and
// page pickers and the figures (dashboard.tsx): headline tiles against the previous period,
// the daily chart, CTA clicks by type, the funnel, and the pages, referrer, campaign and
// device tables, with CSV downloads. Figures come from GET /api/admin/analytics. Share
// (issue 25, share-dialog.tsx) makes read-only links to them; `?share=1` keeps its dialog
// open over a reload. Below the pickers, the Realtime panel (realtime-panel.tsx): who is on the
// site right now, whatever range and page are chosen. A goal chosen in the Goals table shows
// its breakdown per page and per source (`?goal=<id>`, kept over a reload); "Build funnel"
// makes the Funnel card's steps from goals (issue 25). A site with several locales gets a
// Language filter (issue 39, docs/decisions/0574-analytics-by-locale.md): `?locale=de-DE`,
// kept over a reload; it shows all pages in that language, so choosing it drops the page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  analyticsQuerySchema,
  type AnalyticsResponse,
} from '../../../../functions/shared/analytics.ts';
import { localeName } from '../../../../functions/shared/locales.ts';
import { describeError, HttpError } from '../api.ts';
import { pagesQuery, type LandingPage } from '../common/pages-api.ts';
import { useCan, useMe } from '../permissions.ts';
import { navigate, useAdminLocation, viewUrl } from '../route.ts';
import { Button, FieldError, inputClass } from '../ui.tsx';
import { analyticsKey, fetchAnalytics } from './analytics-api.ts';
import { GoalBreakdownPanel } from './goal-breakdown.tsx';
import { FunnelBuilder } from './funnel-builder.tsx';
import { GoalManager } from './goals.tsx';
import { Dashboard, LoadingSkeleton } from './dashboard.tsx';
import { LanguageGone, LanguagePicker } from './language-picker.tsx';
import {
  presetLabel,
  presetRange,
  RANGE_PRESETS,
  rangeLabel,
  timeZoneName,
  type DayRange,
} from './format.ts';
import { RealtimePanel } from './realtime-panel.tsx';
import { ShareDialog } from './share-dialog.tsx';

type RangeChoice = (typeof RANGE_PRESETS)[number] | 'custom';

export function AnalyticsTab({
  pageId,
  onPageChange,
}: {
  /** The page shown, or undefined for every page (the page card's button sets it). */
  pageId: string | undefined;
  onPageChange: (page: LandingPage | undefined) => void;
}) {
  const [choice, setChoice] = useState<RangeChoice>(28);
  const [custom, setCustom] = useState<DayRange>(() => presetRange(28));
  const range = choice === 'custom' ? custom : presetRange(choice);
  const pages = useQuery(pagesQuery);
  const location = useAdminLocation();
  // A language and a page do not go together (the API refuses both): the page wins.
  const locale = pageId ? undefined : (location.params.get('locale') ?? undefined);
  const report = useQuery({
    queryKey: analyticsKey(range, pageId, locale),
    queryFn: () => fetchAnalytics(range, pageId, locale),
    // Switching range or page keeps the figures on screen (marked busy) until the new ones land.
    placeholderData: keepPreviousData,
  });
  const share = useShareDialog(pageId, locale);
  const goalId = location.params.get('goal') ?? undefined;
  // Replaced, not pushed, like a filter: Back leaves the tab.
  const selectGoal = (id: string | undefined) =>
    navigate(
      viewUrl('analytics', {
        page: pageId,
        locale,
        share: location.params.get('share') ?? undefined,
        goal: id,
      }),
      { replace: true },
    );
  // Pushed, like the page: Back returns to the figures before. A language shows all pages.
  const selectLocale = (next: string | undefined) =>
    navigate(viewUrl('analytics', { locale: next, goal: goalId }));
  // The site's locales, as the last answer gave them (kept while the next one loads).
  const locales = report.data?.locales ?? [];
  const selectedGoal = report.data?.goals.find((goal) => goal.id === goalId);

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="analytics-heading" className="text-xl font-semibold text-ink">
              Conversion Analytics
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Visitors, CTA clicks and leads of your site, without cookies.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {share.button}
            <Button
              onClick={() => void report.refetch()}
              disabled={report.isFetching}
              aria-describedby="analytics-updated"
            >
              Refresh
            </Button>
          </div>
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
          {locales.length > 1 && (
            <LanguagePicker locales={locales} locale={locale} onChange={selectLocale} />
          )}
        </div>
        <RangeNote report={report.data} fetching={report.isFetching && !report.isPending} />
      </div>

      <RealtimePanel />

      {report.isPending ? (
        <LoadingSkeleton />
      ) : report.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>Could not load the figures: {describeError(report.error)}</p>
          {report.error instanceof HttpError && report.error.fields['to'] && (
            <p className="mt-1 text-sm">Choose a shorter range (at most 366 days).</p>
          )}
          {report.error instanceof HttpError && report.error.fields['locale'] && (
            <LanguageGone onAll={() => selectLocale(undefined)} />
          )}
          <Button className="mt-3" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy={report.isFetching} className={report.isPlaceholderData ? 'opacity-60' : ''}>
          <Dashboard
            report={report.data}
            goalActions={<GoalManager onChanged={() => void report.refetch()} />}
            goalSelection={{
              selected: selectedGoal?.id,
              onSelect: selectGoal,
              detail: selectedGoal && (
                <GoalBreakdownPanel
                  goal={selectedGoal}
                  range={range}
                  pageScoped={pageId !== undefined}
                  onClose={() => selectGoal(undefined)}
                />
              ),
            }}
            funnelActions={
              <FunnelBuilder
                goals={report.data.goals}
                funnel={report.data.goalFunnel}
                onChanged={() => void report.refetch()}
              />
            }
          />
        </div>
      )}
      {share.dialog}
    </section>
  );
}

/**
 * The Share button and its dialog. Publishers and admins make and revoke links; every other
 * role sees the links made ("Shared links"), as the API allows. Open while the URL says
 * `share=1`; closing returns focus to the button, also when the dialog was opened by a reload.
 */
function useShareDialog(pageId: string | undefined, locale: string | undefined) {
  const me = useMe();
  const mayShare = useCan('publish');
  const location = useAdminLocation();
  const open = location.view === 'analytics' && location.params.get('share') === '1';
  const buttonId = useId();
  // Replaced, not pushed: Back leaves the tab rather than reopening a closed dialog.
  const setOpen = (next: boolean) =>
    navigate(
      viewUrl('analytics', {
        page: pageId,
        locale,
        share: next ? '1' : undefined,
        goal: location.params.get('goal') ?? undefined,
      }),
      { replace: true },
    );
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      // After Radix's own return of focus (a task later), which finds no opener after a reload.
      const timer = setTimeout(() => {
        if (document.activeElement === document.body) document.getElementById(buttonId)?.focus();
      });
      wasOpen.current = open;
      return () => clearTimeout(timer);
    }
    wasOpen.current = open;
    return undefined;
  }, [open, buttonId]);
  return {
    // Named only once the role is known, so the label does not change under the pointer.
    button: me ? (
      <Button id={buttonId} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {mayShare ? 'Share' : 'Shared links'}
      </Button>
    ) : null,
    dialog: <ShareDialog open={open} onOpenChange={setOpen} mayShare={mayShare} />,
  };
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
  const label = (value: RangeChoice) => (value === 'custom' ? 'Custom' : presetLabel(value));
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
        {report.locale ? ` in ${localeName(report.locale, 'en')}` : ''}
      </span>
      {': '}
      {rangeLabel(report.current)} compared with {rangeLabel(report.previous)}. Days are UTC
      calendar days. Updated {updated} ({timeZoneName()}).{' '}
      <span role="status">{fetching ? 'Updating…' : ''}</span>
    </p>
  );
}
