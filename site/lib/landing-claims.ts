// Build-time claims (issue 36, docs/decisions/0523-claims-rendered.md): every claim and piece
// of evidence, read once per build from the store (functions/site-data/store.ts; without a
// store, or before its first start seeded them, content/claims.json's seed). The marketing
// pages read their wordings through site/lib/claims.ts; each landing page gets the claims
// its content says (LandingPage.astro), rendered by site/islands/landing/claim-text.tsx.
import {
  claimKeysOf,
  pageClaimsOf,
  type PageClaims,
} from '../../functions/shared/claims/page-claims.ts';
import type { LandingContent } from '../../functions/shared/landing-content.ts';
import { readBuildClaims, type BuildClaims } from '../../functions/site-data/store.ts';

let read: Promise<BuildClaims> | undefined;

/** Every claim and piece of evidence as the build renders them, read once per build. */
export function buildClaims(): Promise<BuildClaims> {
  read ??= readBuildClaims();
  return read;
}

/** The claims `content` says (none read when it says none). */
export async function claimsFor(content: LandingContent): Promise<PageClaims | undefined> {
  const keys = claimKeysOf(content);
  if (keys.length === 0) return undefined;
  const { claims, evidence } = await buildClaims();
  return pageClaimsOf(keys, claims, evidence);
}
