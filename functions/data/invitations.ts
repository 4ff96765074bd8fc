// Invitations: one-time links by which an administrator brings in another.
//
// Access patterns and keys:
//   invitation by token .... GetItem  pk=INVITES  sk=<sha256 of the token>, TTL expiresAt
//   open invitations ....... Query    pk=INVITES  (one partition: a team, not a crowd)
// Only the token's hash is stored; the link is shown once to the inviting admin (and
// e-mailed when mail is configured). Accepting deletes the invitation under a condition
// (it exists and has not expired) in the same transaction that creates the administrator,
// so a link works once even when two browsers race with it.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { adminItem, cancellationCodes, normalizeEmail } from './admins.ts';
import { isConditionalFailure, putNew, queryAll, TableRepository } from './table.ts';

export interface Invitation {
  /** The token's hash: names the invitation in lists and in the revoke call. */
  id: string;
  email: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export type AcceptResult =
  | { kind: 'created'; invitation: Invitation }
  | { kind: 'invalid' }
  /** An administrator with that e-mail appeared since the invitation was made. */
  | { kind: 'taken'; email: string };

export const invitationId = (token: string) =>
  createHash('sha256').update(token).digest('base64url');
const invitationKey = (id: string) => ({ pk: 'INVITES', sk: id });
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toInvitation(item: Record<string, unknown>): Invitation {
  return {
    id: String(item['sk']),
    email: String(item['email']),
    invitedBy: String(item['invitedBy']),
    createdAt: String(item['createdAt']),
    expiresAt: new Date(Number(item['expiresAt']) * 1000).toISOString(),
  };
}

export class InvitationRepository extends TableRepository {
  /** A new invitation; returns it with the token (the only time the token exists). */
  async create(
    email: string,
    invitedBy: string,
    ttlSeconds: number,
  ): Promise<Invitation & { token: string }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const item = {
      ...invitationKey(invitationId(token)),
      email: normalizeEmail(email),
      invitedBy: normalizeEmail(invitedBy),
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(expiresAt),
    };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { ...toInvitation(item), token };
  }

  /** The invitation a link names, while it is valid. */
  async find(token: string): Promise<Invitation | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: invitationKey(invitationId(token)),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return undefined;
    const invitation = toInvitation(result.Item);
    return Date.parse(invitation.expiresAt) > this.now().getTime() ? invitation : undefined;
  }

  /** Open invitations, newest first (expired ones are left for the TTL). */
  async list(): Promise<Invitation[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'INVITES' },
      ConsistentRead: true,
    });
    const now = this.now().getTime();
    return items
      .map(toInvitation)
      .filter((invitation) => Date.parse(invitation.expiresAt) > now)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Withdraws an open invitation; the invitation as it was, or undefined if there was none. */
  async revoke(id: string): Promise<Invitation | undefined> {
    const result = await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: invitationKey(id),
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!result.Attributes) return undefined;
    const invitation = toInvitation(result.Attributes);
    return Date.parse(invitation.expiresAt) > this.now().getTime() ? invitation : undefined;
  }

  /** Creates the invited administrator and uses the invitation up, in one transaction. */
  async accept(token: string, name: string, passwordHash: string): Promise<AcceptResult> {
    const invitation = await this.find(token);
    if (!invitation) return { kind: 'invalid' };
    const now = this.now();
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: invitationKey(invitation.id),
                ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
                ExpressionAttributeValues: { ':now': epochSeconds(now) },
              },
            },
            putNew(this.table, adminItem(invitation.email, passwordHash, now.toISOString(), name)),
          ],
        }),
      );
      return { kind: 'created', invitation };
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      const [invitationPart, adminPart] = cancellationCodes(error);
      if (adminPart === 'ConditionalCheckFailed' && invitationPart === 'None')
        return { kind: 'taken', email: invitation.email };
      // Used up (or by a racing browser, which DynamoDB may report as a conflict).
      return { kind: 'invalid' };
    }
  }
}
