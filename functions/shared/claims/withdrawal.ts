// What withdrawing a claim or a piece of evidence did (issue 36, docs/decisions/0538-claim-withdrawal.md):
// the claims it left unapproved, every page whose live version or working copy says one of
// them, the live pages taken down (setting `withdrawnClaims: 'unpublish'`) or left up and
// why, and the publishers told by e-mail. Both withdraw routes answer it as `effect`.
import * as z from 'zod';
import { claimSchema, claimUsagePageSchema, evidenceSchema } from './model.ts';

export const withdrawalEffectSchema = z.object({
  /** The claims no longer approved because of this withdrawal. */
  claims: z.array(z.object({ id: z.string(), key: z.string() })),
  /** The pages saying one of them, with the keys each says. */
  pages: z.array(claimUsagePageSchema.extend({ keys: z.array(z.string()) })),
  /** What the setting did: `flag` leaves live pages up (flagged in the Pages list). */
  setting: z.enum(['flag', 'unpublish']),
  /** Ids of the live pages taken off the site. */
  unpublished: z.array(z.string()),
  /** Live pages the setting would take down but could not, each with the reason. */
  keptLive: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** The publishers e-mailed about the pages (none when no page says the claims). */
  notified: z.array(z.string()),
});
export type WithdrawalEffect = z.infer<typeof withdrawalEffectSchema>;

/** The withdraw routes' answers: the record as it is now, and `effect`. */
export const claimWithdrawnSchema = claimSchema.extend({ effect: withdrawalEffectSchema });
export const evidenceWithdrawnSchema = evidenceSchema.extend({ effect: withdrawalEffectSchema });
