// The Analytics tab's "Right now" panel (issue 25): visitors of the last five minutes on the
// whole site, its top pages and top sources, from GET /api/admin/analytics/realtime
// (functions/routes/admin/realtime.ts). It polls every 15 s while the browser tab is visible
// and not while it is hidden (realtime-polling.ts). Screen readers hear the count only when
// it changes between two polls, never the clock. Admin only: the shared dashboard
// (site/islands/shared/shared-dashboard.tsx) has no such panel.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Realtime } from '../../../../functions/shared/analytics.ts';
import { describeError } from '../api.ts';
import { Button, InfoTip } from '../ui.tsx';
import { countOf, formatCount } from './format.ts';
import {
  clockTime,
  firstRows,
  isOverdue,
  REALTIME_POLL_MS,
  realtimeQueryOptions,
  sourceLabel,
  useVisibility,
  visitorsAnnouncement,
} from './realtime-polling.ts';

const visitorsHelp = (minutes: number) =>
  `Distinct visitors with a page view in the last ${minutes} minutes, on the whole site whatever page is chosen above. They are told apart without cookies, by the same daily changing, anonymous hash as the Visitors tile. Crawlers and other bots, and browsers that send Global Privacy Control or Do Not Track, are not counted.`;

const POLL_SECONDS = REALTIME_POLL_MS / 1000;

export function RealtimePanel() {
  const headingId = useId();
  const visibility = useVisibility();
  const live = useQuery(realtimeQueryOptions(visibility));
  const { refetch } = live;
  const lastTry = Math.max(live.dataUpdatedAt, live.errorUpdatedAt);

  // Back from a hidden tab: the figures are a poll old or more, so fetch them at once
  // rather than one period after the interval restarts.
  useEffect(() => {
    if (visibility === 'visible' && isOverdue(lastTry)) void refetch();
  }, [visibility, lastTry, refetch]);

  const announcement = useCountAnnouncement(live.data);
  const data = live.data;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={live.isPending}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="realtime-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-brand-600" />
          Right now
        </h3>
        {data && (
          <p className="text-sm text-slate-600" data-testid="realtime-updated">
            Updated {clockTime(data.generatedAt)}, every {POLL_SECONDS} seconds while this tab is
            open
          </p>
        )}
      </div>
      {/* Filled only when the count changes (useCountAnnouncement), so nothing is read every poll. */}
      <p aria-live="polite" className="sr-only" data-testid="realtime-announcement">
        {announcement}
      </p>

      {live.isPending ? (
        <div className="mt-4 h-24 animate-pulse rounded-lg bg-slate-100">
          <span className="sr-only">Loading the visitors of the last few minutes…</span>
        </div>
      ) : !data ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p>Could not load who is on the site right now. {describeError(live.error)}</p>
          <Button className="mt-2" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Figures data={data} />
          {live.isError && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              Could not update these figures. {describeError(live.error)} They are from{' '}
              {clockTime(data.generatedAt)}; the panel tries again in {POLL_SECONDS} seconds.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The sentence of the live region: set when the count changes, kept otherwise. */
function useCountAnnouncement(data: Realtime | undefined): string {
  const [said, setSaid] = useState('');
  const before = useRef<number | undefined>(undefined);
  const visitors = data?.visitors;
  const minutes = data?.minutes ?? 5;
  useEffect(() => {
    if (visitors === undefined) return;
    const next = visitorsAnnouncement(before.current, visitors, minutes);
    before.current = visitors;
    if (next) setSaid(next);
  }, [visitors, minutes]);
  return said;
}

function Figures({ data }: { data: Realtime }) {
  return (
    <div className="mt-4 grid gap-x-8 gap-y-5 md:grid-cols-[minmax(9rem,auto)_minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <p className="text-4xl font-semibold text-ink tabular-nums" data-testid="realtime-visitors">
          {formatCount(data.visitors)}
        </p>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
          {data.visitors === 1 ? 'visitor' : 'visitors'} in the last {data.minutes} minutes
          <InfoTip about="visitors right now">{visitorsHelp(data.minutes)}</InfoTip>
        </p>
      </div>
      {data.visitors === 0 ? (
        <p className="self-center text-slate-700 md:col-span-2" data-testid="realtime-empty">
          Nobody on the site in the last {data.minutes} minutes.
        </p>
      ) : (
        <>
          <TopList
            title="Top pages"
            testId="realtime-pages"
            noun={['more page', 'more pages']}
            rows={data.pages.map((page) => ({
              key: page.path,
              label: page.path,
              // A site page's title is its path; say it once.
              detail: page.title !== page.path ? page.title : undefined,
              visitors: page.visitors,
            }))}
          />
          <TopList
            title="Top sources"
            testId="realtime-sources"
            noun={['more source', 'more sources']}
            rows={data.sources.map((source) => ({
              key: source.source,
              label: sourceLabel(source.source),
              detail: undefined,
              visitors: source.visitors,
            }))}
          />
        </>
      )}
    </div>
  );
}

interface TopRow {
  key: string;
  label: string;
  detail: string | undefined;
  visitors: number;
}

function TopList({
  title,
  rows,
  noun,
  testId,
}: {
  title: string;
  rows: TopRow[];
  noun: [string, string];
  testId: string;
}) {
  const id = useId();
  const { shown, more } = firstRows(rows);
  return (
    <div className="min-w-0">
      <h4 id={id} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h4>
      <ol aria-labelledby={id} className="mt-1 divide-y divide-slate-100" data-testid={testId}>
        {shown.map((row) => (
          <li key={row.key} className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
            <span className="min-w-0">
              <span className="block font-medium break-words text-slate-900">{row.label}</span>
              {row.detail && (
                <span className="block text-xs break-words text-slate-600">{row.detail}</span>
              )}
            </span>
            <span className="shrink-0 font-semibold text-ink tabular-nums">
              {formatCount(row.visitors)}
              <span className="sr-only"> {row.visitors === 1 ? 'visitor' : 'visitors'}</span>
            </span>
          </li>
        ))}
      </ol>
      {more > 0 && (
        <p className="mt-1 text-xs text-slate-600">And {countOf(more, noun[0], noun[1])}.</p>
      )}
    </div>
  );
}
