// /api/admin/deleted-pages: pages deleted in the last 30 days, and restoring one.
import { Hono } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { pageIdSchema } from '../../shared/slug.ts';
import { pageChange, requestRebuild } from '../support/changes.ts';
import { approvalsRequired, approvalsText } from '../support/review-gate.ts';
import {
  deletedPageRestoredSchema,
  deletedPageListSchema,
  type DeletedPageRestored,
} from '../../shared/api/versions.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const idParam = z.object({ id: pageIdSchema });

export const listDeleted = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: 'The pages deleted in the last 30 days, which can still be restored',
    responses: { 200: deletedPageListSchema },
  },
  async (c) => c.json(await c.get('services').pages.listDeleted()),
);

/**
 * Brings a deleted page back. While review is required, one that was live comes back as a
 * draft: showing it again is a publish, with its review (issue 33); the answer's `notice`
 * says so.
 */
export const restoreDeleted = defineRoute(
  {
    method: 'post',
    path: '/:id/restore',
    permission: 'publish',
    summary: 'Restores a deleted page; a live one comes back as a draft while review is required',
    request: { params: idParam },
    responses: { 200: deletedPageRestoredSchema },
  },
  async (c, { params: { id } }) => {
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
  },
);

export const deletedPages = mount(
  new Hono<AppEnv>().use(requirePermission('publish', { writesOnly: true })),
  [listDeleted, restoreDeleted],
);
