// /api/admin/deleted-pages: pages deleted in the last 30 days, and restoring one.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { params } from '../../lib/validate.ts';
import { pageIdSchema } from '../../shared/slug.ts';
import { pageChange, requestRebuild } from '../admin-changes.ts';

const idParam = z.object({ id: pageIdSchema });
const { createHandlers } = createFactory<AppEnv>();

const listDeleted = createHandlers(async (c) =>
  c.json(await c.get('services').pages.listDeleted()),
);

const restoreDeleted = createHandlers(params(idParam), async (c) => {
  const { id } = c.req.valid('param');
  const page = await c.get('services').pages.restoreDeleted(
    id,
    pageChange(c, 'restore', () => 'deleted page restored'),
  );
  await requestRebuild(c, 'restore', page);
  return c.json(page);
});

export const deletedPages = new Hono<AppEnv>()
  .use(requirePermission('publish', { writesOnly: true }))
  .get('/', ...listDeleted)
  .post('/:id/restore', ...restoreDeleted);
