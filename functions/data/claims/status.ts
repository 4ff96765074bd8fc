// What holds of a claim today (issue 36, docs/decisions/0521-claims-store.md): the hash its
// approval signed, and whether that approval still counts. A claim stays approved only while
// its approval signed its current key, text and references (an edit voids it, as an edit of
// a page voids its approvals), its own expiry day has not passed and at least one of its
// references is to evidence that is current and not expired. Computed when read, so a
// withdrawal or an expiry shows everywhere at once without rewriting the claims.
import { createHash } from 'node:crypto';
import { stableStringify } from '../../shared/stable-json.ts';
import type { Claim, Evidence } from '../../shared/claims/model.ts';

/** The calendar day (UTC) of `now`, as expiry days are written. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** True while a record with this expiry day counts: through the day itself. */
export const notExpired = (expiresAt: string | undefined, today: string): boolean =>
  expiresAt === undefined || expiresAt >= today;

/** The hash an approval signs: the claim's key, wording and references. */
export const claimHash = (claim: Pick<Claim, 'key' | 'text' | 'references'>): string =>
  createHash('sha256')
    .update(stableStringify({ key: claim.key, text: claim.text, references: claim.references }))
    .digest('hex');

/** Evidence that substantiates today. */
export const evidenceValid = (
  evidence: Pick<Evidence, 'status' | 'expiresAt'>,
  today: string,
): boolean => evidence.status === 'current' && notExpired(evidence.expiresAt, today);

/**
 * Why an approved claim does not count as approved today, in a sentence, or undefined when
 * it does (or was never approved). `evidence` maps ids to the stored evidence.
 */
export function lapseOf(
  claim: Pick<Claim, 'status' | 'expiresAt' | 'references' | 'approval' | 'key' | 'text'>,
  evidence: ReadonlyMap<string, Pick<Evidence, 'status' | 'expiresAt'>>,
  today: string,
): string | undefined {
  if (claim.status !== 'approved') return undefined;
  if (!claim.approval || claim.approval.hash !== claimHash(claim)) {
    return 'Its wording or references changed after it was approved';
  }
  if (!notExpired(claim.expiresAt, today)) return `It expired on ${claim.expiresAt}`;
  const valid = claim.references.some((reference) => {
    const found = evidence.get(reference.evidenceId);
    return found !== undefined && evidenceValid(found, today);
  });
  if (!valid) return 'None of its references is to current evidence any more';
  return undefined;
}
