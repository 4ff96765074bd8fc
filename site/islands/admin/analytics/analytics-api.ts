// The Analytics tab's call, on the admin's HTTP layer; the answer is checked against the
// shared schema, so a drifted contract fails loudly here rather than drawing nonsense.
import {
  analyticsResponseSchema,
  type AnalyticsResponse,
} from '../../../../functions/shared/analytics.ts';
import { request } from '../api.ts';
import type { DayRange } from './format.ts';

export const analyticsKey = (range: DayRange, pageId: string | undefined) =>
  ['/api/admin/analytics', range.from, range.to, pageId ?? 'all'] as const;

export async function fetchAnalytics(
  range: DayRange,
  pageId: string | undefined,
): Promise<AnalyticsResponse> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (pageId) query.set('pageId', pageId);
  return analyticsResponseSchema.parse(await request('GET', `/api/admin/analytics?${query}`));
}
