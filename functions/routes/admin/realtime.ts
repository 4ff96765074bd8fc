// GET /api/admin/analytics/realtime (issue 25, docs/decisions/0157-realtime.md): visitors of the
// last five minutes, by page and source. The Analytics tab polls it every 15 s while it is
// visible. Everyone with `analytics`; figures only, no personal data.
import { Hono } from 'hono';
import { requirePermission, sameSiteReads } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { REALTIME_MINUTES } from '../../data/realtime.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import { SITE_SCOPE_PREFIX } from '../../shared/site-routes.ts';
import { realtimeSchema, type Realtime } from '../../shared/analytics.ts';
import { defineRoute, mount } from '../support/define-route.ts';

export const getRealtime = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'analytics',
    scope: 'analytics:read',
    summary: 'Visitors of the last five minutes, by page and source',
    responses: { 200: realtimeSchema },
  },
  async (c) => {
    const services = c.get('services');
    const [snapshot, pages] = await Promise.all([
      services.realtime.snapshot(),
      services.pages.list(),
    ]);
    const byId = new Map(pages.map((page) => [page.id, page]));
    c.header('Cache-Control', 'no-store');
    return c.json<Realtime>({
      visitors: snapshot.visitors,
      pages: snapshot.pages.map(({ pageId, visitors }) => {
        const page = byId.get(pageId);
        // A site page counts under '/' + its path; a landing page under its id.
        if (!page) {
          const path = pageId.startsWith(SITE_SCOPE_PREFIX) ? pageId : '(a deleted page)';
          return { path, title: path, visitors };
        }
        return {
          path: page.slug === DEFAULT_SLUG ? '/' : `/${page.slug}`,
          title: page.title,
          visitors,
        };
      }),
      sources: snapshot.sources,
      minutes: REALTIME_MINUTES,
      generatedAt: services.now().toISOString(),
    });
  },
);

export const realtime = mount(
  new Hono<AppEnv>().use(sameSiteReads).use(requirePermission('analytics')),
  [getRealtime],
);
