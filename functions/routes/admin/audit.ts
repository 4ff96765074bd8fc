// /api/admin/audit: the audit log, newest first, a page at a time with a signed cursor; the
// verification of its hash chain and its export (issue 37,
// docs/decisions/0553-audit-hash-chain.md, docs/decisions/0554-audit-export-and-archive.md).
// Administrators only (the `accounts` permission).
import { Hono } from 'hono';
import { auditCursorSchema } from '../../data/audit.ts';
import { requirePermission } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  auditExportQuerySchema,
  auditListSchema,
  auditQuerySchema,
  auditRangeSchema,
  auditVerdictSchema,
  type AuditList,
  type AuditVerdict,
} from '../../shared/api/audit.ts';
import { audit } from '../support/audit.ts';
import { auditCsv, auditJson } from '../../audit/export.ts';
import { defineRoute, mount } from '../support/define-route.ts';

const limitRefusal = () =>
  new ApiError(400, 'validation_failed', 'Invalid request: limit must be 1 to 200', {
    limit: ['must be a whole number from 1 to 200'],
  });

export const listAudit = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary: 'The audit log, newest first, a page at a time',
    request: { query: auditQuerySchema, queryRefusal: limitRefusal },
    responses: { 200: auditListSchema },
  },
  async (c, { query: { limit, cursor } }) => {
    const { audit, cursors } = c.get('services');
    const start = cursor ? await cursors.decode('audit', cursor, auditCursorSchema) : undefined;
    const page = await audit.list(limit, start);
    return c.json<AuditList>({
      entries: page.entries,
      cursor: page.cursor ? await cursors.encode('audit', page.cursor) : undefined,
    });
  },
);

export const verifyAudit = defineRoute(
  {
    method: 'get',
    path: '/verify',
    permission: 'accounts',
    summary: 'Checks the hash chain of the entries in a range (every kept entry without one)',
    request: { query: auditRangeSchema },
    responses: { 200: auditVerdictSchema },
  },
  async (c, { query }) => c.json<AuditVerdict>(await c.get('services').audit.verify(query)),
);

export const exportAudit = defineRoute(
  {
    method: 'get',
    path: '/export',
    permission: 'accounts',
    summary: 'The entries of a range with their hashes, as CSV or JSON, oldest first',
    request: { query: auditExportQuerySchema },
    responses: {
      200: {
        contentType: ['text/csv', 'application/json'],
        description: 'text/csv for format=csv, else application/json (auditExportSchema)',
      },
    },
  },
  async (c, { query: { from, to: until, format } }) => {
    const services = c.get('services');
    const now = services.now();
    const to = until ?? now.toISOString();
    const { entries, head } = await services.audit.exportRange(from, to);
    const range = from ? `${from} to ${to}` : `up to ${to}`;
    await audit(
      c,
      'audit-export',
      `Audit trail exported as ${format.toUpperCase()}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}, ${range}`,
    );
    const name = `audit-${(from ?? 'start').slice(0, 10)}-to-${to.slice(0, 10)}`;
    if (format === 'csv') {
      return c.body(auditCsv(entries), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}.csv"`,
      });
    }
    c.header('Content-Disposition', `attachment; filename="${name}.json"`);
    return c.json(auditJson({ from, to }, now, entries, head));
  },
);

export const auditLog = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  listAudit,
  verifyAudit,
  exportAudit,
]);
