// Administrators and the one-time setup token of the first run.
//
// Access patterns and keys:
//   admin by e-mail ........ GetItem  pk=ADMIN#<lowercased e-mail>  sk=ADMIN
//   is there any admin? .... Query    gsi1pk=ADMINS (Limit 1)
//   first-admin claim ...... item     pk=ADMINS  sk=FIRST  (written with attribute_not_exists
//                                     in the same transaction as the first admin, so two
//                                     racing first runs or setup links create one admin)
//   setup token ............ GetItem  pk=SETUP  sk=TOKEN#<sha256 of the token>, TTL expiresAt
// Only the token's hash is stored, so reading the table does not give the setup link.
import { createHash } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { GSI1, isConditionalFailure, putNew, TableRepository } from './table.ts';

export interface Admin {
  email: string;
  passwordHash: string;
  createdAt: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const adminKey = (email: string) => ({ pk: `ADMIN#${normalizeEmail(email)}`, sk: 'ADMIN' });
const tokenKey = (token: string) => ({
  pk: 'SETUP',
  sk: `TOKEN#${createHash('sha256').update(token).digest('base64url')}`,
});

export class AdminRepository extends TableRepository {
  async get(email: string): Promise<Admin | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: adminKey(email), ConsistentRead: true }),
    );
    if (!result.Item) return undefined;
    const { email: stored, passwordHash, createdAt } = result.Item as Admin;
    return { email: stored, passwordHash, createdAt };
  }

  async any(): Promise<boolean> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :admins',
        ExpressionAttributeValues: { ':admins': 'ADMINS' },
        Limit: 1,
      }),
    );
    if ((result.Items ?? []).length > 0) return true;
    // The claim item is read consistently; the index above may lag just after a write.
    const claim = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: 'ADMINS', sk: 'FIRST' },
        ConsistentRead: true,
      }),
    );
    return Boolean(claim.Item);
  }

  /**
   * Creates an administrator. `first` claims the first-run slot, so it fails (returns
   * false) once any first administrator exists. Also false when the e-mail is taken.
   */
  async create(
    email: string,
    passwordHash: string,
    options: { first?: boolean } = {},
  ): Promise<boolean> {
    const now = this.now().toISOString();
    const item = {
      ...adminKey(email),
      gsi1pk: 'ADMINS',
      gsi1sk: normalizeEmail(email),
      email: normalizeEmail(email),
      passwordHash,
      createdAt: now,
    };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(this.table, item),
            ...(options.first
              ? [
                  putNew(this.table, {
                    pk: 'ADMINS',
                    sk: 'FIRST',
                    email: item.email,
                    createdAt: now,
                  }),
                ]
              : []),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }

  async saveSetupToken(token: string, expiresAt: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...tokenKey(token), expiresAt: Math.floor(expiresAt.getTime() / 1000) },
      }),
    );
  }

  /** True when the token exists and has not expired (it is not used up by this). */
  async isSetupTokenValid(token: string): Promise<boolean> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: tokenKey(token), ConsistentRead: true }),
    );
    const expiresAt = Number(result.Item?.['expiresAt'] ?? 0);
    return expiresAt * 1000 > this.now().getTime();
  }

  /** Deletes the token if it is valid; true means this caller used it up. */
  async consumeSetupToken(token: string): Promise<boolean> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: tokenKey(token),
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': Math.floor(this.now().getTime() / 1000) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }
}
