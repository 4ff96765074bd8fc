// The Leads tab's calls to /api/admin/leads, on the admin's HTTP layer. Answers are read
// with the shared schemas (functions/shared/leads.ts), so a drifted contract fails here.
import type { QueryClient } from '@tanstack/react-query';
import {
  LEAD_STATUSES,
  leadDetailSchema,
  leadListSchema,
  leadStatsSchema,
  type LeadDetail,
  type LeadList,
  type LeadPatch,
  type LeadStats,
  type LeadStatus,
} from '../../../../functions/shared/leads.ts';
import { FORM_TYPES, type FormType } from '../../../../functions/shared/contact.ts';
import { request } from '../api.ts';

/** The filters as the form holds them: empty means "any". Dates are the admin's local days. */
export interface LeadFilterForm {
  status: LeadStatus | '';
  form: FormType | '';
  page: string;
  /** YYYY-MM-DD, first day included */
  fromDay: string;
  /** YYYY-MM-DD, last day included */
  toDay: string;
  q: string;
}

export const EMPTY_FILTER: LeadFilterForm = {
  status: '',
  form: '',
  page: '',
  fromDay: '',
  toDay: '',
  q: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter a /admin/leads URL names (route.ts): status, form, page, from, to (local
 * days) and q. A value the form could not hold (a typo, an old bookmark) is dropped.
 */
export function filterFromUrl(params: URLSearchParams): LeadFilterForm {
  const status = params.get('status') ?? '';
  const form = params.get('form') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    form: (FORM_TYPES as readonly string[]).includes(form) ? (form as FormType) : '',
    page: params.get('page') ?? '',
    fromDay: day('from'),
    toDay: day('to'),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The URL parameters of a filter, for route.ts's viewUrl (empty ones are left out). */
export function filterToUrl(filter: LeadFilterForm): Record<string, string> {
  return {
    status: filter.status,
    form: filter.form,
    page: filter.page,
    from: filter.fromDay,
    to: filter.toDay,
    q: filter.q,
  };
}

export const LEADS_KEY = ['/api/admin/leads'] as const;
export const STATS_KEY = ['/api/admin/leads', 'stats'] as const;
export const listKey = (filter: LeadFilterForm) => ['/api/admin/leads', 'list', filter] as const;
export const detailKey = (id: string) => ['/api/admin/leads', 'detail', id] as const;

/** Midnight of a local day as an instant; the day after for an inclusive end. */
function localMidnight(day: string, plusDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** The query string of the list and the export for a filter (the server's own names). */
export function filterParams(filter: LeadFilterForm): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.form) params.set('form', filter.form);
  if (filter.page) params.set('page', filter.page);
  const from = localMidnight(filter.fromDay);
  const to = localMidnight(filter.toDay, 1);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  return params;
}

export async function listLeads(filter: LeadFilterForm, cursor?: string): Promise<LeadList> {
  const params = filterParams(filter);
  if (cursor) params.set('cursor', cursor);
  const query = params.size ? `?${params}` : '';
  return leadListSchema.parse(await request('GET', `/api/admin/leads${query}`));
}

export async function leadStats(): Promise<LeadStats> {
  return leadStatsSchema.parse(await request('GET', '/api/admin/leads/stats'));
}

export async function leadDetail(id: string): Promise<LeadDetail> {
  return leadDetailSchema.parse(await request('GET', `/api/admin/leads/${id}`));
}

export async function patchLead(id: string, change: LeadPatch): Promise<LeadDetail> {
  return leadDetailSchema.parse(await request('PATCH', `/api/admin/leads/${id}`, change));
}

export async function retryDelivery(id: string): Promise<LeadDetail> {
  return leadDetailSchema.parse(await request('POST', `/api/admin/leads/${id}/retry`));
}

export const eraseLead = (id: string) => request('DELETE', `/api/admin/leads/${id}`);

export function exportUrl(filter: LeadFilterForm): string {
  const params = filterParams(filter);
  return `/api/admin/leads/export${params.size ? `?${params}` : ''}`;
}

/** After a change: the lists, the count on the tab, and the audit log. */
export function refreshLeads(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: LEADS_KEY });
  void client.invalidateQueries({ queryKey: ['/api/admin/audit'] });
}
