// `/shared/analytics?token=`: a shared dashboard (issue 25,
// docs/decisions/0156-shared-dashboards.md) for someone without an account. The Analytics tab's
// figures, read-only (site/islands/admin/analytics/dashboard.tsx, which needs no admin session),
// for the last 7, 28 or 90 days and, on a site with several locales, one language's (issue 39:
// the tab's Language filter), from the public GET /api/shared/analytics/:token. A revoked or
// expired link shows the API's sentence; an unknown one says the link is not valid. No admin chrome
// and no link into the admin.
import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AnalyticsResponse } from '../../../functions/shared/analytics.ts';
import { localeName } from '../../../functions/shared/locales.ts';
import { apiFetch, HttpError } from '../../lib/api-client.ts';
import { createSpecQueryClient } from '../../lib/query-client.ts';
import { Dashboard, LoadingSkeleton } from '../admin/analytics/dashboard.tsx';
import { LanguageGone, LanguagePicker } from '../admin/analytics/language-picker.tsx';
import { presetRange, rangeLabel, timeZoneName, type DayRange } from '../admin/analytics/format.ts';
import { describeError } from '../admin/errors.ts';
import { Button, TooltipProvider } from '../admin/ui.tsx';
import {
  presetOf,
  readSharedLocation,
  SHARED_RANGES,
  sharedApiUrl,
  sharedPageUrl,
  type SharedRange,
} from './shared-range.ts';

/** GET /api/shared/analytics/:token (functions/routes/shared-analytics.ts). */
type SharedReport = AnalyticsResponse & { share: { label: string; expiresAt: string | null } };

export const INVALID_LINK_TEXT =
  'This link is not valid: check that it was copied whole, or ask whoever sent it for a new one.';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SharedDashboard() {
  const [client] = useState(() =>
    createSpecQueryClient(({ queryKey }) => apiFetch('GET', String(queryKey[0]))),
  );
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <SharedPage />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

function SharedPage() {
  const [{ token, range, locale }, setPlace] = useState(() =>
    readSharedLocation(window.location.search),
  );
  const report = useQuery<SharedReport>({
    queryKey: [token ? sharedApiUrl(token, range, locale) : ''],
    enabled: token !== null,
    // A new range keeps the figures on screen (marked busy) until its own arrive.
    placeholderData: keepPreviousData,
  });
  const share = report.data?.share;
  useEffect(() => {
    if (share) document.title = `Analytics shared with ${share.label} · PharmaBridge`;
  }, [share]);

  // Replaced, not pushed: a range or a language is a view of the same link, not a page to go
  // back to.
  const go = (place: { range: DayRange; locale: string | undefined }) => {
    if (!token) return;
    setPlace({ token, ...place });
    window.history.replaceState(null, '', sharedPageUrl(token, place.range, place.locale));
  };
  const choose = (days: SharedRange) => go({ range: presetRange(days), locale });
  const chooseLocale = (next: string | undefined) => go({ range, locale: next });
  // The site's locales, as the last answer gave them (kept while the next one loads).
  const locales = report.data?.locales ?? [];

  const failure = token === null ? 'invalid' : report.isError ? report.error : undefined;
  const gone = failure === 'invalid' || (failure instanceof HttpError && failure.status === 404);
  const ended = failure instanceof HttpError && failure.status === 410;

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-6">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl" data-testid="shared-title">
            PharmaBridge analytics{share ? `, shared with ${share.label}` : ''}
          </h1>
          {share && !failure && (
            <p className="mt-1 text-slate-600" data-testid="shared-expiry">
              Read-only.{' '}
              {share.expiresAt
                ? `Expires ${dateTime(share.expiresAt)}.`
                : 'It works until whoever shared it revokes it.'}
            </p>
          )}
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        {gone || ended ? (
          <div
            role="alert"
            data-testid="shared-gone"
            className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
          >
            <p className="font-semibold">{ended ? describeError(failure) : INVALID_LINK_TEXT}</p>
          </div>
        ) : (
          <>
            <section
              aria-labelledby="shared-range-heading"
              className="rounded-xl border border-slate-200 bg-white p-5"
            >
              <h2 id="shared-range-heading" className="text-lg font-semibold text-ink">
                Figures for {rangeLabel(range)}
              </h2>
              <div className="flex flex-wrap items-end gap-4">
                <RangePicker range={range} onChoose={choose} />
                {locales.length > 1 && (
                  <LanguagePicker locales={locales} locale={locale} onChange={chooseLocale} />
                )}
              </div>
              <RangeNote report={report.data} fetching={report.isFetching && !report.isPending} />
            </section>
            {report.isPending ? (
              <LoadingSkeleton />
            ) : report.isError ? (
              <div
                role="alert"
                className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
              >
                <p>Could not load the figures: {describeError(report.error)}</p>
                {report.error instanceof HttpError && report.error.fields['locale'] && (
                  <LanguageGone onAll={() => chooseLocale(undefined)} />
                )}
                <Button className="mt-3" onClick={() => void report.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <div
                aria-busy={report.isFetching}
                className={report.isPlaceholderData ? 'opacity-60' : ''}
              >
                <Dashboard report={report.data} shared />
              </div>
            )}
          </>
        )}
      </main>
      {!(gone || ended) && (
        <footer className="mx-auto max-w-7xl px-4 pb-8 text-sm text-slate-600">
          Counted without cookies; crawlers are not counted. No names or e-mail addresses of leads
          are shared.
        </footer>
      )}
    </>
  );
}

function RangePicker({
  range,
  onChoose,
}: {
  range: DayRange;
  onChoose: (days: SharedRange) => void;
}) {
  const chosen = presetOf(range);
  return (
    <div
      role="group"
      aria-label="Date range"
      className="mt-3 inline-flex flex-wrap rounded-lg bg-slate-100 p-1"
    >
      {SHARED_RANGES.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={chosen === days}
          onClick={() => onChoose(days)}
          className="rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-white sm:px-3 aria-pressed:text-ink aria-pressed:shadow"
        >
          Last {days} days
        </button>
      ))}
    </div>
  );
}

function RangeNote({ report, fetching }: { report: SharedReport | undefined; fetching: boolean }) {
  if (!report) return <p className="mt-3 min-h-5 text-sm text-slate-600" />;
  const updated = new Date(report.generatedAt).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <p className="mt-3 text-sm text-slate-600" data-testid="range-note">
      {report.locale ? `Pages read in ${localeName(report.locale, 'en')}: ` : ''}
      {rangeLabel(report.current)} compared with {rangeLabel(report.previous)}. Days are UTC
      calendar days. Updated {updated} ({timeZoneName()}).{' '}
      <span role="status">{fetching ? 'Updating…' : ''}</span>
    </p>
  );
}
