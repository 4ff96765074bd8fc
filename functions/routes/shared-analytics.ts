// GET /api/shared/analytics/:token?from=&to=[&pageId=|&locale=] (issue 25,
// docs/decisions/0156-shared-dashboards.md): the Analytics tab's figures for someone holding a
// shared link, without an account. The same report the tab reads (functions/data/analytics/report.ts),
// which holds no personal data: counts per day, page, source, campaign and device; never a lead. A
// revoked or expired link answers 410 saying so; a forged or unknown one 404. With `locale`,
// that locale's share, as the tab gives it (docs/decisions/0574-analytics-by-locale.md); the
// site's locales are read as the event intake reads them (functions/data/events/locales.ts).
import { Hono } from 'hono';
import * as z from 'zod';
import { analyticsReport } from '../data/analytics/report.ts';
import { AnalyticsShareRepository } from '../data/analytics-shares.ts';
import { InstallSecrets } from '../data/install-secrets.ts';
import type { VisitorEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { analyticsQuerySchema, analyticsResponseSchema } from '../shared/analytics.ts';
import { reportLocale } from './support/analytics-locale.ts';
import { defineVisitorRoute, mount } from './support/define-route.ts';

const tokenParam = z.object({ token: z.string().max(200) });

const date = (iso: string) => iso.slice(0, 10);

/** The tab's report, with the link's label and expiry. */
const sharedReportSchema = analyticsResponseSchema.extend({
  share: z.object({ label: z.string(), expiresAt: z.string().nullable() }),
});

export const readSharedAnalytics = defineVisitorRoute(
  {
    method: 'get',
    path: '/:token',
    permission: 'public',
    summary:
      "The Analytics tab's figures for the holder of a shared link (410 once revoked or expired)",
    request: { params: tokenParam, query: analyticsQuerySchema },
    responses: { 200: sharedReportSchema },
  },
  async (c, { params, query }) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    const services = c.get('services');
    const shares = new AnalyticsShareRepository(
      services.db,
      services.tableName,
      services.now,
      new InstallSecrets(services.db, services.tableName, services.now),
    );
    const found = await shares.resolve(params.token);
    if (found.status === 'unknown') throw notFound('Shared dashboard');
    if (found.status === 'revoked') {
      throw new ApiError(
        410,
        'gone',
        `This shared dashboard was revoked on ${date(found.share.revokedAt!)}: ask whoever sent it for a new link.`,
      );
    }
    if (found.status === 'expired') {
      throw new ApiError(
        410,
        'gone',
        `This shared dashboard expired on ${date(found.share.expiresAt!)}: ask whoever sent it for a new link.`,
      );
    }
    const locales = await services.events.siteLocales();
    const locale = reportLocale(locales, query.locale);
    const report = await analyticsReport(services, { ...query, locale });
    if (!report) throw notFound('Page');
    return c.json<z.output<typeof sharedReportSchema>>({
      ...report,
      locale: query.locale ?? null,
      locales,
      share: { label: found.share.label, expiresAt: found.share.expiresAt },
    });
  },
);

export const sharedAnalytics = mount(new Hono<VisitorEnv>(), [readSharedAnalytics]);
