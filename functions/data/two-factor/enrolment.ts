// Two-factor sign-in: the enrolment and the enrolled secret (functions/data/two-factor/store.ts
// has the layers and the keys; docs/decisions/0042-two-factor-totp.md). A new secret waits,
// encrypted, in the enrolment item until a code confirms it. Confirming writes the secret,
// deletes the enrolment and stores the ten recovery codes in one transaction. TOTP codes are
// single-use: the time step of each code used is written under a condition (useStep), so a
// replayed code, or two sign-ins racing with one, cannot both succeed.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adminKey } from '../admins.ts';
import { conditionally } from '../table.ts';
import { RecoveryCodes } from './recovery-codes.ts';
import { enrolmentKey, recoveryKey } from './store.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface Enrolment {
  /** The secret in clear, to check the confirming code. */
  secret: string;
  /** The secret as stored (encrypted, or clear from an earlier version); confirm() takes it. */
  stored: string;
  expiresAt: Date;
}

export abstract class Enrolments extends RecoveryCodes {
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
    return this.transact({
      items: [
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
      // On already, or the enrolment changed meanwhile: the answer false.
      onConflict: () => undefined,
    });
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
}
