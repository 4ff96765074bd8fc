// /api/admin/leads: the Leads inbox. List with filters and a cursor, the new-lead count,
// one lead with its timeline and CRM delivery, status changes and notes, a manual
// delivery retry, erasure for a data-subject request, and the CSV export. Every change
// is audited by lead id only, so the audit log keeps no personal data after an erasure.
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import { leadCursorSchema, type Lead, type LeadRecord } from '../data/leads.ts';
import { toDelivery } from '../data/outbox.ts';
import type { AuditAction } from '../data/audit.ts';
import { requirePermission, sameSiteReads } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { jsonBody, params, query, requireJson } from '../lib/validate.ts';
import { INQUIRY_LABELS } from '../shared/contact.ts';
import { toCsv } from '../shared/csv.ts';
import {
  FORM_LABELS,
  LEAD_CSV_HEADER,
  LEAD_PAGE_SIZE,
  leadFilterSchema,
  leadFromPage,
  leadListQuerySchema,
  leadPatchSchema,
  STATUS_LABELS,
  type LeadDetail,
  type LeadFilter,
  type LeadList,
  type LeadStats,
} from '../shared/leads.ts';
import { actorOf } from './admin-changes.ts';

const idParam = z.object({ id: z.uuid() });
/** Binds signed cursors to this list (functions/lib/cursor.ts). */
const CURSOR_PURPOSE = 'leads';

/** The landing page a `page` filter names, when it is a page we know (else raw matching). */
async function filterPage(c: Context<AppEnv>, filter: LeadFilter) {
  if (!filter.page || !z.uuid().safeParse(filter.page).success) return undefined;
  return c.get('services').pages.getById(filter.page);
}

function detail(c: Context<AppEnv>, record: LeadRecord): LeadDetail {
  return {
    lead: record.lead,
    timeline: record.timeline,
    delivery: record.outbox ? toDelivery(record.outbox) : null,
    webhookConfigured: Boolean(c.get('services').leadWebhook),
  };
}

async function audit(c: Context<AppEnv>, action: AuditAction, summary: string, leadId?: string) {
  const services = c.get('services');
  await services.audit.record({
    actor: actorOf(c),
    action,
    summary,
    ...(leadId ? { leadId } : {}),
    ip: services.clientIp(c),
  });
}

async function loadRecord(c: Context<AppEnv>, id: string): Promise<LeadRecord> {
  const record = await c.get('services').leads.record(id);
  if (!record) throw notFound('Lead');
  return record;
}

const csvRow = (lead: Lead, pages: { id: string; slug: string }[]) => {
  const page = pages.find((candidate) => leadFromPage(lead, candidate));
  const inquiry = lead.inquiryType ? INQUIRY_LABELS[lead.inquiryType] : undefined;
  return [
    lead.createdAt,
    lead.name,
    lead.email,
    lead.company,
    lead.role,
    FORM_LABELS[lead.formType],
    inquiry,
    page ? `/${page.slug === 'default' ? '' : page.slug}` : lead.landingPageId,
    STATUS_LABELS[lead.status],
    lead.message,
    lead.attribution?.referrerHost,
    lead.attribution?.utmSource,
    lead.attribution?.utmMedium,
    lead.attribution?.utmCampaign,
    lead.id,
  ];
};

export const leads = new Hono<AppEnv>()
  .use(sameSiteReads)
  .use(requirePermission('leads'))
  .get('/', query(leadListQuerySchema), async (c) => {
    const services = c.get('services');
    const list = c.req.valid('query');
    const cursor = list.cursor
      ? await services.cursors.decode(CURSOR_PURPOSE, list.cursor, leadCursorSchema)
      : undefined;
    const page = await filterPage(c, list);
    const result = await services.leads.list(list, {
      limit: list.limit ?? LEAD_PAGE_SIZE,
      cursor,
      ...(page ? { page } : {}),
    });
    return c.json<LeadList>({
      leads: result.leads.map(({ message: _message, notification: _notification, ...row }) => row),
      ...(result.cursor
        ? { cursor: await services.cursors.encode(CURSOR_PURPOSE, result.cursor) }
        : {}),
      partial: result.partial,
    });
  })
  .get('/stats', async (c) =>
    c.json<LeadStats>({ newCount: await c.get('services').leads.countNew() }),
  )
  .get('/export', query(leadFilterSchema), async (c) => {
    const services = c.get('services');
    const filter = c.req.valid('query');
    const page = await filterPage(c, filter);
    const rows = await services.leads.all(filter, page);
    const pages = await services.pages.list();
    const csv = toCsv(
      LEAD_CSV_HEADER,
      rows.map((lead) => csvRow(lead, pages)),
    );
    // The search text may be a person's name: the audit line says only that there was one.
    const filters = [
      filter.status && `status ${filter.status}`,
      filter.form && `form ${filter.form}`,
      filter.page && `page ${page?.slug ?? filter.page}`,
      filter.from && `from ${filter.from}`,
      filter.to && `to ${filter.to}`,
      filter.q && 'a search',
    ].filter(Boolean);
    await audit(
      c,
      'lead-export',
      `Leads exported as CSV: ${rows.length} row${rows.length === 1 ? '' : 's'}${filters.length ? ` (${filters.join(', ')})` : ''}`,
    );
    const day = services.now().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    });
  })
  .get('/:id', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json<LeadDetail>(detail(c, await loadRecord(c, id)));
  })
  .patch('/:id', params(idParam), requireJson, jsonBody(leadPatchSchema), async (c) => {
    const services = c.get('services');
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    const current = await loadRecord(c, id);
    const statusChanges = change.status !== undefined && change.status !== current.lead.status;
    if (!statusChanges && change.note === undefined) return c.json<LeadDetail>(detail(c, current));
    await services.leads.update(current, change, actorOf(c), {
      forward: Boolean(services.leadWebhook),
    });
    if (statusChanges) {
      await audit(
        c,
        'lead-status',
        `Lead ${id}: status ${current.lead.status} → ${change.status}`,
        id,
      );
      // Rescued from spam with the webhook on: its delivery is due now.
      if (current.lead.status === 'spam') services.leadWebhook?.kick();
    }
    if (change.note !== undefined) await audit(c, 'lead-note', `Lead ${id}: note added`, id);
    return c.json<LeadDetail>(detail(c, await loadRecord(c, id)));
  })
  .post('/:id/retry', params(idParam), async (c) => {
    const services = c.get('services');
    const { id } = c.req.valid('param');
    await loadRecord(c, id);
    const webhook = services.leadWebhook;
    if (!webhook) {
      throw new ApiError(409, 'conflict', 'No CRM webhook is configured (LEAD_WEBHOOK_URL)');
    }
    const outcome = await webhook.retryNow(id);
    const refusals: Partial<Record<typeof outcome, string>> = {
      busy: 'A delivery attempt for this lead is running right now; try again in a minute',
      'no-delivery':
        'This lead has no CRM delivery (it was received as spam or before the webhook was set up)',
      'already-delivered': 'This lead has already been delivered to the CRM',
      cancelled: 'Spam is never forwarded; mark the lead as not spam first',
    };
    const refusal = refusals[outcome];
    if (refusal) throw new ApiError(409, 'conflict', refusal);
    await audit(c, 'lead-retry', `Lead ${id}: CRM delivery retried by hand (${outcome})`, id);
    return c.json<LeadDetail>(detail(c, await loadRecord(c, id)));
  })
  .delete('/:id', params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    const erased = await c.get('services').leads.erase(id);
    if (!erased) throw notFound('Lead');
    await audit(c, 'lead-erase', `Lead ${id} erased (data-subject request)`, id);
    return c.body(null, 204);
  });
