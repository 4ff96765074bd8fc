// /api/admin/leads: the Leads inbox. List with filters and a cursor, the new-lead count,
// one lead with its timeline and CRM delivery, status, owner changes and notes, a manual
// delivery retry, erasure for a data-subject request, the CSV export (of a filter, or of
// chosen leads). Bulk changes of up to 100 leads answer per lead. Changes are audited by
// lead id only (and the owner's account): no personal data in the log after an erasure.
// Owners (issue 26) are active accounts with the leads permission, told by e-mail
// (functions/mail/lead-owner.ts). Leads by form (docs/decisions/0392-leads-carry-their-form.md):
// each lead comes with its form's title, `formId` filters, GET /forms lists the choices.
// Leads by locale (docs/decisions/0575-leads-by-locale.md): `locale` filters the list and the
// CSV (a lead from before locales counts as en-US), GET /locales lists the Language filter's choices.
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod';
import type { Lead, LeadRecord } from '../data/leads/lead-item.ts';
import { leadCursorSchema } from '../data/leads/list-query.ts';
import { toDelivery } from '../data/outbox.ts';
import { requirePermission, sameSiteReads } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { notifyLeadOwner } from '../mail/lead-owner.ts';
import {
  type LeadBulkResult,
  leadBulkResultSchema,
  leadBulkSchema,
  leadExportSelectionSchema,
  type LeadOwners,
  leadOwnersSchema,
  leadPatchSchema,
} from '../shared/leads/changes.ts';
import { type LeadDetail, leadDetailSchema } from '../shared/leads/lead.ts';
import {
  LEAD_PAGE_SIZE,
  type LeadFilter,
  leadFilterSchema,
  type LeadForms,
  leadFormsSchema,
  type LeadList,
  leadListQuerySchema,
  type LeadLocales,
  leadLocalesSchema,
  leadListSchema,
  type LeadStats,
  leadStatsSchema,
} from '../shared/leads/list.ts';
import { DEFAULT_LOCALE, localeName } from '../shared/locales.ts';
import { checkOwner, mayOwnLeads, ownerName } from './support/lead-owners.ts';
import { audit } from './support/audit.ts';
import { csvAnswer } from './support/lead-csv.ts';
import { formChoices, withFormTitles } from './support/lead-forms.ts';
import { changeInBulk, inTurn } from './support/lead-bulk.ts';
import { actorEmail } from './support/actor.ts';
import { defineRoute, mount } from './support/define-route.ts';

const idParam = z.object({ id: z.uuid() });
/** Binds signed cursors to this list (functions/lib/cursor.ts). */
const CURSOR_PURPOSE = 'leads';

/** The landing page a `page` filter names, when it is a page we know (else raw matching). */
async function filterPage(c: Context<AppEnv>, filter: LeadFilter) {
  if (!filter.page || !z.uuid().safeParse(filter.page).success) return undefined;
  return c.get('services').pages.getById(filter.page);
}

async function detail(c: Context<AppEnv>, record: LeadRecord): Promise<LeadDetail> {
  const numbers = await c.get('services').leads.contacts.numbers([record.lead]);
  const contact = numbers.get(record.lead.id);
  const [lead] = await withFormTitles(c, [record.lead]);
  return {
    lead: lead!,
    timeline: record.timeline,
    delivery: record.outbox ? toDelivery(record.outbox) : null,
    // The lead routing settings in effect (functions/webhooks/lead-routing.ts).
    webhookConfigured: await c.get('services').leadRouting.forwards(),
    ...(contact ? { contact } : {}),
  };
}

/** The filter with `owner=me` made the caller's own e-mail. */
function resolveOwner<T extends LeadFilter>(c: Context<AppEnv>, filter: T): T {
  return filter.owner === 'me' ? { ...filter, owner: actorEmail(c).toLowerCase() } : filter;
}

async function loadRecord(c: Context<AppEnv>, id: string): Promise<LeadRecord> {
  const record = await c.get('services').leads.record(id);
  if (!record) throw notFound('Lead');
  return record;
}

export const listLeads = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'Leads matching a filter, newest first, a page at a time',
    request: { query: leadListQuerySchema },
    responses: { 200: leadListSchema },
  },
  async (c, { query }) => {
    const services = c.get('services');
    const list = resolveOwner(c, query);
    const cursor = list.cursor
      ? await services.cursors.decode(CURSOR_PURPOSE, list.cursor, leadCursorSchema)
      : undefined;
    const page = await filterPage(c, list);
    const result = await services.leads.list(list, {
      limit: list.limit ?? LEAD_PAGE_SIZE,
      cursor,
      ...(page ? { page } : {}),
    });
    const numbers = await services.leads.contacts.numbers(result.leads);
    const titled = await withFormTitles(c, result.leads);
    return c.json<LeadList>({
      leads: titled.map(({ message: _message, notification: _notification, ...row }) => ({
        ...row,
        ...numbers.get(row.id),
      })),
      ...(result.cursor
        ? { cursor: await services.cursors.encode(CURSOR_PURPOSE, result.cursor) }
        : {}),
      partial: result.partial,
    });
  },
);

export const leadStats = defineRoute(
  {
    method: 'get',
    path: '/stats',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'How many leads are new',
    responses: { 200: leadStatsSchema },
  },
  async (c) => c.json<LeadStats>({ newCount: await c.get('services').leads.countNew() }),
);

export const leadForms = defineRoute(
  {
    method: 'get',
    path: '/forms',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'The Form filter’s choices: the site’s forms, then deleted ones leads still name',
    responses: { 200: leadFormsSchema },
  },
  async (c) => c.json<LeadForms>(await formChoices(c)),
);

export const leadLocales = defineRoute(
  {
    method: 'get',
    path: '/locales',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'The Language filter’s choices: the site’s locales, the default first',
    responses: { 200: leadLocalesSchema },
  },
  async (c) => {
    // The `locales` setting is the admins' (GET /api/admin/settings needs `accounts`); the
    // inbox's readers get the codes and names only.
    const { locales } = await c.get('services').workflow.settings();
    return c.json<LeadLocales>({
      locales: locales.map((code) => ({
        code,
        label: localeName(code, 'en'),
        default: code === DEFAULT_LOCALE,
      })),
    });
  },
);

export const leadOwners = defineRoute(
  {
    method: 'get',
    path: '/owners',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'The accounts a lead may be given to',
    responses: { 200: leadOwnersSchema },
  },
  async (c) => {
    // Who a lead may be given to: what a sales account needs without the accounts list.
    const accounts = await c.get('services').admins.list();
    return c.json<LeadOwners>({
      owners: accounts
        .filter((account) => mayOwnLeads(account))
        .map((account) => ({
          email: account.email,
          ...(account.name ? { name: account.name } : {}),
        })),
    });
  },
);

export const exportLeads = defineRoute(
  {
    method: 'get',
    path: '/export',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'The leads matching a filter as CSV',
    request: { query: leadFilterSchema },
    responses: { 200: { contentType: 'text/csv' } },
  },
  async (c, { query }) => {
    const services = c.get('services');
    const filter = resolveOwner(c, query);
    const page = await filterPage(c, filter);
    const rows = await services.leads.all(filter, page);
    // The search text may be a person's name: the audit line says only that there was one.
    const filters = [
      filter.status && `status ${filter.status}`,
      filter.form && `form ${filter.form}`,
      filter.formId && `form id ${filter.formId}`,
      filter.page && `page ${page?.slug ?? filter.page}`,
      filter.from && `from ${filter.from}`,
      filter.to && `to ${filter.to}`,
      filter.owner && `owner ${filter.owner}`,
      filter.locale && `locale ${filter.locale}`,
      filter.q && 'a search',
    ].filter(Boolean);
    await audit(
      c,
      'lead-export',
      `Leads exported as CSV: ${rows.length} row${rows.length === 1 ? '' : 's'}${filters.length ? ` (${filters.join(', ')})` : ''}`,
    );
    return csvAnswer(c, rows);
  },
);

export const exportChosenLeads = defineRoute(
  {
    method: 'post',
    path: '/export',
    permission: 'leads',
    summary: 'The chosen leads as CSV, in the order asked (ids gone since are left out)',
    request: { json: leadExportSelectionSchema },
    responses: { 200: { contentType: 'text/csv' } },
  },
  async (c, { json: { ids } }) => {
    const services = c.get('services');
    const found = await inTurn(ids, 10, (id) => services.leads.get(id));
    const rows = found.filter((lead): lead is Lead => lead !== undefined);
    await audit(
      c,
      'lead-export',
      `Leads exported as CSV: ${rows.length} row${rows.length === 1 ? '' : 's'} (a selection of ${ids.length})`,
    );
    return csvAnswer(c, rows);
  },
);

export const changeLeads = defineRoute(
  {
    method: 'post',
    path: '/bulk',
    permission: 'leads',
    summary: 'A status or owner for up to 100 leads, answered lead by lead',
    request: { json: leadBulkSchema },
    responses: { 200: leadBulkResultSchema },
  },
  async (c, { json: bulk }) => c.json<LeadBulkResult>(await changeInBulk(c, bulk)),
);

export const getLead = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'leads',
    scope: 'leads:read',
    summary: 'One lead with its timeline and CRM delivery',
    request: { params: idParam },
    responses: { 200: leadDetailSchema },
  },
  async (c, { params: { id } }) => c.json<LeadDetail>(await detail(c, await loadRecord(c, id))),
);

export const changeLead = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'leads',
    scope: 'leads:write',
    summary: 'A lead’s status or owner, or a note',
    request: { params: idParam, json: leadPatchSchema },
    responses: { 200: leadDetailSchema },
  },
  async (c, { params: { id }, json: change }) => {
    const services = c.get('services');
    await checkOwner(c, change.owner);
    const current = await loadRecord(c, id);
    const statusChanges = change.status !== undefined && change.status !== current.lead.status;
    const ownerChanges =
      change.owner !== undefined && (change.owner ?? undefined) !== current.lead.owner;
    if (!statusChanges && !ownerChanges && change.note === undefined) {
      return c.json<LeadDetail>(await detail(c, current));
    }
    await services.leads.update(current, change, actorEmail(c), {
      forward: await services.leadRouting.forwards(),
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
    if (ownerChanges) {
      await audit(
        c,
        'lead-owner',
        `Lead ${id}: owner ${ownerName(current.lead.owner)} → ${ownerName(change.owner ?? undefined)}`,
        id,
      );
      if (change.owner)
        await notifyLeadOwner(services, [current.lead], change.owner, actorEmail(c));
    }
    if (change.note !== undefined) await audit(c, 'lead-note', `Lead ${id}: note added`, id);
    return c.json<LeadDetail>(await detail(c, await loadRecord(c, id)));
  },
);

export const retryLeadDelivery = defineRoute(
  {
    method: 'post',
    path: '/:id/retry',
    permission: 'leads',
    summary: 'Retries a lead’s CRM delivery now',
    request: { params: idParam },
    responses: { 200: leadDetailSchema },
  },
  async (c, { params: { id } }) => {
    const services = c.get('services');
    await loadRecord(c, id);
    const webhook = services.leadWebhook;
    if (!webhook || !(await services.leadRouting.forwards())) {
      throw new ApiError(
        409,
        'conflict',
        'No CRM webhook is configured, or it is off (Account, Lead routing)',
      );
    }
    const outcome = await webhook.retryNow(id);
    const refusals: Partial<Record<typeof outcome, string>> = {
      busy: 'A delivery attempt for this lead is running right now; try again in a minute',
      'no-delivery':
        'This lead has no CRM delivery (it was received as spam or before the webhook was set up)',
      'already-delivered': 'This lead has already been delivered to the CRM',
      cancelled: 'Spam is never forwarded; mark the lead as not spam first',
      'not-configured': 'No CRM webhook is configured, or it is off (Account, Lead routing)',
    };
    const refusal = refusals[outcome];
    if (refusal) throw new ApiError(409, 'conflict', refusal);
    await audit(c, 'lead-retry', `Lead ${id}: CRM delivery retried by hand (${outcome})`, id);
    return c.json<LeadDetail>(await detail(c, await loadRecord(c, id)));
  },
);

export const eraseLead = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'leads',
    summary: 'Erases a lead (a data-subject request)',
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    const erased = await c.get('services').leads.erase(id);
    if (!erased) throw notFound('Lead');
    await audit(c, 'lead-erase', `Lead ${id} erased (data-subject request)`, id);
    return c.body(null, 204);
  },
);

export const leads = mount(new Hono<AppEnv>().use(sameSiteReads).use(requirePermission('leads')), [
  listLeads,
  leadStats,
  leadForms,
  leadLocales,
  leadOwners,
  exportLeads,
  exportChosenLeads,
  changeLeads,
  getLead,
  changeLead,
  retryLeadDelivery,
  eraseLead,
]);
