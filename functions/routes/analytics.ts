// GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&pageId=ID]: the Analytics tab's
// figures for a range of UTC days and the period of the same length before it.
import { Hono, type MiddlewareHandler } from 'hono';
import { analyticsReport } from '../data/analytics.ts';
import { requireAdmin } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound, validationError } from '../lib/errors.ts';
import { analyticsQuerySchema, type AnalyticsResponse } from '../shared/analytics.ts';

/**
 * requireAdmin checks only changes for their origin; business figures are refused to
 * other sites even for reading, as the leads inbox does.
 */
const sameSiteReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    c.header('Cache-Control', 'no-store');
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
  await next();
};

export const analytics = new Hono<AppEnv>()
  .use(sameSiteReads)
  .use(requireAdmin)
  .get('/', async (c) => {
    const parsed = analyticsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error.issues);
    const report = await analyticsReport(c.get('services'), parsed.data);
    if (!report) throw notFound('Page');
    // Figures change with every visit: never served from a cache.
    c.header('Cache-Control', 'no-store');
    return c.json<AnalyticsResponse>(report);
  });
