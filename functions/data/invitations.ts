// Invitations: one-time links by which an administrator brings in another.
//
// Access patterns and keys:
//   invitation by token .... GetItem  pk=INVITES  sk=<sha256 of the token>, TTL expiresAt
//   open invitations ....... Query    pk=INVITES  (one partition: a team, not a crowd)
// Only the token's hash is stored; the link is shown once to the inviting admin (and
// e-mailed when mail is configured). Accepting deletes the invitation under a condition
// (it exists and has not expired) in the same transaction that creates the administrator,
// so a link works once even when two browsers race with it.
//
// An invitation lives no longer than its maker's standing: it is made, and accepted, only
// in a transaction that also checks the maker is an active administrator (admins.ts
// activeAdminCheck), so a disabled admin's link creates nobody, whichever of the disable
// and the acceptance DynamoDB serialises first; disabling also withdraws the maker's open
// invitations (revokeBy). An accepted e-mail closes its other invitations (closeFor).
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { activeAdminCheck, adminItem, adminKey, normalizeEmail } from './admins.ts';
import { CONDITION_FAILED, putNew, queryAll, TableRepository } from './table.ts';
import { keys, PK } from './keys.ts';
import { newSecretToken, secretHash } from './secret-token.ts';
import { DEFAULT_ROLE, roleSchema, type Role } from '../shared/roles.ts';

export interface Invitation {
  /** The token's hash: names the invitation in lists and in the revoke call. */
  id: string;
  email: string;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  /** The role the invitee gets; invitations made before roles existed made admins. */
  role: Role;
}

export type AcceptResult =
  | { kind: 'created'; invitation: Invitation }
  | { kind: 'invalid' }
  /** An administrator with that e-mail appeared since the invitation was made. */
  | { kind: 'taken'; email: string };

export const invitationId = secretHash;
const invitationKey = keys.invitation;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toInvitation(item: Record<string, unknown>): Invitation {
  return {
    id: String(item['sk']),
    email: String(item['email']),
    invitedBy: String(item['invitedBy']),
    createdAt: String(item['createdAt']),
    expiresAt: new Date(Number(item['expiresAt']) * 1000).toISOString(),
    role: roleSchema.safeParse(item['role']).data ?? DEFAULT_ROLE,
  };
}

export class InvitationRepository extends TableRepository {
  /** A new invitation; returns it with the token (the only time the token exists). */
  async create(
    email: string,
    invitedBy: string,
    ttlSeconds: number,
    role: Role,
  ): Promise<Invitation & { token: string }> {
    const token = newSecretToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const item = {
      ...invitationKey(invitationId(token)),
      email: normalizeEmail(email),
      invitedBy: normalizeEmail(invitedBy),
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(expiresAt),
      role,
    };
    // Throws (a cancelled transaction) when the maker is not an active administrator,
    // e.g. when they were disabled while this request was on its way.
    await this.transact({
      items: [putNew(this.table, item), activeAdminCheck(this.table, invitedBy)],
    });
    return { ...toInvitation(item), token };
  }

  /**
   * The invitation a link names, while it is valid: not expired, and its maker still an
   * active administrator.
   */
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
    if (!(Date.parse(invitation.expiresAt) > this.now().getTime())) return undefined;
    return (await this.makerActive(invitation)) ? invitation : undefined;
  }

  /**
   * Invitations not yet expired, newest first (expired ones are left for the TTL). The
   * route leaves out those that can no longer be used (see usableInvitations).
   */
  async list(): Promise<Invitation[]> {
    const now = this.now().getTime();
    return (await this.all())
      .filter((invitation) => Date.parse(invitation.expiresAt) > now)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * Withdraws every invitation `invitedBy` made (their account was disabled); returns the
   * open ones withdrawn.
   */
  async revokeBy(invitedBy: string): Promise<Invitation[]> {
    const maker = normalizeEmail(invitedBy);
    return this.deleteWhere((invitation) => invitation.invitedBy === maker);
  }

  /** Closes the other invitations of an e-mail that has just joined; returns them. */
  async closeFor(email: string): Promise<Invitation[]> {
    const joined = normalizeEmail(email);
    return this.deleteWhere((invitation) => invitation.email === joined);
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
    let codes: readonly string[] = [];
    const created = await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: invitationKey(invitation.id),
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
          },
        },
        putNew(
          this.table,
          adminItem(invitation.email, passwordHash, now.toISOString(), name, invitation.role),
        ),
        activeAdminCheck(this.table, invitation.invitedBy),
      ],
      onConflict: (refused) => void (codes = refused),
    });
    if (created) return { kind: 'created', invitation };
    const [invitationPart, adminPart, makerPart] = codes;
    if (makerPart === CONDITION_FAILED) {
      // Disabled since the look-up above: the link is dead, so it goes too.
      await this.revoke(invitation.id);
      return { kind: 'invalid' };
    }
    if (adminPart === CONDITION_FAILED && invitationPart === 'None')
      return { kind: 'taken', email: invitation.email };
    // Used up (or by a racing browser, which DynamoDB reports as a conflict).
    return { kind: 'invalid' };
  }

  private async makerActive(invitation: Invitation): Promise<boolean> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: adminKey(invitation.invitedBy),
        ConsistentRead: true,
        ProjectionExpression: 'disabled, #role',
        ExpressionAttributeNames: { '#role': 'role' },
      }),
    );
    // Still an active admin (activeAdminCheck's condition): one who lost the role, like
    // one who was disabled, no longer vouches for their links.
    const role = result.Item?.['role'] ?? DEFAULT_ROLE;
    return Boolean(result.Item) && result.Item?.['disabled'] !== true && role === 'admin';
  }

  private async all(): Promise<Invitation[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PK.invites },
      ConsistentRead: true,
    });
    return items.map(toInvitation);
  }

  /** Deletes the invitations `matches` picks; returns those of them not yet expired. */
  private async deleteWhere(matches: (invitation: Invitation) => boolean): Promise<Invitation[]> {
    const doomed = (await this.all()).filter(matches);
    const deleted = await Promise.all(doomed.map((invitation) => this.revoke(invitation.id)));
    return deleted.filter((invitation): invitation is Invitation => invitation !== undefined);
  }
}

/**
 * The invitations worth listing: not for an e-mail that is an administrator already, and
 * not made by one who is no longer active (neither can be accepted).
 */
export function usableInvitations(
  invitations: Invitation[],
  admins: { email: string; disabled: boolean }[],
): Invitation[] {
  const joined = new Set(admins.map((admin) => admin.email));
  const active = new Set(admins.filter((admin) => !admin.disabled).map((admin) => admin.email));
  return invitations.filter(
    (invitation) => !joined.has(invitation.email) && active.has(invitation.invitedBy),
  );
}
