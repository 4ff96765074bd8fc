// /api/admin/audit: the audit log, newest first, a page at a time with a signed cursor.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { auditCursorSchema } from '../../data/audit.ts';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { query } from '../../lib/validate.ts';
import { auditQuerySchema } from '../../shared/api/audit.ts';

const { createHandlers } = createFactory<AppEnv>();

const auditQuery = query(
  auditQuerySchema,
  () =>
    new ApiError(400, 'validation_failed', 'Invalid request: limit must be 1 to 200', {
      limit: ['must be a whole number from 1 to 200'],
    }),
);

const listAudit = createHandlers(auditQuery, async (c) => {
  const { limit, cursor } = c.req.valid('query');
  const { audit, cursors } = c.get('services');
  const start = cursor ? await cursors.decode('audit', cursor, auditCursorSchema) : undefined;
  const page = await audit.list(limit, start);
  return c.json({
    entries: page.entries,
    cursor: page.cursor ? await cursors.encode('audit', page.cursor) : undefined,
  });
});

export const auditLog = new Hono<AppEnv>()
  .use(requirePermission('accounts'))
  .get('/', ...listAudit);
