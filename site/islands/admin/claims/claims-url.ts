// The Claims and Evidence views' state in their URLs (site/islands/admin/route.ts): the list's
// filters (`status`, `category`, `q`) and the record open (`claim`, `evidence`), so a reload,
// Back and a link sent to a colleague come back to the same list or record. Unknown values
// are ignored rather than shown as an empty list.
import type { Claim, Evidence } from '../common/claims-api.ts';
import { viewUrl } from '../route.ts';

/** What a claim's status reads as: `lapsed` is an approval that no longer holds (its `lapse`). */
export const CLAIM_STATUS_FILTERS = ['draft', 'approved', 'lapsed', 'withdrawn'] as const;
export type ClaimShownStatus = (typeof CLAIM_STATUS_FILTERS)[number];

export const EVIDENCE_STATUS_FILTERS = ['current', 'expired', 'withdrawn'] as const;
export type EvidenceShownStatus = (typeof EVIDENCE_STATUS_FILTERS)[number];

export interface ClaimFilters {
  status?: ClaimShownStatus | undefined;
  category?: string | undefined;
  /** Words the key or the text contains. */
  q?: string | undefined;
}

export interface EvidenceFilters {
  status?: EvidenceShownStatus | undefined;
  /** Words the title, the source or the notes contain. */
  q?: string | undefined;
}

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

const text = (value: string | null) => value?.trim() || undefined;

export function readClaimFilters(params: URLSearchParams): ClaimFilters {
  return {
    status: oneOf(CLAIM_STATUS_FILTERS, params.get('status')),
    category: text(params.get('category')),
    q: text(params.get('q')),
  };
}

export function readEvidenceFilters(params: URLSearchParams): EvidenceFilters {
  return {
    status: oneOf(EVIDENCE_STATUS_FILTERS, params.get('status')),
    q: text(params.get('q')),
  };
}

/** The claims list with `filters`; `claim` opens one claim over it. */
export const claimsUrl = (filters: ClaimFilters, claim?: string) =>
  viewUrl('claims', { ...filters, claim });

export const evidenceUrl = (filters: EvidenceFilters, evidence?: string) =>
  viewUrl('evidence', { ...filters, evidence });

export function claimShownStatus(claim: Pick<Claim, 'status' | 'lapse'>): ClaimShownStatus {
  return claim.status === 'draft' && claim.lapse ? 'lapsed' : claim.status;
}

export function evidenceShownStatus(
  evidence: Pick<Evidence, 'status' | 'valid'>,
): EvidenceShownStatus {
  if (evidence.status === 'withdrawn') return 'withdrawn';
  return evidence.valid ? 'current' : 'expired';
}

const contains = (haystack: (string | undefined)[], q: string | undefined) => {
  if (!q) return true;
  const needle = q.toLocaleLowerCase();
  return haystack.some((value) => value?.toLocaleLowerCase().includes(needle));
};

export function filterClaims<C extends Claim>(claims: readonly C[], filters: ClaimFilters): C[] {
  return claims.filter(
    (claim) =>
      (!filters.status || claimShownStatus(claim) === filters.status) &&
      (!filters.category || claim.category === filters.category) &&
      contains([claim.key, claim.text], filters.q),
  );
}

export function filterEvidence(evidence: readonly Evidence[], filters: EvidenceFilters) {
  return evidence.filter(
    (item) =>
      (!filters.status || evidenceShownStatus(item) === filters.status) &&
      contains([item.title, item.source, item.notes], filters.q),
  );
}
