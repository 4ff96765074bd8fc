// A lead's statuses and its page references: what the lead store needs of the Leads
// contract (leads.ts re-exports them). Apart from leads.ts so the public Lambda function,
// which stores leads, does not build the inbox's schemas at start.

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
