// A page's effective expiry (issue 37, docs/decisions/0558-expiry-and-reminders.md): the
// earliest of its own `expiresAt`, the end of the expiry day of an approved claim it says
// and the end of the day its claim's last current evidence expires (a claim whose every
// reference has expired lapses: functions/data/claims/status.ts). Shown in the Pages list
// and the Lifecycle dialog; the runner acts on the page's own expiry only, as a lapsed claim
// already stops being approved (the page is flagged and cannot be published with it).
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import type { EffectiveExpiry } from '../../shared/api/lifecycle.ts';
import type { Claim, Evidence } from '../../shared/claims/model.ts';

const DAY_MS = 86_400_000;

/** The moment a record valid through `day` (UTC, as claims' expiry days are) stops counting. */
export const endOfDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();

/** When an approved claim lapses by a date, and whether its own expiry or its evidence's. */
function claimExpiry(
  claim: Claim,
  evidence: ReadonlyMap<string, Evidence>,
): Omit<EffectiveExpiry, 'key'> | undefined {
  if (claim.status !== 'approved') return undefined;
  const own = claim.expiresAt ? endOfDay(claim.expiresAt) : undefined;
  // Its evidence holds it up until the last current reference expires (none: never).
  let last: string | undefined = '';
  for (const reference of claim.references) {
    const found = evidence.get(reference.evidenceId);
    if (!found || found.status !== 'current') continue;
    if (!found.expiresAt) last = undefined;
    else if (last !== undefined && endOfDay(found.expiresAt) > last) {
      last = endOfDay(found.expiresAt);
    }
  }
  const byEvidence = last || undefined;
  if (own && (!byEvidence || own <= byEvidence)) return { at: own, source: 'claim' };
  return byEvidence ? { at: byEvidence, source: 'evidence' } : undefined;
}

/** The page's effective expiry given the claim keys its visitors (or next visitors) read. */
export function effectiveExpiry(
  page: Pick<LandingPage, 'lifecycle'>,
  keys: Iterable<string>,
  claims: readonly Claim[],
  evidence: readonly Evidence[],
): EffectiveExpiry | undefined {
  const own = page.lifecycle?.expiresAt;
  let earliest: EffectiveExpiry | undefined = own
    ? { at: new Date(own).toISOString(), source: 'page' }
    : undefined;
  const byKey = new Map(claims.map((claim) => [claim.key, claim]));
  const byId = new Map(evidence.map((item) => [item.id, item]));
  for (const key of keys) {
    const claim = byKey.get(key);
    const lapse = claim && claimExpiry(claim, byId);
    if (lapse && (!earliest || lapse.at < earliest.at)) earliest = { ...lapse, key };
  }
  return earliest;
}
