// How the Leads tab shows times, forms and pages.
import type { LandingPage } from '../pages/pages-api.ts';
import { formLabel, leadFromPage, type LeadSummary } from '../../../../functions/shared/leads.ts';

/** The admin's own time zone (the browser's), named once above the list. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const full = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'full',
  timeStyle: 'long',
});

/** "Mar 2, 2026, 10:00 AM" in the admin's time zone. */
export const shortTime = (iso: string) => dateTime.format(new Date(iso));
/** With weekday and zone, for tooltips and the detail. */
export const longTime = (iso: string) => full.format(new Date(iso));

export const leadForm = (lead: Pick<LeadSummary, 'formType' | 'inquiryType'>) =>
  formLabel(lead.formType, lead.inquiryType);

/** The landing page a lead came from: its title and path when we know it, else the raw value. */
export function leadPage(
  lead: Pick<LeadSummary, 'landingPageId' | 'attribution'>,
  pages: LandingPage[] | undefined,
): string | undefined {
  const page = pages?.find((candidate) => leadFromPage(lead, candidate));
  if (page) return `${page.title} (/${page.slug === 'default' ? '' : page.slug})`;
  return lead.landingPageId ?? lead.attribution?.pageId;
}
