// /api/admin/analytics/shares (issue 25, docs/decisions/0156-shared-dashboards.md): read-only
// analytics links for people without an account. Everyone with `analytics` sees the list;
// making or revoking one, which hands figures to outsiders, takes `publish` (admins and
// publishers). The link itself is answered by functions/routes/shared-analytics.ts.
import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { handlerPermission, requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, params, requireJson } from '../../lib/validate.ts';
import { AnalyticsShareRepository, type ShareRecord } from '../../data/analytics-shares.ts';
import {
  createShareSchema,
  sharedDashboardPath,
  type AnalyticsShare,
} from '../../shared/reports.ts';
import { actorOf } from '../support/actor.ts';

const { createHandlers } = createFactory<AppEnv>();
const idParam = params(z.object({ id: z.uuid() }));
const mayShare = handlerPermission('publish');

export const sharesOf = (c: Context<AppEnv>) => {
  const { db, tableName, now, secrets } = c.get('services');
  return new AnalyticsShareRepository(db, tableName, now, secrets);
};

async function withUrl(c: Context<AppEnv>, share: ShareRecord): Promise<AnalyticsShare> {
  const token = await sharesOf(c).tokenOf(share.id);
  return { ...share, url: `${c.get('services').config.siteUrl}${sharedDashboardPath(token)}` };
}

const list = createHandlers(async (c) => {
  const shares = await sharesOf(c).list();
  return c.json({ shares: await Promise.all(shares.map((share) => withUrl(c, share))) });
});

const create = createHandlers(mayShare, requireJson, jsonBody(createShareSchema), async (c) => {
  const { label, expiresInDays } = c.req.valid('json');
  const share = await sharesOf(c).create(label, expiresInDays, actorOf(c));
  return c.json<AnalyticsShare>(await withUrl(c, share), 201);
});

const revoke = createHandlers(mayShare, idParam, async (c) => {
  await sharesOf(c).revoke(c.req.valid('param').id, actorOf(c));
  return c.body(null, 204);
});

export const analyticsShares = new Hono<AppEnv>()
  .use(requirePermission('analytics'))
  .get('/', ...list)
  .post('/', ...create)
  .delete('/:id', ...revoke);
