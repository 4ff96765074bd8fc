// GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&pageId=ID]: the Analytics tab's
// figures for a range of UTC days and the period of the same length before it.
import { Hono } from 'hono';
import { analyticsReport } from '../data/analytics/report.ts';
import { requirePermission, sameSiteReads } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { notFound } from '../lib/errors.ts';
import { query } from '../lib/validate.ts';
import { analyticsQuerySchema, type AnalyticsResponse } from '../shared/analytics.ts';

export const analytics = new Hono<AppEnv>()
  .use(sameSiteReads)
  .use(requirePermission('analytics'))
  .get('/', query(analyticsQuerySchema), async (c) => {
    const report = await analyticsReport(c.get('services'), c.req.valid('query'));
    if (!report) throw notFound('Page');
    // Figures change with every visit: never served from a cache.
    c.header('Cache-Control', 'no-store');
    return c.json<AnalyticsResponse>(report);
  });
