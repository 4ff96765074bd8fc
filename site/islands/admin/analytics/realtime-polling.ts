// How the Realtime panel (realtime-panel.tsx) polls GET /api/admin/analytics/realtime, and
// the words it shows: every 15 s while the browser tab is visible, not at all while it is
// hidden (a tab left open in the background costs the API nothing), at once on coming back
// if the figures are older than one poll. Plain functions, so realtime-polling.test.ts can
// drive them through React Query's own observer.
import { queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Realtime } from '../../../../functions/shared/analytics.ts';
import { fetchRealtime, REALTIME_KEY } from './analytics-api.ts';
import { countOf, formatCount } from './format.ts';

export const REALTIME_POLL_MS = 15_000;
/** Rows of the panel's top pages and top sources; the rest are summed in one line. */
export const REALTIME_TOP_ROWS = 5;

/** The poll's period: every REALTIME_POLL_MS while the page is visible, none while hidden. */
export const pollInterval = (visibility: DocumentVisibilityState): number | false =>
  visibility === 'hidden' ? false : REALTIME_POLL_MS;

/**
 * The panel's query. Hidden, it has no interval at all; `refetchIntervalInBackground: false`
 * also makes React Query skip a tick that falls while its focus manager sees a hidden page.
 * Never fresh (staleTime 0), so opening the tab again fetches rather than showing old figures.
 */
export function realtimeQueryOptions(
  visibility: DocumentVisibilityState,
  queryFn: () => Promise<Realtime> = fetchRealtime,
) {
  return queryOptions({
    queryKey: REALTIME_KEY,
    queryFn,
    refetchInterval: pollInterval(visibility),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** True when figures fetched at `updatedAt` (ms) are a poll old: fetch them on coming back. */
export const isOverdue = (updatedAt: number, now: number = Date.now()): boolean =>
  updatedAt > 0 && now - updatedAt >= REALTIME_POLL_MS;

/** document.visibilityState, re-rendering on each visibilitychange ('visible' on the server). */
export function useVisibility(): DocumentVisibilityState {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    () => document.visibilityState,
    () => 'visible',
  );
}

/**
 * What a screen reader is told when the count changes between two polls, and nothing
 * (undefined) on the first figures or an unchanged count: the panel must not chatter every 15 s.
 */
export function visitorsAnnouncement(
  before: number | undefined,
  now: number,
  minutes: number,
  locale?: string,
): string | undefined {
  if (before === undefined || before === now) return undefined;
  return `${countOf(now, 'visitor', 'visitors', locale)} in the last ${minutes} minutes, ${
    now > before ? 'up' : 'down'
  } from ${formatCount(before, locale)}.`;
}

/** The first `limit` rows, and how many more there are. */
export function firstRows<T>(rows: readonly T[], limit: number = REALTIME_TOP_ROWS) {
  return { shown: rows.slice(0, limit), more: Math.max(0, rows.length - limit) };
}

/** The API's `(direct)` in the words of the Referrers table (tables.tsx). */
export const sourceLabel = (source: string) =>
  source === '(direct)' ? 'Direct or unknown' : source;

/** "14:32:05" in the admin's own time and language. */
export const clockTime = (iso: string, locale?: string) =>
  new Date(iso).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
