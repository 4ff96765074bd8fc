// Two-factor sign-in state of an administrator: the enrolment in progress, the enrolled
// TOTP secret with the last time step used, the recovery codes and the wrong codes. The
// repository is built in layers, a file per concern, each class extending the one below,
// so `ctx.twoFactor` stays one object (functions/lib/context.ts;
// docs/decisions/0490-data-modules-split-by-concern.md):
//   store.ts ........... this file: the keys, the secret box, the secrets at rest
//   recovery-codes.ts .. the ten single-use codes: use one, count, replace
//   enrolment.ts ....... start and confirm an enrolment, the replay guard, turn it off
//   wrong-codes.ts ..... wrong codes per account and the lock they set
//   repository.ts ...... TwoFactorRepository, the top layer
//
// The TOTP secrets (enrolled and in enrolment) are stored encrypted by the secret box of
// the webhook secret (functions/webhooks/secret-box.ts, purpose "totp"): the install key
// locally, KMS in AWS; so neither the table nor a backup of it holds one in clear
// (docs/decisions/0340-two-factor-secrets-encrypted-at-rest.md). A secret stored in clear
// by an earlier version still works and is encrypted on its first use, and all of them at
// start-up (sealClearSecrets: `npm start`, and the deploy-time setup function in AWS).
//
// Access patterns and keys (all in the admin's own partition, see functions/data/admins.ts):
//   enrolment in progress .. GetItem  pk=ADMIN#<e-mail>  sk=TOTP-ENROLMENT, TTL expiresAt
//   enrolled secret ........ attributes totpSecret, totpEnabledAt, totpLastStep of the
//                            admin item (pk=ADMIN#<e-mail> sk=ADMIN)
//   recovery codes ......... Query    pk=ADMIN#<e-mail>  sk begins_with RECOVERY#
//                            (one item per code, sk=RECOVERY#<sha256 of the code>)
//   wrong codes ............ GetItem  pk=ADMIN#<e-mail>  sk=CODE-FAILURES, TTL expiresAt
//                            failures, lastFailureAt, cycleStart, lockedUntil, lockedAt,
//                            alertedAt (ms)
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isSealed, type SecretBox } from '../../webhooks/secret-box.ts';
import { adminKey, normalizeEmail, type Admin } from '../admins.ts';
import { conditionally, GSI1, queryAll, TableRepository } from '../table.ts';
import { GSI1PK, keys } from '../keys.ts';

export const enrolmentKey = (email: string) => keys.totpEnrolment(normalizeEmail(email));
export const recoveryKey = (email: string, hash: string) =>
  keys.recoveryCode(normalizeEmail(email), hash);
export const failuresKey = (email: string) => keys.codeFailures(normalizeEmail(email));

/** A stored TOTP secret that this server's key cannot decrypt (the key changed or is gone). */
export class TotpSecretUnreadable extends Error {
  override name = 'TotpSecretUnreadable';
}

/** The client, the secret box and the secrets at rest: what every layer shares. */
export abstract class TwoFactorStore extends TableRepository {
  /** Encrypts the secrets; undefined in AWS without a key (chooseSecretBox). */
  protected readonly box: SecretBox | undefined;

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
  protected async open(stored: string): Promise<string> {
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
}
