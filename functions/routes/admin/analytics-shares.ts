// /api/admin/analytics/shares (issue 25, docs/decisions/0156-shared-dashboards.md): read-only
// analytics links for people without an account. Everyone with `analytics` sees the list;
// making or revoking one, which hands figures to outsiders, takes `publish` (admins and
// publishers). The link itself is answered by functions/routes/shared-analytics.ts.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { handlerPermission, requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AnalyticsShareRepository, type ShareRecord } from '../../data/analytics-shares.ts';
import {
  createShareSchema,
  shareListSchema,
  shareSchema,
  sharedDashboardPath,
  type AnalyticsShare,
  type ShareList,
} from '../../shared/reports.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const mayShare = handlerPermission('publish');

export const sharesOf = (c: Context<AppEnv>) => {
  const { db, tableName, now, secrets } = c.get('services');
  return new AnalyticsShareRepository(db, tableName, now, secrets);
};

async function withUrl(c: Context<AppEnv>, share: ShareRecord): Promise<AnalyticsShare> {
  const token = await sharesOf(c).tokenOf(share.id);
  return { ...share, url: `${c.get('services').config.siteUrl}${sharedDashboardPath(token)}` };
}

export const listShares = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'analytics',
    summary: 'Every shared dashboard link, revoked and expired ones too',
    responses: { 200: shareListSchema },
  },
  async (c) => {
    const shares = await sharesOf(c).list();
    return c.json<ShareList>({
      shares: await Promise.all(shares.map((share) => withUrl(c, share))),
    });
  },
);

export const createShare = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'publish',
    summary: 'Makes a read-only analytics link for people without an account',
    middleware: [mayShare],
    request: { json: createShareSchema },
    responses: { 201: shareSchema },
  },
  async (c, { json: { label, expiresInDays } }) => {
    const share = await sharesOf(c).create(label, expiresInDays, actorOf(c));
    return c.json<AnalyticsShare>(await withUrl(c, share), 201);
  },
);

export const revokeShare = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'publish',
    summary: 'Revokes a shared dashboard link: it stops working at once',
    middleware: [mayShare],
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    await sharesOf(c).revoke(id, actorOf(c));
    return c.body(null, 204);
  },
);

export const analyticsShares = mount(new Hono<AppEnv>().use(requirePermission('analytics')), [
  listShares,
  createShare,
  revokeShare,
]);
