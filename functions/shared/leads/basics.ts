// A lead's statuses, its page references and its form's name: what the lead store and the
// e-mails need of the Leads contract. Apart from lead.ts so the public Lambda function,
// which stores leads, does not build the inbox's schemas at start. Part of
// functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import { INQUIRY_LABELS, type FormType } from '../contact.ts';
import { BUILT_IN_FORMS, builtInForm, FORM_FOR_TYPE, isBuiltInForm } from '../forms/built-in.ts';

/** The sales workflow (new → contacted → qualified → won / lost), plus spam. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const WORKFLOW_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;

/**
 * The values a lead's `landingPageId` can hold for a page (docs/requirements.md §7: the path without
 * its slash, `legacy/<slug>` on the live route, `default` for `/`, or the default page's
 * id for the pricing dialog).
 */
export function landingPageRefs(page: { id: string; slug: string }): string[] {
  return [page.id, page.slug, `legacy/${page.slug}`];
}

/** Does this lead come from that page? Attribution's resolved page id wins when present. */
export function leadFromPage(
  lead: { landingPageId?: string | undefined; attribution?: { pageId?: string } | undefined },
  page: { id: string; slug: string },
): boolean {
  if (lead.attribution?.pageId) return lead.attribution.pageId === page.id;
  return lead.landingPageId !== undefined && landingPageRefs(page).includes(lead.landingPageId);
}

/** docs/requirements.md's four form types, as the inbox has always named them. */
export const FORM_LABELS: Record<FormType, string> = {
  general: 'Dialog (general)',
  pricing: 'Dialog (pricing)',
  'contact-page': 'Contact page',
  pilot: 'Pilot',
};

/** "webinar-registration-2027" as "Webinar registration 2027": a form known only by its id. */
export function formTitleFromId(formId: string): string {
  const words = formId.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The built-in forms' default titles, which their leads show by their type's label instead. */
const BUILT_IN_TITLES = new Map<string, string>(
  BUILT_IN_FORMS.map((id) => [id, builtInForm(id).title]),
);

/** The form a lead was sent with: its own id, or (older leads) its type's built-in form. */
export const leadFormId = (lead: { formId?: string | undefined; formType: FormType }): string =>
  lead.formId ?? FORM_FOR_TYPE[lead.formType];

/**
 * The form a lead is shown with (the list, the detail, the person's view, the CSV, the
 * e-mails; docs/decisions/0392-leads-carry-their-form.md): a custom form's title when the lead
 * was sent (else, for a lead stored before titles were, the form's id in words); a built-in
 * form's label by its type ("Dialog (pricing)"), unless the team renamed the form.
 */
export function leadFormName(lead: {
  formId?: string | undefined;
  formType: FormType;
  formTitle?: string | undefined;
}): string {
  const id = leadFormId(lead);
  const title = lead.formTitle?.trim();
  if (!isBuiltInForm(id)) return title || formTitleFromId(id);
  return title && title !== BUILT_IN_TITLES.get(id) ? title : FORM_LABELS[lead.formType];
}

/** The form of a lead with its inquiry type: "Contact page: Partnership". */
export function leadFormLabel(lead: {
  formId?: string | undefined;
  formType: FormType;
  formTitle?: string | undefined;
  inquiryType?: string | undefined;
}): string {
  const inquiry =
    lead.inquiryType && lead.inquiryType in INQUIRY_LABELS
      ? INQUIRY_LABELS[lead.inquiryType as keyof typeof INQUIRY_LABELS]
      : undefined;
  const name = leadFormName(lead);
  return inquiry ? `${name}: ${inquiry}` : name;
}
