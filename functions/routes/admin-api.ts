// /api/admin: one page by id, its versions, deleted pages, the audit log and the site
// build status. Every route needs a signed-in administrator.
import { Hono } from 'hono';
import * as z from 'zod';
import { auditCursorSchema } from '../data/audit.ts';
import { requireAdmin } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { params } from '../lib/validate.ts';
import { auditQuerySchema, type VersionSummary } from '../shared/api.ts';
import { pageIdSchema, versionIdSchema } from '../shared/slug.ts';
import { buildStatus, pageChange, requestRebuild } from './admin-changes.ts';

const idParam = z.object({ id: pageIdSchema });
const versionParam = idParam.extend({ versionId: versionIdSchema });
const auditQuery = auditQuerySchema;

export const adminApi = new Hono<AppEnv>()
  .use(requireAdmin)
  // The page as stored now, drafts included: what the editor reloads after a conflict.
  .get('/pages/:id', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const page = await c.get('services').pages.getById(id);
    if (!page) throw notFound('Landing page');
    c.header('Cache-Control', 'no-store');
    return c.json(page);
  })
  .get('/pages/:id/versions', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const versions = await c.get('services').pages.versions(id);
    return c.json(
      versions.map(
        ({ versionId, reason, actor, createdAt, title, slug, isActive }): VersionSummary => ({
          versionId,
          reason,
          actor,
          createdAt,
          title,
          slug,
          isActive,
        }),
      ),
    );
  })
  .get('/pages/:id/versions/:versionId', params(versionParam), async (c) => {
    const { id, versionId } = c.req.valid('param');
    const version = await c.get('services').pages.getVersion(id, versionId);
    if (!version) throw notFound('Version');
    return c.json(version);
  })
  .post('/pages/:id/versions/:versionId/restore', params(versionParam), async (c) => {
    const { id, versionId } = c.req.valid('param');
    const page = await c.get('services').pages.restoreVersion(
      id,
      versionId,
      pageChange(c, 'restore', () => `version of ${versionId.slice(0, 19)}Z restored`),
    );
    await requestRebuild(c, 'restore', page);
    return c.json(page);
  })
  .get('/deleted-pages', async (c) => c.json(await c.get('services').pages.listDeleted()))
  .post('/deleted-pages/:id/restore', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const page = await c.get('services').pages.restoreDeleted(
      id,
      pageChange(c, 'restore', () => 'deleted page restored'),
    );
    await requestRebuild(c, 'restore', page);
    return c.json(page);
  })
  .get('/audit', async (c) => {
    const parsed = auditQuery.safeParse(c.req.query());
    if (!parsed.success) {
      throw new ApiError(400, 'validation_failed', 'Invalid request: limit must be 1 to 200', {
        limit: ['must be a whole number from 1 to 200'],
      });
    }
    const { audit, cursors } = c.get('services');
    const start = parsed.data.cursor
      ? await cursors.decode('audit', parsed.data.cursor, auditCursorSchema)
      : undefined;
    const page = await audit.list(parsed.data.limit, start);
    return c.json({
      entries: page.entries,
      cursor: page.cursor ? await cursors.encode('audit', page.cursor) : undefined,
    });
  })
  .get('/build', async (c) => c.json(await buildStatus(c)))
  .post('/build', async (c) => {
    await requestRebuild(c, 'manual');
    return c.json(await buildStatus(c), 202);
  });
