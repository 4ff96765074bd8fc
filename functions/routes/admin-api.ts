// /api/admin: versions of a page, deleted pages, the audit log and the site build
// status. Every route needs a signed-in administrator.
import { Hono } from 'hono';
import { z } from 'zod';
import { auditCursorSchema } from '../data/audit.ts';
import { requireAdmin } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { params } from '../lib/validate.ts';
import { actorOf, recordChange } from './admin-changes.ts';

const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const versionParam = idParam.extend({
  versionId: z.string().regex(/^[0-9T:.Z-]{20,30}#[0-9a-f]{8}$/),
});

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
});

export const adminApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/pages/:id/versions', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const versions = await c.get('services').pages.versions(id);
    return c.json(
      versions.map(({ versionId, reason, actor, createdAt, title, slug, isActive }) => ({
        versionId,
        reason,
        actor,
        createdAt,
        title,
        slug,
        isActive,
      })),
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
    const page = await c.get('services').pages.restoreVersion(id, versionId, actorOf(c));
    await recordChange(c, 'restore', page, `version of ${versionId.slice(0, 19)}Z restored`);
    return c.json(page);
  })
  .get('/deleted-pages', async (c) => c.json(await c.get('services').pages.listDeleted()))
  .post('/deleted-pages/:id/restore', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const page = await c.get('services').pages.restoreDeleted(id, actorOf(c));
    await recordChange(c, 'restore', page, 'deleted page restored');
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
  .get('/build', async (c) => c.json(await c.get('services').rebuilder.status()))
  .post('/build', async (c) => {
    const services = c.get('services');
    await services.rebuilder.request(`manual rebuild by ${actorOf(c)}`);
    return c.json(await services.rebuilder.status(), 202);
  });
