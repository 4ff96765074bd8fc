// Two-factor sign-in state of an administrator: the enrolment in progress, the enrolled
// TOTP secret with the last time step used, and the recovery codes.
//
// The TOTP secrets (enrolled and in enrolment) are stored encrypted by the secret box of
// the webhook secret (functions/webhooks/secret-box.ts, purpose "totp"): the install key
// locally, KMS in AWS; so neither the table nor a backup of it holds one in clear
// (docs/decisions/0340-two-factor-secrets-encrypted-at-rest.md). A secret stored in clear
// by an earlier version still works and is encrypted on its first use, and all of them at
// start-up (sealClearSecrets: `npm start`, and the deploy-time setup function in AWS).
//
// Access patterns and keys (all in the admin's own partition, see admins.ts):
//   enrolment in progress .. GetItem  pk=ADMIN#<e-mail>  sk=TOTP-ENROLMENT, TTL expiresAt
//   enrolled secret ........ attributes totpSecret, totpEnabledAt, totpLastStep of the
//                            admin item (pk=ADMIN#<e-mail> sk=ADMIN)
//   recovery codes ......... Query    pk=ADMIN#<e-mail>  sk begins_with RECOVERY#
//                            (one item per code, sk=RECOVERY#<sha256 of the code>)
//   wrong codes ............ GetItem  pk=ADMIN#<e-mail>  sk=CODE-FAILURES, TTL expiresAt
//                            failures, lastFailureAt, cycleStart, lockedUntil, lockedAt,
//                            alertedAt (ms)
// Confirming an enrolment writes the secret, deletes the enrolment and stores the ten
// recovery codes in one transaction. A code is used up by deleting its item under a
// condition, so two sign-ins racing with the same code cannot both succeed; TOTP codes
// are made single-use the same way, by a conditional write of the step they belong to.
//
// Wrong codes are also counted per account, whatever the address
// (docs/decisions/0096-wrong-codes-per-account.md): the sign-in throttle lets every fresh address have its
// check, so without this a botnet that knows the password would get a real code check per
// address. At CODE_FAILURE_LIMIT the second step locks: sign-ins waiting for a code that
// began before the lock are refused (lockedAt), and no code is checked until lockedUntil,
// which grows with each wrong code after it. Like the sign-in throttle, a check is counted
// up front (atomic ADD, so parallel checks cannot slip past the limit) and handed back
// when the code was right; a check that would reach the limit holds the lock while it
// runs, so at most one code is checked at a time once the limit is near. During a lock, a
// sign-in from a trusted device (functions/lib/trusted-device.ts, issue 33) still has its
// code checked, counted the same way; a wrong one lengthens the lock. A new password ends
// the lock (endLock).
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isSealed, type SecretBox } from '../webhooks/secret-box.ts';
import { adminKey, normalizeEmail, type Admin } from './admins.ts';
import { conditionally, GSI1, isConditionalFailure, queryAll, TableRepository } from './table.ts';
import { GSI1PK, keys, SK } from './keys.ts';

const enrolmentKey = (email: string) => keys.totpEnrolment(normalizeEmail(email));
const recoveryKey = (email: string, hash: string) => keys.recoveryCode(normalizeEmail(email), hash);
const failuresKey = (email: string) => keys.codeFailures(normalizeEmail(email));
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

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

/** A stored TOTP secret that this server's key cannot decrypt (the key changed or is gone). */
export class TotpSecretUnreadable extends Error {
  override name = 'TotpSecretUnreadable';
}

export interface Enrolment {
  /** The secret in clear, to check the confirming code. */
  secret: string;
  /** The secret as stored (encrypted, or clear from an earlier version); confirm() takes it. */
  stored: string;
  expiresAt: Date;
}

export class TwoFactorRepository extends TableRepository {
  /** Encrypts the secrets; undefined in AWS without a key (chooseSecretBox). */
  private readonly box: SecretBox | undefined;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    box: SecretBox | undefined,
  ) {
    super(db, table, now);
    this.box = box;
  }

  /** Whether a new secret can be stored encrypted (false only in AWS without a key). */
  get canEncrypt(): boolean {
    return this.box !== undefined;
  }

  /** Keeps a new secret, encrypted, until the admin confirms it with a code (replacing any earlier one). */
  async startEnrolment(email: string, secret: string, expiresAt: Date): Promise<void> {
    if (!this.box) throw new Error('no key to encrypt a two-factor secret with');
    const stored = await this.box.encrypt(secret);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...enrolmentKey(email), secret: stored, expiresAt: epochSeconds(expiresAt) },
      }),
    );
  }

  async enrolment(email: string): Promise<Enrolment | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: enrolmentKey(email), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const expiresAt = new Date(Number(item['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    const stored = String(item['secret']);
    return { secret: await this.open(stored), stored, expiresAt };
  }

  /**
   * The enrolled TOTP secret of `admin` in clear (undefined when two-factor sign-in is off).
   * One stored in clear by an earlier version is encrypted now, on its first use.
   */
  async secretOf(admin: Pick<Admin, 'email' | 'totpSecret'>): Promise<string | undefined> {
    const stored = admin.totpSecret;
    if (stored === undefined) return undefined;
    if (isSealed(stored)) return this.open(stored);
    // Best effort: a failure (KMS unreachable) must not fail the sign-in; the next use or
    // start-up encrypts it.
    await this.sealAdminSecret(admin.email, stored).catch(() => undefined);
    return stored;
  }

  /**
   * Encrypts every TOTP secret still stored in clear (enrolled, and enrolments in
   * progress); answers how many. Run at start-up (`npm start`, the AWS setup function).
   * Without a key (AWS misconfigured) nothing can be done: answers 0.
   */
  async sealClearSecrets(): Promise<number> {
    if (!this.box) return 0;
    const admins = await queryAll(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :admins',
      ExpressionAttributeValues: { ':admins': GSI1PK.admins },
      ProjectionExpression: 'email, totpSecret',
    });
    let sealed = 0;
    for (const item of admins) {
      const email = String(item['email']);
      const secret = item['totpSecret'];
      if (typeof secret === 'string' && !isSealed(secret)) {
        if (await this.sealAdminSecret(email, secret)) sealed += 1;
      }
      const enrolment = await this.db.send(
        new GetCommand({ TableName: this.table, Key: enrolmentKey(email), ConsistentRead: true }),
      );
      const pending = enrolment.Item?.['secret'];
      if (typeof pending === 'string' && !isSealed(pending)) {
        const stored = await this.box.encrypt(pending);
        const done = await conditionally(
          this.db.send(
            new UpdateCommand({
              TableName: this.table,
              Key: enrolmentKey(email),
              UpdateExpression: 'SET secret = :stored',
              ConditionExpression: 'secret = :clear',
              ExpressionAttributeValues: { ':stored': stored, ':clear': pending },
            }),
          ),
        );
        if (done) sealed += 1;
      }
    }
    return sealed;
  }

  /** Replaces a clear enrolled secret with its ciphertext, unless it changed meanwhile. */
  private async sealAdminSecret(email: string, clear: string): Promise<boolean> {
    if (!this.box) return false;
    const stored = await this.box.encrypt(clear);
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: adminKey(email),
          UpdateExpression: 'SET totpSecret = :stored',
          ConditionExpression: 'totpSecret = :clear',
          ExpressionAttributeValues: { ':stored': stored, ':clear': clear },
        }),
      ),
    );
  }

  /** A stored secret in clear: decrypted, or as it is when an earlier version stored it so. */
  private async open(stored: string): Promise<string> {
    if (!isSealed(stored)) return stored;
    if (!this.box) {
      throw new TotpSecretUnreadable('this server has no key to decrypt two-factor secrets with');
    }
    try {
      return await this.box.decrypt(stored);
    } catch (error) {
      throw new TotpSecretUnreadable((error as Error).message, { cause: error });
    }
  }

  /**
   * Turns two-factor sign-in on with the enrolment's secret (`stored`, as enrolment()
   * answered it); `step` is the time step of the code that confirmed it (so that code
   * cannot sign in again). False when two-factor sign-in is already on, or the enrolment
   * changed meanwhile.
   */
  async confirm(
    email: string,
    stored: string,
    step: number,
    recoveryHashes: string[],
  ): Promise<boolean> {
    await this.deleteRecoveryCodes(email);
    return conditionally(
      this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: adminKey(email),
                UpdateExpression:
                  'SET totpSecret = :secret, totpEnabledAt = :now, totpLastStep = :step',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(totpSecret)',
                ExpressionAttributeValues: {
                  ':secret': stored,
                  ':now': this.now().toISOString(),
                  ':step': step,
                },
              },
            },
            {
              Delete: {
                TableName: this.table,
                Key: enrolmentKey(email),
                ConditionExpression: 'secret = :secret',
                ExpressionAttributeValues: { ':secret': stored },
              },
            },
            ...recoveryHashes.map((hash) => ({
              Put: {
                TableName: this.table,
                Item: { ...recoveryKey(email, hash), createdAt: this.now().toISOString() },
              },
            })),
          ],
        }),
      ),
    );
  }

  /**
   * Records that a code of time step `step` was used; false when that step or a later one
   * was used already (the code is being replayed).
   */
  async useStep(email: string, step: number): Promise<boolean> {
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: adminKey(email),
          UpdateExpression: 'SET totpLastStep = :step',
          ConditionExpression:
            'attribute_exists(totpSecret) AND (attribute_not_exists(totpLastStep) OR totpLastStep < :step)',
          ExpressionAttributeValues: { ':step': step },
        }),
      ),
    );
  }

  /** Uses a recovery code up; true for exactly one caller. */
  async consumeRecoveryCode(email: string, hash: string): Promise<boolean> {
    return conditionally(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: recoveryKey(email, hash),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
  }

  async recoveryCodesLeft(email: string): Promise<number> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': SK.recovery },
        ConsistentRead: true,
        Select: 'COUNT',
      }),
    );
    return result.Count ?? 0;
  }

  /** A new set of recovery codes; the old ones stop working. */
  async replaceRecoveryCodes(email: string, hashes: string[]): Promise<void> {
    await this.deleteRecoveryCodes(email);
    const createdAt = this.now().toISOString();
    await this.batchWrite(
      hashes.map((hash) => ({ PutRequest: { Item: { ...recoveryKey(email, hash), createdAt } } })),
    );
  }

  /** Turns two-factor sign-in off: the secret, the step, the codes and any enrolment go. */
  async disable(email: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: adminKey(email),
        UpdateExpression: 'REMOVE totpSecret, totpEnabledAt, totpLastStep',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    await Promise.all([
      this.deleteRecoveryCodes(email),
      this.db.send(new DeleteCommand({ TableName: this.table, Key: enrolmentKey(email) })),
    ]);
  }

  private async deleteRecoveryCodes(email: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': SK.recovery },
      ConsistentRead: true,
      ProjectionExpression: 'pk, sk',
    });
    await this.batchWrite(
      items.map((item) => ({ DeleteRequest: { Key: { pk: item['pk'], sk: item['sk'] } } })),
    );
  }

  /** At most ten codes, so one batch; DynamoDB may hand some back under load: resend them. */
  private async batchWrite(requests: Record<string, unknown>[]): Promise<void> {
    let pending = requests;
    for (let round = 0; pending.length > 0; round++) {
      if (round === 5) throw new Error('DynamoDB kept refusing part of a batch write');
      const result = await this.db.send(
        new BatchWriteCommand({ RequestItems: { [this.table]: pending } }),
      );
      pending = (result.UnprocessedItems?.[this.table] ?? []) as Record<string, unknown>[];
    }
  }

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
