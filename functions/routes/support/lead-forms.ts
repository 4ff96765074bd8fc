// Leads with their form's title (docs/decisions/0392-leads-carry-their-form.md): the inbox, a
// lead's detail and the CSV show it; a lead stored before leads kept titles gets its form's
// current or last known one.
import type { Context } from 'hono';
import type { Lead } from '../../data/leads/lead-item.ts';
import type { AppEnv } from '../../lib/context.ts';
import { isBuiltInForm } from '../../shared/forms/built-in.ts';
import { leadFormId } from '../../shared/leads/basics.ts';

/**
 * Every form's title by id: the site's forms as they are now, then the last known title of
 * deleted forms that leads still name (functions/data/form-leads.ts).
 */
async function formTitles(c: Context<AppEnv>): Promise<Map<string, string>> {
  const services = c.get('services');
  const [current, seen] = await Promise.all([services.forms.list(), services.leads.forms.forms()]);
  const titles = new Map(seen.map((form) => [form.formId, form.title]));
  for (const form of current) titles.set(form.id, form.title);
  return titles;
}

/**
 * Leads with their form's title: a lead of a custom form stored before leads kept the title
 * gets its form's current (or last known) one. Built-in forms' leads need none: they are
 * shown by their type's label unless renamed (leadFormName).
 */
export async function withFormTitles<T extends Pick<Lead, 'formId' | 'formType' | 'formTitle'>>(
  c: Context<AppEnv>,
  leads: T[],
): Promise<T[]> {
  const missing = leads.some((lead) => !lead.formTitle && !isBuiltInForm(leadFormId(lead)));
  if (!missing) return leads;
  const titles = await formTitles(c);
  return leads.map((lead) => {
    if (lead.formTitle || isBuiltInForm(leadFormId(lead))) return lead;
    const title = titles.get(leadFormId(lead));
    return title ? { ...lead, formTitle: title } : lead;
  });
}
