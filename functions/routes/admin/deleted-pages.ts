// /api/admin/deleted-pages: pages deleted in the last 30 days, and restoring one.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { params } from '../../lib/validate.ts';
import { pageIdSchema } from '../../shared/slug.ts';
import { pageChange, requestRebuild } from '../support/changes.ts';
import { approvalsRequired, approvalsText } from '../support/review-gate.ts';
import type { DeletedPageRestored } from '../../shared/api/versions.ts';

const idParam = z.object({ id: pageIdSchema });
const { createHandlers } = createFactory<AppEnv>();

const listDeleted = createHandlers(async (c) =>
  c.json(await c.get('services').pages.listDeleted()),
);

/**
 * Brings a deleted page back. While review is required, one that was live comes back as a
 * draft: showing it again is a publish, with its review (issue 33); the answer's `notice`
 * says so.
 */
const restoreDeleted = createHandlers(params(idParam), async (c) => {
  const { id } = c.req.valid('param');
  const { pages } = c.get('services');
  const required = await approvalsRequired(c);
  const wasLive =
    required > 0 && (await pages.listDeleted()).some((p) => p.id === id && p.isActive);
  const page = await pages.restoreDeleted(
    id,
    pageChange(c, 'restore', (_before, after) =>
      required > 0 && !after.isActive
        ? 'deleted page restored as a draft'
        : 'deleted page restored',
    ),
    { asDraft: required > 0 },
  );
  await requestRebuild(c, 'restore', page);
  return c.json<DeletedPageRestored>({
    ...page,
    ...(wasLive
      ? {
          notice: `${page.title} was live when it was deleted. Publishing needs ${approvalsText(required)}, so it is back as a draft: submit it for review, and publish it once approved.`,
        }
      : {}),
  });
});

export const deletedPages = new Hono<AppEnv>()
  .use(requirePermission('publish', { writesOnly: true }))
  .get('/', ...listDeleted)
  .post('/:id/restore', ...restoreDeleted);
