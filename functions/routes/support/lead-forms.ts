// Leads with their form's title (docs/decisions/0392-leads-carry-their-form.md): the inbox, a
// lead's detail and the CSV show it; a lead stored before leads kept titles gets its form's
// current or last known one. And the inbox's Form filter's choices, by the same titles.
import type { Context } from 'hono';
import type { Lead } from '../../data/leads/lead-item.ts';
import type { AppEnv } from '../../lib/context.ts';
import type { FormType } from '../../shared/contact.ts';
import { BUILT_IN_FORMS, FORM_FOR_TYPE, isBuiltInForm } from '../../shared/forms/built-in.ts';
import { leadFormId, leadFormName } from '../../shared/leads/basics.ts';
import type { LeadForms } from '../../shared/leads/list.ts';

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

/** The type a built-in form's leads carry (FORM_FOR_TYPE read backwards). */
const TYPE_OF_BUILT_IN = new Map(
  Object.entries(FORM_FOR_TYPE).map(([type, id]) => [id as string, type as FormType]),
);

/** GET /api/admin/leads/forms: the Form filter's choices. */
export async function formChoices(c: Context<AppEnv>): Promise<LeadForms> {
  // The site's forms (built-in first, as the forms tab lists them), then deleted forms that
  // leads still name, by their last known title.
  const services = c.get('services');
  const [current, seen] = await Promise.all([services.forms.list(), services.leads.forms.forms()]);
  const live = new Set(current.map((form) => form.id));
  const label = (id: string, title: string) =>
    leadFormName({
      formId: id,
      formType: TYPE_OF_BUILT_IN.get(id) ?? 'general',
      formTitle: title,
    });
  const deleted = seen
    .filter((form) => !live.has(form.formId) && !BUILT_IN_FORMS.includes(form.formId as never))
    .sort((a, b) => a.title.localeCompare(b.title));
  return {
    forms: [
      ...current.map((form) => ({
        id: form.id,
        label: label(form.id, form.title),
        builtIn: form.builtIn,
        deleted: false,
      })),
      ...deleted.map((form) => ({
        id: form.formId,
        label: label(form.formId, form.title),
        builtIn: false,
        deleted: true,
      })),
    ],
  };
}
