// Two-factor sign-in: the recovery codes (functions/data/two-factor/store.ts has the layers
// and the keys). Ten single-use codes per admin, one item each, stored as the SHA-256 of the
// code (docs/decisions/0042-two-factor-totp.md). A code is used up by deleting its item under
// a condition, so two sign-ins racing with the same code cannot both succeed.
import { BatchWriteCommand, DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { adminKey } from '../admins.ts';
import { SK } from '../keys.ts';
import { conditionally, queryAll } from '../table.ts';
import { recoveryKey, TwoFactorStore } from './store.ts';

export abstract class RecoveryCodes extends TwoFactorStore {
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

  protected async deleteRecoveryCodes(email: string): Promise<void> {
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
}
