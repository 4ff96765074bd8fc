// The claims rules a page's content must pass to be submitted, approved, published or to
// go live by schedule (issue 36, docs/decisions/0522-claims-rules.md): every claim token names
// a claim that is approved today, no text says a claim's forbidden wording, and, with the
// setting `claimsLint: 'block'`, nothing outside a token reads like an unsubstantiated claim.
// Each refusal names the content path and the claim key, so the server's 409 and the
// editor's marks say the same thing.
import type { Claim } from './model.ts';
import { lintClaims, outsideTokens, type LintFinding } from './lint.ts';
import { textFields } from './text-fields.ts';
import { hasClaimToken, parseClaimText } from './tokens.ts';
import { compileWording, findWordings, type CompiledWording } from './wordings.ts';

export type ClaimsLintMode = 'warn' | 'block';

export interface ClaimRefusal {
  /** The content path of the text field: `hero.headline`, `blocks.3.items.0.text`. */
  path: string;
  /** The claim concerned (absent for a lint finding without a candidate). */
  key?: string;
  /** The refusal, a sentence naming the field's path and the claim. */
  message: string;
}

export interface ClaimsCheck {
  refusals: ClaimRefusal[];
  /** What reads like a claim outside tokens: refusals too when the lint blocks. */
  findings: LintFinding[];
}

/** Why a claim that exists is not approved, as the end of a sentence naming it ("which ..."). */
export const notApproved = (claim: Pick<Claim, 'status' | 'lapse'>): string =>
  claim.status === 'withdrawn'
    ? 'which was withdrawn'
    : claim.lapse
      ? `which is no longer approved (${claim.lapse.replace(/^./, (c) => c.toLowerCase())})`
      : 'which is a draft, not approved';

/**
 * Checks `content` against the claims as they hold today (`claims`: the API's answers, whose
 * `status` already accounts for expiry and withdrawn evidence).
 */
export function checkClaims(
  content: unknown,
  claims: readonly Claim[],
  lint: ClaimsLintMode,
): ClaimsCheck {
  const byKey = new Map(claims.map((claim) => [claim.key, claim]));
  const wordings: { key: string; compiled: CompiledWording }[] = claims.flatMap((claim) =>
    claim.forbiddenWordings.map((wording) => ({
      key: claim.key,
      compiled: compileWording(wording),
    })),
  );
  const fields = textFields(content);
  const refusals: ClaimRefusal[] = [];
  for (const field of fields) {
    if (hasClaimToken(field.text)) {
      const seen = new Set<string>();
      for (const part of parseClaimText(field.text)) {
        if (part.kind !== 'claim' || seen.has(part.key)) continue;
        seen.add(part.key);
        const claim = byKey.get(part.key);
        if (!claim) {
          refusals.push({
            path: field.path,
            key: part.key,
            message: `${field.path} uses the claim "${part.key}", which does not exist`,
          });
        } else if (claim.status !== 'approved') {
          refusals.push({
            path: field.path,
            key: part.key,
            message: `${field.path} uses the claim "${part.key}", ${notApproved(claim)}`,
          });
        }
      }
    }
    const own = outsideTokens(field.text);
    for (const { key, compiled } of wordings) {
      for (const hit of findWordings(own, [compiled])) {
        refusals.push({
          path: field.path,
          key,
          message: `${field.path} says "${hit.match}", a wording the claim "${key}" forbids: use the claim's token instead`,
        });
      }
    }
  }
  const approved = claims.filter((claim) => claim.status === 'approved');
  const findings = lintClaims(fields, approved);
  if (lint === 'block') {
    for (const finding of findings) {
      refusals.push({
        path: finding.path,
        ...(finding.candidates[0] ? { key: finding.candidates[0] } : {}),
        message: `${finding.path} says "${finding.words}" outside a claim${
          finding.candidates.length
            ? `: use an approved claim (${finding.candidates.map((key) => `"${key}"`).join(', ')})`
            : ': use an approved claim or reword it'
        }`,
      });
    }
  }
  return { refusals, findings };
}
