// /api/admin/redirects (issue 23): list (with hits), add, delete. Publishers and admins
// only (the publish permission: "publish, unpublish, schedule, redirects"). Each change is
// audited in its own transaction and asks for a rebuild, which publishes the redirect map
// (docs/decisions/0141-redirects-served-twice.md: the local server serves it at once after the
// rebuild, CloudFront once the rebuild has updated its KeyValueStore).
import { Hono } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import {
  createRedirectSchema,
  redirectIdSchema,
  redirectListSchema,
  redirectSchema,
  type RedirectDto,
} from '../../shared/redirects.ts';
import { actorEmail } from '../support/actor.ts';
import { requestRebuild } from '../support/changes.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const change = (c: Parameters<typeof actorEmail>[0]) => ({
  actor: actorEmail(c),
  ip: c.get('services').clientIp(c),
});

export const listRedirects = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'publish',
    summary: 'Every redirect, by the path it redirects from, with its hits',
    responses: { 200: redirectListSchema },
  },
  async (c) => c.json<RedirectDto[]>(await c.get('services').redirects.list()),
);

export const addRedirect = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'publish',
    summary: 'Adds a redirect; the rebuild it asks for publishes it',
    request: { json: createRedirectSchema },
    responses: { 201: redirectSchema },
  },
  async (c, { json }) => {
    const redirect = await c.get('services').redirects.put(json, change(c));
    await requestRebuild(c, 'redirect-add');
    return c.json<RedirectDto>(redirect, 201);
  },
);

export const deleteRedirect = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'publish',
    summary: 'Deletes a redirect; the rebuild it asks for withdraws it',
    request: { params: z.object({ id: redirectIdSchema }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    await c.get('services').redirects.delete(id, change(c));
    await requestRebuild(c, 'redirect-delete');
    return c.body(null, 204);
  },
);

export const redirects = mount(new Hono<AppEnv>().use(requirePermission('publish')), [
  listRedirects,
  addRedirect,
  deleteRedirect,
]);
