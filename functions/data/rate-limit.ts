// Fixed-window rate limits shared by every instance, counted in DynamoDB.
//
// Access pattern: one atomic UpdateItem per hit on
//   pk=RATE#<bucket>#<subject hash>   sk=<window start, epoch s>
// ADD returns the new count, so concurrent instances never under-count. Items carry a
// TTL a window after they end; the window start in the key means an expired item is
// simply never read again, whenever DynamoDB gets round to deleting it.
import { createHash } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { limitKey } from '../core/client-address.ts';
import { isConditionalFailure, TableRepository } from './table.ts';
import { keys } from './keys.ts';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(bucket: string, subject: string, rule: RateRule): Promise<RateDecision>;
  /**
   * True at most once per `seconds` for a subject (a sliding period, not a window): the
   * auto-reply's "one per address an hour". One conditional write on
   * pk=RATE#<bucket>#<subject hash>  sk=0, whose expiresAt is also its TTL.
   */
  once(bucket: string, subject: string, seconds: number): Promise<boolean>;
}

export class DynamoRateLimiter extends TableRepository implements RateLimiter {
  async hit(bucket: string, subject: string, rule: RateRule): Promise<RateDecision> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    // Subjects are IPs and e-mail addresses: store a hash, not the personal data. An IPv6
    // address counts as its /64 (limitKey); an e-mail address is never an IPv6 literal.
    const hashed = createHash('sha256').update(limitKey(subject)).digest('base64url').slice(0, 22);
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.rate(bucket, hashed, windowStart),
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeValues: { ':one': 1, ':expires': windowStart + 2 * rule.windowSeconds },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(result.Attributes?.['hits'] ?? 1);
    return {
      allowed: count <= rule.limit,
      count,
      retryAfterSeconds: windowStart + rule.windowSeconds - nowSeconds,
    };
  }

  async once(bucket: string, subject: string, seconds: number): Promise<boolean> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const hashed = createHash('sha256').update(limitKey(subject)).digest('base64url').slice(0, 22);
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keys.rate(bucket, hashed, 0), expiresAt: nowSeconds + seconds },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }
}
