// Claims and the evidence behind them in one partition (issue 36,
// docs/decisions/0521-claims-store.md). Both lists are small (hundreds at most) and every
// rule reads both, so one query reads them all.
//
// Access patterns and keys (functions/data/keys.ts):
//   claims, keys, evidence .... Query pk=CLAIMS (sk CLAIM#<id>, KEY#<key>, EVIDENCE#<id>, SEED)
//   one claim ................. Put pk=CLAIMS sk=CLAIM#<id>, with KEY#<key> (unique key)
//   one piece of evidence ..... Put pk=CLAIMS sk=EVIDENCE#<id>
import * as z from 'zod';
import { claimSchema, evidenceSchema } from '../../shared/claims/model.ts';
import { keys, SK } from '../keys.ts';
import { queryAll, TableRepository, type TransactPart } from '../table.ts';

/** A claim as stored: what the API answers but the lapse (computed), and its authors. */
export const storedClaimSchema = claimSchema.omit({ lapse: true }).extend({
  /** Who changed its key, text or references since it was last approved (never its signers). */
  authors: z.array(z.string()),
});
export type StoredClaim = z.infer<typeof storedClaimSchema>;

/** Evidence as stored: `valid` is computed when read. */
export const storedEvidenceSchema = evidenceSchema.omit({ valid: true });
export type StoredEvidence = z.infer<typeof storedEvidenceSchema>;

export interface ClaimsPartition {
  claims: StoredClaim[];
  evidence: StoredEvidence[];
  /** content/claims.json was seeded (seed.ts). */
  seeded: boolean;
}

export class ClaimsStore extends TableRepository {
  /** Every claim and piece of evidence: one query. */
  async readAll(): Promise<ClaimsPartition> {
    const partition: ClaimsPartition = { claims: [], evidence: [], seeded: false };
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.claimsPartition() },
      ConsistentRead: true,
    });
    for (const item of items) {
      const sk = String(item['sk']);
      if (sk.startsWith(SK.claim)) partition.claims.push(storedClaimSchema.parse(item));
      else if (sk.startsWith(SK.evidence))
        partition.evidence.push(storedEvidenceSchema.parse(item));
      else if (sk === SK.claimsSeed) partition.seeded = true;
    }
    partition.claims.sort((a, b) => a.key.localeCompare(b.key));
    partition.evidence.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    return partition;
  }

  protected putClaim(claim: StoredClaim, condition?: { revision: number }): TransactPart {
    return {
      Put: {
        TableName: this.table,
        Item: { ...keys.claim(claim.id), ...claim },
        ...(condition
          ? {
              ConditionExpression: 'revision = :revision',
              ExpressionAttributeValues: { ':revision': condition.revision },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    };
  }

  protected putKey(key: string, id: string): TransactPart {
    return {
      Put: {
        TableName: this.table,
        Item: { ...keys.claimKey(key), claimId: id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }
}
