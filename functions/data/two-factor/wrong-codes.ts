// Two-factor sign-in: wrong codes, counted per account whatever the address, and the lock
// they set (functions/data/two-factor/store.ts has the layers and the keys).
//
// Wrong codes are also counted per account, whatever the address
// (docs/decisions/0096-wrong-codes-per-account.md): the sign-in throttle lets every fresh
// address have its check, so without this a botnet that knows the password would get a real code check per
// address. At CODE_FAILURE_LIMIT the second step locks: sign-ins waiting for a code that
// began before the lock are refused (lockedAt), and no code is checked until lockedUntil,
// which grows with each wrong code after it. Like the sign-in throttle, a check is counted
// up front (atomic ADD, so parallel checks cannot slip past the limit) and handed back
// when the code was right; a check that would reach the limit holds the lock while it
// runs, so at most one code is checked at a time once the limit is near. During a lock, a
// sign-in from a trusted device (functions/lib/trusted-device.ts, issue 33) still has its
// code checked, counted the same way; a wrong one lengthens the lock. A new password ends
// the lock (endLock).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally, isConditionalFailure } from '../table.ts';
import { Enrolments } from './enrolment.ts';
import { failuresKey } from './store.ts';

/** Wrong codes an account takes, across all addresses, before its second step locks. */
export const CODE_FAILURE_LIMIT = 10;
/** The first lock; each further wrong code doubles it, up to CODE_MAX_LOCK_SECONDS. */
export const CODE_LOCK_SECONDS = 15 * 60;
export const CODE_MAX_LOCK_SECONDS = 60 * 60;
/** The wrong-code count starts again after this long without one. */
export const CODE_QUIET_SECONDS = 24 * 3600;

/** How long the second step stays locked after the account's `failures`-th wrong code. */
export function codeLockSeconds(failures: number): number {
  if (failures < CODE_FAILURE_LIMIT) return 0;
  return Math.min(CODE_LOCK_SECONDS * 2 ** (failures - CODE_FAILURE_LIMIT), CODE_MAX_LOCK_SECONDS);
}

/** A code check under way: hand it to codeCheckSucceeded() or codeCheckFailed(). */
export interface CodeCheck {
  email: string;
  /** Wrong codes of the account counting this check. */
  count: number;
  /** The lock this check holds while it runs (ms), when it could reach the limit. */
  held?: number;
  /** Checked while the account is locked (a trusted device, issue 33): a wrong code extends it. */
  duringLock?: boolean;
}

export type CodeCheckVerdict =
  | { kind: 'allowed'; check: CodeCheck }
  /** Locked: no code is checked before this many seconds. */
  | { kind: 'locked'; retryAfterSeconds: number }
  /** The sign-in began before the latest lock, which ended it. */
  | { kind: 'stale' };

export type CodeFailure =
  | { locked: false }
  /** `first`: the first lock of this count, worth the alert and the audit entry. */
  | { locked: true; lockSeconds: number; first: boolean };

interface FailureState {
  failures: number;
  lastFailureAt: number;
  cycleStart: number;
  lockedUntil: number;
  lockedAt: number;
}

export abstract class WrongCodes extends Enrolments {
  /**
   * Before a code of `email` is checked. `signInStartedAt`: when the sign-in waiting for
   * this code began (the code step), so one begun before the latest lock is refused.
   * `throughLock`: the sign-in comes from a device the owner signed in on with a code lately
   * (functions/lib/trusted-device.ts): its code is checked, and counted, during a lock too.
   */
  async beginCodeCheck(
    email: string,
    signInStartedAt?: Date,
    options: { throughLock?: boolean } = {},
  ): Promise<CodeCheckVerdict> {
    const nowMs = this.now().getTime();
    const state = await this.failureState(email);
    if (signInStartedAt && state && signInStartedAt.getTime() <= state.lockedAt)
      return { kind: 'stale' };
    if (state && state.lockedUntil > nowMs) {
      return options.throughLock
        ? this.countDuringLock(email, nowMs)
        : locked(state.lockedUntil, nowMs);
    }
    if (!state || this.quiet(state, nowMs)) await this.startCount(email, nowMs);
    let count: number;
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(email),
          UpdateExpression: 'ADD failures :one SET expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(lockedUntil) OR lockedUntil <= :now',
          ExpressionAttributeValues: { ':one': 1, ':now': nowMs, ':expires': this.expiry(nowMs) },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      count = Number(result.Attributes?.['failures'] ?? 1);
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      if (options.throughLock) return this.countDuringLock(email, nowMs);
      return locked(lockedUntilOf(error, nowMs), nowMs);
    }
    if (count < CODE_FAILURE_LIMIT) return { kind: 'allowed', check: { email, count } };
    // This wrong code would reach the limit (or go past it): hold the lock while the
    // code is checked, so no other address gets a check meanwhile.
    const held = nowMs + codeLockSeconds(count) * 1000;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(email),
          UpdateExpression: 'SET lockedUntil = :held',
          ConditionExpression: 'attribute_not_exists(lockedUntil) OR lockedUntil <= :now',
          ExpressionAttributeValues: { ':held': held, ':now': nowMs },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'allowed', check: { email, count, held } };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      await this.handBack(email);
      return locked(lockedUntilOf(error, nowMs), nowMs);
    }
  }

  /** A trusted device's check during a lock: counted up front as any other, the lock kept. */
  private async countDuringLock(email: string, nowMs: number): Promise<CodeCheckVerdict> {
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: failuresKey(email),
        UpdateExpression: 'ADD failures :one SET expiresAt = :expires',
        ExpressionAttributeValues: { ':one': 1, ':expires': this.expiry(nowMs) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(result.Attributes?.['failures'] ?? 1);
    return { kind: 'allowed', check: { email, count, duringLock: true } };
  }

  /**
   * A new password ends the lock (issue 33; whoever typed the wrong codes had the old one):
   * the count starts again, and every sign-in waiting for a code that began before now is
   * ended, as a lock ends them. True when the account was locked.
   */
  async endLock(email: string): Promise<boolean> {
    const nowMs = this.now().getTime();
    const result = await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: this.freshCount(email, nowMs, nowMs),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Number(result.Attributes?.['lockedUntil'] ?? 0) > nowMs;
  }

  /** The code was right: this check was no failure, and a lock it held is let go. */
  async codeCheckSucceeded(check: CodeCheck): Promise<void> {
    await this.handBack(check.email);
    if (check.held === undefined) return;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(check.email),
          UpdateExpression: 'SET lockedUntil = :now',
          ConditionExpression: 'lockedUntil = :held',
          ExpressionAttributeValues: { ':now': this.now().getTime(), ':held': check.held },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /**
   * The code was wrong (already counted). At the limit the lock this check held stays,
   * and every sign-in of the account waiting for a code ends with it.
   */
  async codeCheckFailed(check: CodeCheck): Promise<CodeFailure> {
    const nowMs = this.now().getTime();
    if (check.duringLock) {
      // A wrong code from a trusted device counts: the lock lasts as long as this count's
      // would (never shorter than it was); sign-ins already waiting are not ended again.
      const until = nowMs + codeLockSeconds(check.count) * 1000;
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(check.email),
          UpdateExpression: 'SET lastFailureAt = :now',
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      );
      await conditionally(
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: failuresKey(check.email),
            UpdateExpression: 'SET lockedUntil = :until',
            ConditionExpression: 'lockedUntil < :until',
            ExpressionAttributeValues: { ':until': until },
          }),
        ),
      );
      return { locked: true, lockSeconds: codeLockSeconds(check.count), first: false };
    }
    const locking = check.held !== undefined;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: failuresKey(check.email),
        UpdateExpression: locking
          ? 'SET lastFailureAt = :now, lockedAt = :now'
          : 'SET lastFailureAt = :now',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    );
    if (!locking) return { locked: false };
    // The first lock of this count alerts the owner once, however many follow.
    const first = await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(check.email),
          UpdateExpression: 'SET alertedAt = :now',
          ConditionExpression: 'attribute_not_exists(alertedAt)',
          ExpressionAttributeValues: { ':now': nowMs },
        }),
      ),
    );
    return { locked: true, lockSeconds: Math.round((check.held! - nowMs) / 1000), first };
  }

  private async failureState(email: string): Promise<FailureState | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: failuresKey(email), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const number = (key: string) => Number(item[key] ?? 0) || 0;
    return {
      failures: number('failures'),
      lastFailureAt: number('lastFailureAt'),
      cycleStart: number('cycleStart'),
      lockedUntil: number('lockedUntil'),
      lockedAt: number('lockedAt'),
    };
  }

  /** A day without a wrong code (and none since the count began): the count may restart. */
  private quiet(state: FailureState, nowMs: number): boolean {
    const quietBefore = nowMs - CODE_QUIET_SECONDS * 1000;
    return state.lastFailureAt <= quietBefore && state.cycleStart <= quietBefore;
  }

  /**
   * A new count (the item is replaced, its alert and lock with it), unless a parallel
   * check has just started one.
   */
  private async startCount(email: string, nowMs: number): Promise<void> {
    const quietBefore = nowMs - CODE_QUIET_SECONDS * 1000;
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: this.freshCount(email, nowMs, 0),
          ConditionExpression:
            'attribute_not_exists(pk) OR (lastFailureAt <= :quietBefore AND cycleStart <= :quietBefore)',
          ExpressionAttributeValues: { ':quietBefore': quietBefore },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** A count started at `nowMs`; sign-ins begun at or before `lockedAt` are ended. */
  private freshCount(email: string, nowMs: number, lockedAt: number) {
    return {
      ...failuresKey(email),
      failures: 0,
      cycleStart: nowMs,
      lastFailureAt: 0,
      lockedUntil: 0,
      lockedAt,
      expiresAt: this.expiry(nowMs),
    };
  }

  /** Takes back a check counted up front that turned out not to be a wrong code. */
  private async handBack(email: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: failuresKey(email),
          UpdateExpression: 'ADD failures :minus',
          ConditionExpression: 'failures > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** Kept a little longer than a quiet day, then the TTL takes it. */
  private expiry(nowMs: number): number {
    return Math.floor(nowMs / 1000) + CODE_QUIET_SECONDS + CODE_MAX_LOCK_SECONDS;
  }
}

const locked = (until: number, nowMs: number): CodeCheckVerdict => ({
  kind: 'locked',
  retryAfterSeconds: Math.max(1, Math.ceil((until - nowMs) / 1000)),
});

/** The lock named by a refused conditional write (the document client leaves it raw). */
function lockedUntilOf(error: unknown, nowMs: number): number {
  const raw = (error as { Item?: { lockedUntil?: { N?: string } } }).Item?.lockedUntil?.N;
  const until = Number(raw);
  return Number.isFinite(until) && until > nowMs ? until : nowMs + 1000;
}
