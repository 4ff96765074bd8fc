// Leads without a source or device (issue 25, functions/routes/contact.ts): a lead from a
// visitor who sent Global Privacy Control or Do Not Track, or whose user agent looked like a
// bot, counts in the Leads total and its page, but in no referrer, campaign or device. The
// Referrers and Devices tables (tables.tsx) end with an "Unattributed" row holding the
// difference, so each adds up to the Leads tile.

/** The row's label and its tooltip. */
export const UNATTRIBUTED_LABEL = 'Unattributed';
export const UNATTRIBUTED_HELP =
  'Leads from visitors who asked not to be tracked (Global Privacy Control, Do Not Track) or whose browser looked like a bot: they count in the total, but their source and device are not recorded.';

/** Leads of the total that no row carries: total − Σ rows' leads, never below zero. */
export function unattributedLeads(totalLeads: number, rows: readonly { leads: number }[]): number {
  const attributed = rows.reduce((sum, row) => sum + row.leads, 0);
  return Math.max(0, totalLeads - attributed);
}
