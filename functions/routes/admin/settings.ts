// /api/admin/settings: the publishing settings (issue 23, issue 36,
// docs/decisions/0549-publishing-settings.md); admins only. PUT changes the settings it names.
import { Hono } from 'hono';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { settingsSchema, settingsUpdateSchema, type Settings } from '../../shared/workflow.ts';
import { defineRoute, mount } from '../support/define-route.ts';

export const getSettings = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary:
      'The publishing settings: approvals, claims lint, withdrawn claims, comments, checklist',
    responses: { 200: settingsSchema },
  },
  async (c) => c.json<Settings>(await c.get('services').workflow.settings()),
);

export const putSettings = defineRoute(
  {
    method: 'put',
    path: '/',
    permission: 'accounts',
    summary: 'Changes the publishing settings it names; the others keep their values',
    request: { json: settingsUpdateSchema },
    responses: { 200: settingsSchema },
  },
  async (c, { json }) => {
    const admin = c.get('admin')!;
    const saved = await c.get('services').workflow.putSettings(json, {
      email: admin.email,
      ip: c.get('services').clientIp(c),
    });
    return c.json<Settings>(saved);
  },
);

export const settings = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  getSettings,
  putSettings,
]);
