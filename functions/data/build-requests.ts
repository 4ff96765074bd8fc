// Rebuild requests that failed after a change was saved (the CodeBuild call refused, say),
// so the admin's build status says so on every instance instead of the save answering 500.
//
// Access pattern and keys:
//   last failed request ... GetItem  pk=BUILD  sk=REQUEST_FAILURE   (one item, overwritten)
// A later request that gets through deletes the item; a failure older than the start of
// the build being reported is stale and ignored by the reader.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableRepository } from './table.ts';
import { keys } from './keys.ts';

const KEY = keys.buildFailure();

export interface BuildRequestFailure {
  at: string;
  /** What was being rebuilt for ("update /spring by ..."). */
  reason: string;
  message: string;
}

export class BuildRequestLog extends TableRepository {
  async failed(reason: string, message: string): Promise<void> {
    const failure: BuildRequestFailure = { at: this.now().toISOString(), reason, message };
    await this.db.send(new PutCommand({ TableName: this.table, Item: { ...KEY, ...failure } }));
  }

  async succeeded(): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: KEY }));
  }

  async lastFailure(): Promise<BuildRequestFailure | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: KEY, ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    const { at, reason, message } = result.Item as BuildRequestFailure;
    return { at, reason, message };
  }
}
