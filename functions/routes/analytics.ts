// GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&pageId=ID]: the Analytics tab's
// figures for a range of UTC days and the period of the same length before it.
import { Hono } from 'hono';
import { analyticsReport } from '../data/analytics/report.ts';
import { requirePermission, sameSiteReads } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import {
  analyticsQuerySchema,
  analyticsResponseSchema,
  type AnalyticsResponse,
} from '../shared/analytics.ts';
import { defineRoute, mount } from './support/define-route.ts';

export const analyticsFigures = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: 'The Analytics tab’s figures for a range of days, and the period before it',
    request: { query: analyticsQuerySchema },
    responses: { 200: analyticsResponseSchema },
  },
  async (c, { query }) => {
    const report = await analyticsReport(c.get('services'), query);
    if (!report) throw notFound('Page');
    // Figures change with every visit: never served from a cache.
    c.header('Cache-Control', 'no-store');
    return c.json<AnalyticsResponse>(report);
  },
);

export const analytics = mount(
  new Hono<AppEnv>().use(sameSiteReads).use(requirePermission('analytics')),
  [analyticsFigures],
);
