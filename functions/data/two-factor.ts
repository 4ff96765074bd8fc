// Two-factor sign-in state of an administrator: the enrolment in progress, the enrolled
// TOTP secret with the last time step used, and the recovery codes.
//
// Access patterns and keys (all in the admin's own partition, see admins.ts):
//   enrolment in progress .. GetItem  pk=ADMIN#<e-mail>  sk=TOTP-ENROLMENT, TTL expiresAt
//   enrolled secret ........ attributes totpSecret, totpEnabledAt, totpLastStep of the
//                            admin item (pk=ADMIN#<e-mail> sk=ADMIN)
//   recovery codes ......... Query    pk=ADMIN#<e-mail>  sk begins_with RECOVERY#
//                            (one item per code, sk=RECOVERY#<sha256 of the code>)
// Confirming an enrolment writes the secret, deletes the enrolment and stores the ten
// recovery codes in one transaction. A code is used up by deleting its item under a
// condition, so two sign-ins racing with the same code cannot both succeed; TOTP codes
// are made single-use the same way, by a conditional write of the step they belong to.
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { adminKey } from './admins.ts';
import { conditionally, queryAll, TableRepository } from './table.ts';

const enrolmentKey = (email: string) => ({ pk: adminKey(email).pk, sk: 'TOTP-ENROLMENT' });
const recoveryKey = (email: string, hash: string) => ({
  pk: adminKey(email).pk,
  sk: `RECOVERY#${hash}`,
});
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class TwoFactorRepository extends TableRepository {
  /** Keeps a new secret until the admin confirms it with a code (replacing any earlier one). */
  async startEnrolment(email: string, secret: string, expiresAt: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...enrolmentKey(email), secret, expiresAt: epochSeconds(expiresAt) },
      }),
    );
  }

  async enrolment(email: string): Promise<{ secret: string; expiresAt: Date } | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: enrolmentKey(email), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const expiresAt = new Date(Number(item['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    return { secret: String(item['secret']), expiresAt };
  }

  /**
   * Turns two-factor sign-in on with the enrolment's secret; `step` is the time step of the
   * code that confirmed it (so that code cannot sign in again). False when two-factor
   * sign-in is already on, or the enrolment changed meanwhile.
   */
  async confirm(
    email: string,
    secret: string,
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
                  ':secret': secret,
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
                ExpressionAttributeValues: { ':secret': secret },
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
        ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': 'RECOVERY#' },
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
      ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': 'RECOVERY#' },
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
}
