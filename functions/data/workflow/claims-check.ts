// The claims rules at each step of publishing (issue 36, docs/decisions/0522-claims-rules.md):
// submit, approve, publish and a schedule firing read the claims as they hold today and
// refuse content that uses a claim that is not approved (unknown, draft, lapsed, withdrawn)
// or says a claim's forbidden wording. One 409 names every field and claim at fault.
import { ConflictError } from '../../core/domain-errors.ts';
import { checkClaims, type ClaimRefusal } from '../../shared/claims/rules.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ClaimRepository } from '../claims/claims.ts';
import { readSettings } from './settings.ts';
import type { Settings } from '../../shared/workflow.ts';

export class ClaimsRefusedError extends ConflictError {
  override name = 'ClaimsRefusedError';
  readonly refusals: readonly ClaimRefusal[];
  constructor(step: string, refusals: readonly ClaimRefusal[]) {
    const [first] = refusals;
    const more = refusals.length - 1;
    super(
      `${step}: ${first!.message}${more > 0 ? ` (and ${more} more claim problem${more === 1 ? '' : 's'})` : ''}`,
      Object.fromEntries(
        [...new Set(refusals.map((refusal) => refusal.path))].map((path) => [
          `content.${path}`,
          refusals.filter((refusal) => refusal.path === path).map((refusal) => refusal.message),
        ]),
      ),
    );
    this.refusals = refusals;
  }
}

/**
 * Throws ClaimsRefusedError when `content` breaks a claims rule; `step` starts the sentence.
 * Setting `claimsLint` (docs/decisions/0549-publishing-settings.md): `warn` lists text that
 * reads like a claim in the Review tab only; `block` refuses it here like an unapproved claim.
 */
export async function assertClaims(
  claims: ClaimRepository,
  content: unknown,
  step: string,
  lint: Settings['claimsLint'],
): Promise<void> {
  const { refusals } = checkClaims(content, await claims.list(), lint);
  if (refusals.length > 0) throw new ClaimsRefusedError(step, refusals);
}

/**
 * The claims rules for content that goes live without signatures (approvals 0, record
 * docs/decisions/0522-claims-rules.md): a PUT of a live page, a version restore, a page
 * created live. The page repository calls it before such a write.
 */
export async function assertLiveClaims(
  db: DynamoDBDocumentClient,
  table: string,
  now: () => Date,
  content: unknown,
): Promise<void> {
  const { claimsLint } = await readSettings(db, table);
  await assertClaims(new ClaimRepository(db, table, now), content, 'It cannot go live', claimsLint);
}
