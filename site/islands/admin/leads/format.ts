// How the Leads tab shows times, forms and pages.
import type { LandingPage } from '../common/pages-api.ts';
import { leadFormLabel, leadFromPage } from '../../../../functions/shared/leads/basics.ts';
import { type LeadOwners } from '../../../../functions/shared/leads/changes.ts';
import { type LeadSummary } from '../../../../functions/shared/leads/lead.ts';
import { localeName } from '../../../../functions/shared/locales.ts';
import { leadLocale as sharedLeadLocale } from '../../../../functions/shared/leads/list.ts';

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

/** The lead's form as the inbox names it: a custom form's title, a built-in's label. */
export const leadForm = (
  lead: Pick<LeadSummary, 'formType' | 'inquiryType' | 'formId' | 'formTitle'>,
) => leadFormLabel(lead);

/** The landing page a lead came from: its title and path when we know it, else the raw value. */
export function leadPage(
  lead: Pick<LeadSummary, 'landingPageId' | 'attribution'>,
  pages: LandingPage[] | undefined,
): string | undefined {
  const page = pages?.find((candidate) => leadFromPage(lead, candidate));
  if (page) return `${page.title} (/${page.slug === 'default' ? '' : page.slug})`;
  return lead.landingPageId ?? lead.attribution?.pageId;
}

const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** 1st, 2nd, 3rd, 4th, 11th, 22nd ... */
export const ordinal = (n: number) => `${n}${SUFFIX[ORDINAL.select(n)] ?? 'th'}`;

/** "3rd submission" for a person's third lead (spam not counted); nothing for a first. */
export function submissionBadge(lead: Pick<LeadSummary, 'submission'>): string | undefined {
  return lead.submission && lead.submission > 1
    ? `${ordinal(lead.submission)} submission`
    : undefined;
}

/** An owner as people read it: the account's name when we know it, else its e-mail. */
export function ownerLabel(
  owner: string | undefined,
  owners: readonly { email: string; name?: string | undefined }[] | undefined,
  me?: string,
): string {
  if (!owner) return 'Nobody';
  if (me && owner === me.toLowerCase()) return 'You';
  return owners?.find((account) => account.email === owner)?.name ?? owner;
}

/** Who else a lead's detail and timeline need to know about: the owners to pick from, the caller. */
export interface OwnerContext {
  owners: LeadOwners | undefined;
  me: string | undefined;
}

/**
 * The locale a lead was sent in (issue 39), as the inbox names it: "de-DE, German (Germany)";
 * a lead from before locales was sent in the default one.
 */
export function leadLocale(lead: Pick<LeadSummary, 'locale'>): { code: string; name: string } {
  const code = sharedLeadLocale(lead);
  return { code, name: localeName(code, 'en') };
}
