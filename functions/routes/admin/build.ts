// /api/admin/build: the site build's status, and asking for a rebuild by hand.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { buildStatus, requestRebuild } from '../support/changes.ts';

const { createHandlers } = createFactory<AppEnv>();

const getBuild = createHandlers(async (c) => c.json(await buildStatus(c)));

const requestBuild = createHandlers(async (c) => {
  await requestRebuild(c, 'manual');
  return c.json(await buildStatus(c), 202);
});

export const build = new Hono<AppEnv>()
  .use(requirePermission('publish', { writesOnly: true }))
  .get('/', ...getBuild)
  .post('/', ...requestBuild);
