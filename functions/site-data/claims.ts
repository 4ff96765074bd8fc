// The marketing pages' claims from the store (issue 36, docs/decisions/0524-marketing-claims-from-store.md):
// content/claims.json's shape, each string replaced by the approved wording of the claim its
// path keys (functions/data/claims/seed.ts's key scheme), and the contradicting wordings
// from the claims' forbidden wordings. site/lib/claims.ts validates the result as CLAIMS.
import claimsJson from '../../content/claims.json' with { type: 'json' };
import { mapClaimsFile } from '../data/claims/seed.ts';
import { compileWording } from '../shared/claims/wordings.ts';
import { notApproved } from '../shared/claims/rules.ts';
import type { BuildClaims } from './store.ts';

/** A contradicting wording in content/claims.json's `variants` form. */
export interface ClaimVariant {
  pattern: string;
  flags: string;
  why: string;
}

/**
 * content/claims.json with the store's approved wordings. A claim the marketing pages say
 * that is not approved today (draft, lapsed, withdrawn or missing) is never shown: the build
 * fails with a sentence naming every such key and what to do.
 */
export function marketingClaims(build: BuildClaims): Record<string, unknown> {
  const byKey = new Map(build.claims.map((claim) => [claim.key, claim]));
  const refused: string[] = [];
  const file = mapClaimsFile(claimsJson, ({ key, path, text }) => {
    const claim = byKey.get(key);
    if (claim?.status === 'approved') return claim.text;
    refused.push(
      claim
        ? `"${key}" (content/claims.json ${path}), ${notApproved(claim)}`
        : `"${key}" (content/claims.json ${path}), which is not in the store`,
    );
    return text;
  });
  if (refused.length > 0) {
    throw new Error(
      `The marketing pages say ${refused.length === 1 ? 'a claim that is' : `${refused.length} claims that are`} not approved, from ${build.from}: ${refused.join('; ')}. Approve ${refused.length === 1 ? 'it' : 'each'} in Admin, Claims, or, for a withdrawn claim, take its wording off the marketing pages (content/claims.json and the views that read it), then build again.`,
    );
  }
  const variants: ClaimVariant[] = build.claims
    .filter((claim) => claim.status !== 'withdrawn')
    .flatMap((claim) =>
      claim.forbiddenWordings.map((wording) => {
        const { regex } = compileWording(wording);
        return {
          pattern: regex.source,
          flags: regex.flags.replace(/[^imsu]/g, ''),
          why: `the claim ${claim.key} is worded '${claim.text}'`,
        };
      }),
    );
  return { ...file, variants };
}
