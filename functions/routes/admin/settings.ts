// /api/admin/settings: how many approvals publishing needs (issue 23); admins only.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, requireJson } from '../../lib/validate.ts';
import { settingsSchema, type Settings } from '../../shared/workflow.ts';

const { createHandlers } = createFactory<AppEnv>();

const getSettings = createHandlers(async (c) =>
  c.json<Settings>(await c.get('services').workflow.settings()),
);

const putSettings = createHandlers(requireJson, jsonBody(settingsSchema), async (c) => {
  const admin = c.get('admin')!;
  const saved = await c.get('services').workflow.putSettings(c.req.valid('json'), {
    email: admin.email,
    ip: c.get('services').clientIp(c),
  });
  return c.json<Settings>(saved);
});

export const settings = new Hono<AppEnv>()
  .use(requirePermission('accounts'))
  .get('/', ...getSettings)
  .put('/', ...putSettings);
