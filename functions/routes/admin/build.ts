// /api/admin/build: the site build's status, and asking for a rebuild by hand.
import { Hono } from 'hono';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { buildStatusSchema } from '../../shared/api/build.ts';
import { buildStatus, requestRebuild } from '../support/changes.ts';
import { defineRoute, mount } from '../support/define-route.ts';

export const getBuild = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: "The site build's status: up to date, building, failed or disabled",
    responses: { 200: buildStatusSchema },
  },
  async (c) => c.json(await buildStatus(c)),
);

export const requestBuild = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'publish',
    summary: 'Asks for a site rebuild by hand; answers the build status after asking',
    responses: { 202: buildStatusSchema },
  },
  async (c) => {
    await requestRebuild(c, 'manual');
    return c.json(await buildStatus(c), 202);
  },
);

export const build = mount(
  new Hono<AppEnv>().use(requirePermission('publish', { writesOnly: true })),
  [getBuild, requestBuild],
);
