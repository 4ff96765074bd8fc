// Administrator sessions.
//
// Access pattern and key:
//   session by id .......... GetItem  pk=SESSION#<sha256 of the id>  sk=SESSION, TTL expiresAt
// The cookie holds a random 256-bit id; the table holds only its hash, so a leaked table
// or backup gives no usable session. TTL deletion is lazy, so get() also refuses an
// item whose expiresAt has passed.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableRepository } from './table.ts';

export interface Session {
  email: string;
  createdAt: string;
  expiresAt: Date;
}

const sessionKey = (id: string) => ({
  pk: `SESSION#${createHash('sha256').update(id).digest('base64url')}`,
  sk: 'SESSION',
});

export class SessionRepository extends TableRepository {
  /** Starts a session and returns its new id (a fresh id at every sign-in). */
  async create(email: string, ttlSeconds: number): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...sessionKey(id),
          email,
          createdAt: now.toISOString(),
          expiresAt: Math.floor(expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { id, expiresAt };
  }

  async get(id: string): Promise<Session | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: sessionKey(id), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const expiresAt = new Date(Number(item['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    return { email: String(item['email']), createdAt: String(item['createdAt']), expiresAt };
  }

  async delete(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: sessionKey(id) }));
  }
}
