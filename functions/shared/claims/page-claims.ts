// What a page needs of the claims to render its `{{claim:<key>}}` tokens (issue 36,
// docs/decisions/0523-claims-rendered.md): the approved wording and references of each claim
// it says, the evidence they cite (title, source, date, address) and the keys it says whose
// claim is not approved today, with why. The build computes it from the store, the preview
// answers (GET /api/preview, the editor's preview) carry it, and the landing page's markup
// renders from it alone (site/islands/landing/claim-text.tsx), so the three agree.
import * as z from 'zod';
import { blocksOf } from '../blocks.ts';
import type { LandingContent } from '../landing-content.ts';
import type { Claim, Evidence } from './model.ts';
import type { ClaimWording, EvidenceCitation } from './references.ts';
import { notApproved } from './rules.ts';
import { textFields } from './text-fields.ts';
import { claimKeysIn } from './tokens.ts';

export const pageClaimsSchema = z.object({
  /** The approved claims the content says (or, in the build, every approved claim). */
  claims: z.array(
    z.object({
      key: z.string(),
      text: z.string(),
      references: z.array(z.object({ evidenceId: z.string(), locator: z.string() })),
    }),
  ),
  /** The current evidence those claims cite. */
  evidence: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      source: z.string(),
      date: z.string(),
      url: z.string().optional(),
    }),
  ),
  /** Keys the content says whose claim is not approved today: a preview marks them. */
  unapproved: z.array(z.object({ key: z.string(), why: z.string() })),
});
export type PageClaims = z.infer<typeof pageClaimsSchema>;

export const NO_CLAIMS: PageClaims = { claims: [], evidence: [], unapproved: [] };

/**
 * The claim keys the page says, in the order it shows them (its blocks in order, each
 * block's fields in order), repeats included: what numberReferences numbers by.
 */
export function claimKeysOf(content: LandingContent): string[] {
  return blocksOf(content).flatMap((block) =>
    textFields(block).flatMap((field) => claimKeysIn(field.text)),
  );
}

type ClaimState = Pick<Claim, 'key' | 'text' | 'status' | 'lapse' | 'references'>;
type EvidenceState = Pick<Evidence, 'id' | 'title' | 'source' | 'date' | 'kind' | 'valid'> & {
  url?: string | undefined;
};

/** What the References list shows of a piece of evidence (its address only for a URL). */
export const citationOf = (evidence: EvidenceState): EvidenceCitation => ({
  id: evidence.id,
  title: evidence.title,
  source: evidence.source,
  date: evidence.date,
  ...(evidence.kind === 'url' && evidence.url ? { url: evidence.url } : {}),
});

/**
 * The claims of `keys` as a page renders them, from the claims and evidence as the API
 * answers them (status as it holds today). `keys` undefined: every approved claim.
 */
export function pageClaimsOf(
  keys: Iterable<string> | undefined,
  claims: readonly ClaimState[],
  evidence: readonly EvidenceState[],
): PageClaims {
  const byKey = new Map(claims.map((claim) => [claim.key, claim]));
  const wanted = keys ? [...new Set(keys)] : claims.map((claim) => claim.key);
  const approved: ClaimWording[] = [];
  const unapproved: PageClaims['unapproved'] = [];
  for (const key of wanted) {
    const claim = byKey.get(key);
    if (claim?.status === 'approved') {
      approved.push({ key, text: claim.text, references: claim.references });
    } else if (keys) {
      unapproved.push({
        key,
        why: claim
          ? `Not shown: the claim "${key}", ${notApproved(claim)}`
          : `Not shown: there is no claim "${key}"`,
      });
    }
  }
  const cited = new Set(approved.flatMap((claim) => claim.references.map((ref) => ref.evidenceId)));
  return {
    claims: approved.map(({ key, text, references }) => ({
      key,
      text,
      references: references.map(({ evidenceId, locator }) => ({ evidenceId, locator })),
    })),
    evidence: evidence.filter((item) => item.valid && cited.has(item.id)).map(citationOf),
    unapproved,
  };
}
