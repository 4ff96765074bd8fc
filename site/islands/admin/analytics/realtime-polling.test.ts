import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Realtime } from '../../../../functions/shared/analytics.ts';
import {
  clockTime,
  firstRows,
  isOverdue,
  pollInterval,
  REALTIME_POLL_MS,
  realtimeQueryOptions,
  sourceLabel,
  visitorsAnnouncement,
} from './realtime-polling.ts';

// A browser's globals, before React Query loads: it sets no interval timer on a server (no
// window), and reads document.visibilityState to know whether the page is hidden.
const page = vi.hoisted(() => {
  const fake = { visibilityState: 'visible' as DocumentVisibilityState };
  Object.assign(globalThis, { window: globalThis, document: fake });
  return fake;
});

const SNAPSHOT: Realtime = {
  visitors: 2,
  pages: [{ path: '/pricing', title: '/pricing', visitors: 2 }],
  sources: [{ source: '(direct)', visitors: 2 }],
  minutes: 5,
  generatedAt: '2026-03-01T14:32:05.000Z',
};

describe('the Realtime panel’s polling', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    page.visibilityState = 'visible';
  });

  it('polls every 15 s while the page is visible, and never while it is hidden', () => {
    expect(pollInterval('visible')).toBe(15_000);
    expect(pollInterval('hidden')).toBe(false);
  });

  /** Calls of the query function over `ms`, as the panel's options drive React Query. */
  async function callsOver(ms: number, visibility: DocumentVisibilityState) {
    const client = new QueryClient();
    const fetcher = vi.fn(async () => SNAPSHOT);
    const observer = new QueryObserver(client, realtimeQueryOptions('visible', fetcher));
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0); // the first fetch, on mount
    // The tab goes to the background: the panel re-renders with the new state.
    if (visibility === 'hidden') {
      page.visibilityState = 'hidden';
      observer.setOptions(realtimeQueryOptions('hidden', fetcher));
    }
    const before = fetcher.mock.calls.length;
    await vi.advanceTimersByTimeAsync(ms);
    stop();
    client.clear();
    return fetcher.mock.calls.length - before;
  }

  it('fetches on each period while visible', async () => {
    expect(await callsOver(4 * REALTIME_POLL_MS, 'visible')).toBe(4);
  });

  it('stops fetching while the page is hidden', async () => {
    expect(await callsOver(10 * REALTIME_POLL_MS, 'hidden')).toBe(0);
  });

  it('skips a tick that falls while hidden even if the interval was not yet updated', async () => {
    const client = new QueryClient();
    const fetcher = vi.fn(async () => SNAPSHOT);
    const stop = new QueryObserver(client, realtimeQueryOptions('visible', fetcher)).subscribe(
      () => {},
    );
    await vi.advanceTimersByTimeAsync(0);
    page.visibilityState = 'hidden'; // refetchIntervalInBackground: false
    await vi.advanceTimersByTimeAsync(3 * REALTIME_POLL_MS);
    expect(fetcher).toHaveBeenCalledTimes(1);
    stop();
    client.clear();
  });

  it('fetches at once on coming back only when the figures are a poll old', () => {
    const now = Date.parse('2026-03-01T14:32:05Z');
    expect(isOverdue(now - REALTIME_POLL_MS, now)).toBe(true);
    expect(isOverdue(now - 5_000, now)).toBe(false);
    expect(isOverdue(0, now)).toBe(false); // nothing fetched yet: the mount fetches
  });
});

describe('the Realtime panel’s words', () => {
  it('announces the count only when it changes between two polls', () => {
    expect(visitorsAnnouncement(undefined, 3, 5, 'en')).toBeUndefined();
    expect(visitorsAnnouncement(3, 3, 5, 'en')).toBeUndefined();
    expect(visitorsAnnouncement(3, 4, 5, 'en')).toBe(
      '4 visitors in the last 5 minutes, up from 3.',
    );
    expect(visitorsAnnouncement(2, 1, 5, 'en')).toBe(
      '1 visitor in the last 5 minutes, down from 2.',
    );
  });

  it('shows the first rows and counts the rest', () => {
    expect(firstRows([1, 2, 3], 5)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(firstRows([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
  });

  it('names a visit without a referrer as the Referrers table does', () => {
    expect(sourceLabel('(direct)')).toBe('Direct or unknown');
    expect(sourceLabel('www.google.com')).toBe('www.google.com');
  });

  it('tells the update time to the second', () => {
    expect(clockTime(SNAPSHOT.generatedAt, 'en-GB')).toMatch(/^\d\d:\d\d:05$/);
  });
});
