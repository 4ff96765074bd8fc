// Sign-in throttling (docs/decisions/0039-sign-in-throttling.md): failures are limited per
// (account, IP) pair and per IP, and an account under attack slows down with a growing
// delay instead of locking out. An address with no recent failures is never held back by
// the account's delay, so an attacker elsewhere cannot keep an administrator out.
//
// Access patterns and keys (one atomic UpdateItem each; subjects stored as hashes):
//   failures of a pair ... pk=THROTTLE#PAIR#<hash of account and IP>  sk=<window start, s>
//   failures of an IP .... pk=THROTTLE#IP#<hash of IP>                sk=<window start, s>
//   account state ........ pk=THROTTLE#ACCOUNT#<hash of account>      sk=STATE
//                          failures, lastFailureAt (ms), notBefore (ms); reset after an
//                          hour without failures
// "IP" is the client's limitKey (functions/core/client-address.ts): an IPv6 client counts as its
// /64, which it can rotate through freely.
// Every check counts as a failure up front (ADD, so parallel requests cannot slip past a
// limit) and is handed back when the credential was right. All items carry a TTL.
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { limitKey } from '../core/client-address.ts';
import { isConditionalFailure, TableRepository } from './table.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.ts';

export interface ThrottleSettings {
  /** Failures allowed per (account, IP) pair in a window. */
  pairLimit: number;
  /** Failures allowed per IP, whatever the account, in a window. */
  ipLimit: number;
  /** Failures an account takes before its growing delay starts. */
  freeFailures: number;
  /** The delay's ceiling. */
  maxDelaySeconds: number;
}

/** The pair and IP windows. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** An account's failure count starts again after this long without a failure. */
export const ACCOUNT_QUIET_SECONDS = 60 * 60;

export interface SignInAttempt {
  account: string;
  ip: string;
  windowStart: number;
  /** The account slot this attempt holds (ms), when it had to take one. */
  held?: number;
}

export type ThrottleVerdict =
  | { allowed: true; attempt: SignInAttempt }
  | {
      allowed: false;
      limit: 'pair' | 'ip' | 'account';
      retryAfterSeconds: number;
      /** The first refusal of this window for that limit (worth an audit entry). */
      first: boolean;
    };

/**
 * Seconds an account waits after its `failures`-th failure: none for the first few, then
 * 1, 2, 4, 8 ... seconds, up to the ceiling.
 */
export function accountDelaySeconds(failures: number, settings: ThrottleSettings): number {
  if (failures < settings.freeFailures) return 0;
  return Math.min(2 ** (failures - settings.freeFailures), settings.maxDelaySeconds);
}

const hashed = (subject: string) =>
  createHash('sha256').update(subject).digest('base64url').slice(0, 22);
const normalizeAccount = (account: string) => account.trim().toLowerCase();
const pairKey = (account: string, ip: string, windowStart: number) =>
  keys.throttlePair(hashed(`${normalizeAccount(account)}\n${limitKey(ip)}`), windowStart);
const ipKey = (ip: string, windowStart: number) =>
  keys.throttleIp(hashed(limitKey(ip)), windowStart);
const accountKey = (account: string) => keys.throttleAccount(hashed(normalizeAccount(account)));

export class SignInThrottle extends TableRepository {
  private readonly settings: ThrottleSettings;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    settings: ThrottleSettings,
  ) {
    super(db, table, now);
    this.settings = settings;
  }

  /**
   * Before a credential is checked: may this (account, IP) try now? An allowed attempt
   * must be ended with succeeded() or failed().
   */
  async begin(account: string, ip: string): Promise<ThrottleVerdict> {
    const nowMs = this.now().getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    const windowStart = nowSeconds - (nowSeconds % THROTTLE_WINDOW_SECONDS);
    const [pair, byIp, state] = await Promise.all([
      this.count(pairKey(account, ip, windowStart), windowStart),
      this.count(ipKey(ip, windowStart), windowStart),
      this.accountState(account),
    ]);
    const windowLeft = windowStart + THROTTLE_WINDOW_SECONDS - nowSeconds;
    const { pairLimit, ipLimit, freeFailures } = this.settings;
    if (pair > pairLimit)
      return {
        allowed: false,
        limit: 'pair',
        retryAfterSeconds: windowLeft,
        first: pair === pairLimit + 1,
      };
    if (byIp > ipLimit)
      return {
        allowed: false,
        limit: 'ip',
        retryAfterSeconds: windowLeft,
        first: byIp === ipLimit + 1,
      };
    // The account's delay holds back only addresses that have failed in this window
    // (count > 1: this attempt is already counted). A clean address always gets its try.
    const suspect = byIp > 1;
    if (suspect && state.failures >= freeFailures) {
      const claim = await this.claimAccountSlot(account, state.failures, nowMs);
      if ('waitMs' in claim)
        return {
          allowed: false,
          limit: 'account',
          retryAfterSeconds: Math.max(1, Math.ceil(claim.waitMs / 1000)),
          first: true,
        };
      return { allowed: true, attempt: { account, ip, windowStart, held: claim.held } };
    }
    return { allowed: true, attempt: { account, ip, windowStart } };
  }

  /** The credential was right: this attempt is not a failure, and the pair starts afresh. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await Promise.all([
      // A slot held for a failure that did not happen is given back at once.
      attempt.held === undefined
        ? undefined
        : this.db
            .send(
              new UpdateCommand({
                TableName: this.table,
                Key: accountKey(attempt.account),
                UpdateExpression: 'SET notBefore = :now',
                ConditionExpression: 'notBefore = :held',
                ExpressionAttributeValues: { ':now': this.now().getTime(), ':held': attempt.held },
              }),
            )
            .catch((error: unknown) => {
              if (!isConditionalFailure(error)) throw error;
            }),
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: pairKey(attempt.account, attempt.ip, attempt.windowStart),
        }),
      ),
      this.db
        .send(
          new UpdateCommand({
            TableName: this.table,
            Key: ipKey(attempt.ip, attempt.windowStart),
            UpdateExpression: 'ADD hits :minus',
            ConditionExpression: 'attribute_exists(pk) AND hits > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          }),
        )
        .catch((error: unknown) => {
          if (!isConditionalFailure(error)) throw error;
        }),
    ]);
  }

  /**
   * The credential was wrong: the pair and IP already counted it; the account's failure
   * count grows and with it the delay before a suspect address may try again.
   */
  async failed(attempt: SignInAttempt): Promise<void> {
    const nowMs = this.now().getTime();
    const failures = await this.addAccountFailure(attempt.account, nowMs);
    const delay = accountDelaySeconds(failures, this.settings);
    if (delay === 0) return;
    const notBefore = nowMs + delay * 1000;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: accountKey(attempt.account),
          UpdateExpression: 'SET notBefore = :notBefore',
          ConditionExpression: 'attribute_not_exists(notBefore) OR notBefore < :notBefore',
          ExpressionAttributeValues: { ':notBefore': notBefore },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** The account's current failure count and delay (for tests and the audit summary). */
  async accountState(account: string): Promise<{ failures: number; notBefore: number }> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: accountKey(account), ConsistentRead: true }),
    );
    const item = result.Item;
    const quietBefore = this.now().getTime() - ACCOUNT_QUIET_SECONDS * 1000;
    if (!item || !(Number(item['lastFailureAt']) > quietBefore))
      return { failures: 0, notBefore: 0 };
    return { failures: Number(item['failures'] ?? 0), notBefore: Number(item['notBefore'] ?? 0) };
  }

  private async count(key: { pk: string; sk: string }, windowStart: number): Promise<number> {
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: key,
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeValues: {
          ':one': 1,
          ':expires': windowStart + 2 * THROTTLE_WINDOW_SECONDS,
        },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.['hits'] ?? 1);
  }

  /**
   * A suspect address takes the account's next slot: it may go ahead when the delay has
   * passed, and then holds the slot for the delay its own failure would set, so parallel
   * suspects cannot all slip through at the same moment.
   */
  private async claimAccountSlot(
    account: string,
    failures: number,
    nowMs: number,
  ): Promise<{ held: number } | { waitMs: number }> {
    const hold = nowMs + accountDelaySeconds(failures + 1, this.settings) * 1000;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: accountKey(account),
          UpdateExpression: 'SET notBefore = :hold',
          ConditionExpression: 'attribute_not_exists(notBefore) OR notBefore <= :now',
          ExpressionAttributeValues: { ':hold': hold, ':now': nowMs },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { held: hold };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      // The document client leaves the item on the error in DynamoDB's own format.
      const old = (error as { Item?: { notBefore?: { N?: string } } }).Item?.notBefore?.N;
      const notBefore = Number(old ?? hold);
      return { waitMs: Number.isFinite(notBefore) ? Math.max(notBefore - nowMs, 1) : hold - nowMs };
    }
  }

  /** Adds one failure, starting the count again after a quiet hour; returns the count. */
  private async addAccountFailure(account: string, nowMs: number): Promise<number> {
    const key = accountKey(account);
    const quietBefore = nowMs - ACCOUNT_QUIET_SECONDS * 1000;
    const expiresAt = Math.floor(nowMs / 1000) + 2 * ACCOUNT_QUIET_SECONDS;
    for (let round = 0; round < 3; round++) {
      try {
        const result = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: key,
            UpdateExpression:
              'SET failures = failures + :one, lastFailureAt = :now, expiresAt = :expires',
            ConditionExpression: 'lastFailureAt > :quietBefore',
            ExpressionAttributeValues: {
              ':one': 1,
              ':now': nowMs,
              ':expires': expiresAt,
              ':quietBefore': quietBefore,
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(result.Attributes?.['failures'] ?? 1);
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
      // No recent failures: start a new count, unless a parallel failure just did.
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...key, failures: 1, lastFailureAt: nowMs, notBefore: 0, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk) OR lastFailureAt <= :quietBefore',
            ExpressionAttributeValues: { ':quietBefore': quietBefore },
          }),
        );
        return 1;
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    }
    throw new Error('The sign-in failure count kept changing under this request');
  }
}
