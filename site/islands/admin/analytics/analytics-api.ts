// The Analytics tab's calls, on the admin's HTTP layer; each answer is checked against the
// shared schema, so a drifted contract fails loudly here rather than drawing nonsense.
import {
  analyticsResponseSchema,
  realtimeSchema,
  type AnalyticsResponse,
  type Realtime,
} from '../../../../functions/shared/analytics.ts';
import { request } from '../api.ts';
import type { DayRange } from './format.ts';

export const analyticsKey = (range: DayRange, pageId: string | undefined, locale?: string) =>
  ['/api/admin/analytics', range.from, range.to, pageId ?? 'all', locale ?? 'all'] as const;

/** The tab's figures: every page, one page, or one locale's (issue 39), never page and locale. */
export async function fetchAnalytics(
  range: DayRange,
  pageId: string | undefined,
  locale?: string,
): Promise<AnalyticsResponse> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (pageId) query.set('pageId', pageId);
  if (locale) query.set('locale', locale);
  return request(analyticsResponseSchema, 'GET', `/api/admin/analytics?${query}`);
}

/** The Realtime panel's key (realtime-panel.tsx): visitors of the last minutes, site-wide. */
export const REALTIME_KEY = ['/api/admin/analytics/realtime'] as const;

/** GET /api/admin/analytics/realtime (functions/routes/admin/realtime.ts). */
export async function fetchRealtime(): Promise<Realtime> {
  return request(realtimeSchema, 'GET', '/api/admin/analytics/realtime');
}
