// /api/admin/redirects (issue 23): list (with hits), add, delete. Publishers and admins
// only (the publish permission: "publish, unpublish, schedule, redirects"). Each change is
// audited in its own transaction and asks for a rebuild, which publishes the redirect map
// (docs/decisions/0141-redirects-served-twice.md: the local server serves it at once after the
// rebuild, CloudFront once the rebuild has updated its KeyValueStore).
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, params, requireJson } from '../../lib/validate.ts';
import {
  createRedirectSchema,
  redirectIdSchema,
  type RedirectDto,
} from '../../shared/redirects.ts';
import { actorEmail } from '../support/actor.ts';
import { requestRebuild } from '../support/changes.ts';

const idParam = z.object({ id: redirectIdSchema });
const { createHandlers } = createFactory<AppEnv>();

const change = (c: Parameters<typeof actorEmail>[0]) => ({
  actor: actorEmail(c),
  ip: c.get('services').clientIp(c),
});

const listRedirects = createHandlers(async (c) =>
  c.json<RedirectDto[]>(await c.get('services').redirects.list()),
);

const addRedirect = createHandlers(requireJson, jsonBody(createRedirectSchema), async (c) => {
  const redirect = await c.get('services').redirects.put(c.req.valid('json'), change(c));
  await requestRebuild(c, 'redirect-add');
  return c.json<RedirectDto>(redirect, 201);
});

const deleteRedirect = createHandlers(params(idParam), async (c) => {
  await c.get('services').redirects.delete(c.req.valid('param').id, change(c));
  await requestRebuild(c, 'redirect-delete');
  return c.body(null, 204);
});

export const redirects = new Hono<AppEnv>()
  .use(requirePermission('publish'))
  .get('/', ...listRedirects)
  .post('/', ...addRedirect)
  .delete('/:id', ...deleteRedirect);
