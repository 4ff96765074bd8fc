// The claims a live page says, for its public answer (GET /api/landing-pages/:slug), so the
// run-time page (/legacy/<slug>) renders them as the build does: approved wordings with their
// reference numbers and the References list (docs/decisions/0523-claims-rendered.md). Loaded
// only for a page whose content holds a claim token: most pages never read the claims.
import { ClaimRepository } from '../../data/claims/claims.ts';
import type { VisitorServices } from '../../lib/context.ts';
import { claimKeysOf, pageClaimsOf, type PageClaims } from '../../shared/claims/page-claims.ts';
import type { LandingContent } from '../../shared/landing-content.ts';

export async function publicClaims(
  services: Pick<VisitorServices, 'db' | 'tableName' | 'now'>,
  content: LandingContent,
): Promise<PageClaims> {
  const read = await new ClaimRepository(
    services.db,
    services.tableName,
    services.now,
  ).listWithEvidence();
  const claims = pageClaimsOf(claimKeysOf(content), read.claims, read.evidence);
  // Visitors are not told why a claim is not shown: it is left out, as the build leaves it.
  return { ...claims, unapproved: [] };
}
