// Secrets of this installation (one per table), made on first use: the key that signs
// pagination cursors, say. They live in the table so every Lambda instance and the local
// server agree without any configuration; whoever can read the table can read far more
// than a cursor key, so nothing is lost by keeping them there.
//
// Access pattern and key:
//   secret by name ........ GetItem / conditional Put  pk=SECRET  sk=<name>
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalFailure, TableRepository } from './table.ts';
import { keys } from './keys.ts';

export class InstallSecrets extends TableRepository {
  private readonly cache = new Map<string, Promise<Buffer>>();

  /** 32 random bytes, the same for every instance; created by whoever asks first. */
  get(name: string): Promise<Buffer> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      // A failed read (store down) is not cached: the next request tries again.
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<Buffer> {
    const key = keys.secret(name);
    const read = async () =>
      (
        await this.db.send(
          new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
        )
      ).Item?.['value'];
    const existing = await read();
    if (typeof existing === 'string') return Buffer.from(existing, 'base64');
    try {
      const value = randomBytes(32).toString('base64');
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, value, createdAt: this.now().toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return Buffer.from(value, 'base64');
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      const raced = await read();
      if (typeof raced !== 'string') {
        throw new Error(`The secret ${name} could not be read`, { cause: error });
      }
      return Buffer.from(raced, 'base64');
    }
  }
}
