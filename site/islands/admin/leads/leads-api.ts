// The Leads tab's calls to /api/admin/leads, on the admin's HTTP layer. Answers are read
// with the shared schemas (functions/shared/leads/), so a drifted contract fails here.
import type { QueryClient } from '@tanstack/react-query';
import { LEAD_STATUSES, type LeadStatus } from '../../../../functions/shared/leads/basics.ts';
import {
  leadBulkResultSchema,
  type LeadBulk,
  type LeadBulkResult,
  type LeadPatch,
} from '../../../../functions/shared/leads/changes.ts';
import { contactSchema, type Contact } from '../../../../functions/shared/leads/contacts.ts';
import { leadDetailSchema, type LeadDetail } from '../../../../functions/shared/leads/lead.ts';
import {
  leadFormsSchema,
  leadListSchema,
  leadLocalesSchema,
  leadStatsSchema,
  type LeadForms,
  type LeadList,
  type LeadLocales,
  type LeadStats,
} from '../../../../functions/shared/leads/list.ts';
import { localeName, localeSchema } from '../../../../functions/shared/locales.ts';
import { FORM_FOR_TYPE } from '../../../../functions/shared/forms/built-in.ts';
import { FORM_ID_PATTERN } from '../../../../functions/shared/forms/form-id.ts';
import { publicFormSchema } from '../../../../functions/shared/forms/public-form.ts';
import { FORM_TYPES, type FormType } from '../../../../functions/shared/contact.ts';
import { noContent, request, requestFile } from '../api.ts';

/** The filters as the form holds them: empty means "any". Dates are the admin's local days. */
export interface LeadFilterForm {
  status: LeadStatus | '';
  /** A form's id (issue 35: every form, not only the four built-in types). */
  form: string;
  page: string;
  /** YYYY-MM-DD, first day included */
  fromDay: string;
  /** YYYY-MM-DD, last day included */
  toDay: string;
  q: string;
  /** '' any owner, 'me' the signed-in account's leads ("Mine"), or an account's e-mail. */
  owner: string;
  /** '' any language, or the locale the leads were sent in (issue 39: `de-DE`). */
  locale: string;
}

export const EMPTY_FILTER: LeadFilterForm = {
  status: '',
  form: '',
  page: '',
  fromDay: '',
  toDay: '',
  q: '',
  owner: '',
  locale: '',
};

/** How the list shows leads: one row per person (the default) or every submission. */
export type LeadView = 'people' | 'all';

/** ?view=all is every submission; anything else groups by person. */
export const viewFromUrl = (params: URLSearchParams): LeadView =>
  params.get('view') === 'all' ? 'all' : 'people';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter a /admin/leads URL names (route.ts): status, form, page, from, to (local
 * days), q, owner and locale. A value the form could not hold (a typo, an old bookmark, a
 * locale that is no BCP 47 code) is dropped.
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
    // A form's id; a bookmark from before issue 35 names a form type: its built-in form.
    form: (FORM_TYPES as readonly string[]).includes(form)
      ? FORM_FOR_TYPE[form as FormType]
      : FORM_ID_PATTERN.test(form)
        ? form
        : '',
    page: params.get('page') ?? '',
    fromDay: day('from'),
    toDay: day('to'),
    q: (params.get('q') ?? '').slice(0, 100),
    owner: (params.get('owner') ?? '').slice(0, 254),
    locale: localeSchema.safeParse(params.get('locale') ?? '').success ? params.get('locale')! : '',
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
    owner: filter.owner,
    locale: filter.locale,
  };
}

export const LEADS_KEY = ['/api/admin/leads'] as const;
export const STATS_KEY = ['/api/admin/leads', 'stats'] as const;
export const listKey = (filter: LeadFilterForm) => ['/api/admin/leads', 'list', filter] as const;
export const detailKey = (id: string) => ['/api/admin/leads', 'detail', id] as const;
export const LEAD_FORMS_KEY = ['/api/admin/leads', 'forms'] as const;
export const LEAD_LOCALES_KEY = ['/api/admin/leads', 'locales'] as const;
export const contactKey = (email: string) =>
  ['/api/admin/leads', 'contact', email.toLowerCase()] as const;

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
  if (filter.form) params.set('formId', filter.form);
  if (filter.page) params.set('page', filter.page);
  const from = localMidnight(filter.fromDay);
  const to = localMidnight(filter.toDay, 1);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.owner) params.set('owner', filter.owner);
  if (filter.locale) params.set('locale', filter.locale);
  return params;
}

export async function listLeads(filter: LeadFilterForm, cursor?: string): Promise<LeadList> {
  const params = filterParams(filter);
  if (cursor) params.set('cursor', cursor);
  const query = params.size ? `?${params}` : '';
  return request(leadListSchema, 'GET', `/api/admin/leads${query}`);
}

/** The Form filter's choices: every form, and deleted ones that leads still name. */
export async function leadForms(): Promise<LeadForms> {
  return request(leadFormsSchema, 'GET', '/api/admin/leads/forms');
}

/** The Language filter's choices: the site's locales (issue 39). */
export async function leadLocales(): Promise<LeadLocales> {
  return request(leadLocalesSchema, 'GET', '/api/admin/leads/locales');
}

/** One choice of the Language filter: a locale's code and how the menu names it. */
export interface LanguageChoice {
  code: string;
  label: string;
}

/**
 * The Language filter's choices (docs/decisions/0575-leads-by-locale.md), or undefined while
 * the filter is not shown: it is shown when the site has more than one locale, or when the
 * URL names one (a bookmark, or a language since taken off the site), which is then kept as a
 * choice so the filter shows what it filters by.
 */
export function languageChoices(
  locales: LeadLocales['locales'] | undefined,
  selected: string,
): LanguageChoice[] | undefined {
  const site = locales ?? [];
  if (site.length < 2 && !selected) return undefined;
  const choices = site.map((locale) => ({
    code: locale.code,
    label: `${locale.label} (${locale.code})`,
  }));
  if (selected && !site.some((locale) => locale.code === selected)) {
    choices.push({
      code: selected,
      // While the site's locales load, no verdict on whether it is one of them.
      label: `${localeName(selected, 'en')} (${selected}${locales ? ', not a site language' : ''})`,
    });
  }
  return choices;
}

export async function leadStats(): Promise<LeadStats> {
  return request(leadStatsSchema, 'GET', '/api/admin/leads/stats');
}

export async function leadDetail(id: string): Promise<LeadDetail> {
  return request(leadDetailSchema, 'GET', `/api/admin/leads/${id}`);
}

export async function patchLead(id: string, change: LeadPatch): Promise<LeadDetail> {
  return request(leadDetailSchema, 'PATCH', `/api/admin/leads/${id}`, change);
}

export async function retryDelivery(id: string): Promise<LeadDetail> {
  return request(leadDetailSchema, 'POST', `/api/admin/leads/${id}/retry`);
}

export const eraseLead = (id: string) => request(noContent, 'DELETE', `/api/admin/leads/${id}`);

export async function bulkChange(change: LeadBulk): Promise<LeadBulkResult> {
  return request(leadBulkResultSchema, 'POST', '/api/admin/leads/bulk', change);
}

/** One person: every submission with this e-mail address and their merged timeline. */
export async function contactDetail(email: string): Promise<Contact> {
  return request(contactSchema, 'GET', `/api/admin/contacts/${encodeURIComponent(email)}`);
}

/** A form's public definition, for its field labels; undefined when it is gone. */
export async function formLabels(formId: string): Promise<Record<string, string>> {
  try {
    const form = await request(publicFormSchema, 'GET', `/api/forms/${encodeURIComponent(formId)}`);
    return Object.fromEntries(form.fields.map((field) => [field.name, field.label]));
  } catch {
    return {};
  }
}

/** "company_size" and "companySize" as "Company size": a field shown without its form. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The CSV of chosen leads (POST, so up to 100 ids never meet a URL's length limit). */
export const exportSelection = (ids: string[]) =>
  requestFile('POST', '/api/admin/leads/export', { ids }, 'leads.csv');

export function exportUrl(filter: LeadFilterForm): string {
  const params = filterParams(filter);
  return `/api/admin/leads/export${params.size ? `?${params}` : ''}`;
}

/** After a change: the lists, the count on the tab, and the audit log. */
export function refreshLeads(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: LEADS_KEY });
  void client.invalidateQueries({ queryKey: ['/api/admin/audit'] });
}
