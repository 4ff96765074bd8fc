// Password reset links: one-time links that let an account owner (or a colleague with the
// accounts permission, who hands the link on) set a new password.
//
// Access patterns and keys:
//   link by token .......... GetItem  pk=PASSWORD-RESET#<sha256 of the token>  sk=LINK,
//                                     TTL expiresAt (the account's e-mail, the expiry)
//   the account's link ..... GetItem  pk=ADMIN#<e-mail>  sk=PASSWORD-RESET (the hash of the
//                                     one link that may still be used, TTL expiresAt)
// Only the token's hash is stored (secret-token.ts), so the table gives no usable link.
// A new link replaces the account's pointer, which voids every older link of that account:
// using one needs the pointer to name it. Using a link is one transaction: the link is
// deleted (it exists and has not expired), the pointer too (it names this link), and the
// password is set on an account that is still active. Two browsers racing with one link
// set one password; a link of a disabled account does nothing.
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { activeAccountCheck, normalizeEmail, passwordUpdate } from './admins.ts';
import { putNew, TableRepository } from './table.ts';
import { keys } from './keys.ts';
import { newSecretToken, secretHash } from './secret-token.ts';

export interface ResetLink {
  email: string;
  expiresAt: Date;
}

/** A reset link works for 30 minutes. */
export const RESET_LINK_TTL_SECONDS = 30 * 60;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class PasswordResetRepository extends TableRepository {
  /**
   * A new link for `email`, valid `ttlSeconds`; older links of the account stop working.
   * The token exists only in the answer. Undefined when the account is not active (or
   * does not exist).
   */
  async create(
    email: string,
    ttlSeconds = RESET_LINK_TTL_SECONDS,
  ): Promise<{ token: string; expiresAt: Date } | undefined> {
    const account = normalizeEmail(email);
    const token = newSecretToken();
    const hash = secretHash(token);
    const expiresAt = new Date(this.now().getTime() + ttlSeconds * 1000);
    const expires = epochSeconds(expiresAt);
    const made = await this.transact({
      items: [
        putNew(this.table, { ...keys.resetLink(hash), email: account, expiresAt: expires }),
        {
          Put: {
            TableName: this.table,
            Item: { ...keys.currentReset(account), hash, expiresAt: expires },
          },
        },
        activeAccountCheck(this.table, account),
      ],
      // The account is not active (or not there): no link, the answer undefined.
      onConflict: () => undefined,
    });
    return made ? { token, expiresAt } : undefined;
  }

  /** The link's account while the link can be used: not expired, not replaced by a newer one. */
  async find(token: string): Promise<ResetLink | undefined> {
    const hash = secretHash(token);
    const link = await this.get(keys.resetLink(hash));
    if (!link) return undefined;
    const email = String(link['email']);
    const expiresAt = new Date(Number(link['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    const current = await this.get(keys.currentReset(email));
    return current?.['hash'] === hash ? { email, expiresAt } : undefined;
  }

  /**
   * Uses the link (as `find` read it) up and sets the account's password to
   * `passwordHash`, atomically (see the top of this file). False when the link was used,
   * expired or replaced since, or its account is disabled: nothing changed.
   */
  async consume(token: string, link: ResetLink, passwordHash: string): Promise<boolean> {
    const hash = secretHash(token);
    const now = this.now();
    return this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.resetLink(hash),
            ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
          },
        },
        {
          Delete: {
            TableName: this.table,
            Key: keys.currentReset(link.email),
            ConditionExpression: '#hash = :hash',
            ExpressionAttributeNames: { '#hash': 'hash' },
            ExpressionAttributeValues: { ':hash': hash },
          },
        },
        {
          Update: passwordUpdate(this.table, link.email, passwordHash, now.toISOString(), {
            activeOnly: true,
          }),
        },
      ],
      // Used, expired or replaced since, or the account disabled: the answer false.
      onConflict: () => undefined,
    });
  }

  /** Voids every link of the account (it was disabled); true when one was open. */
  async revokeFor(email: string): Promise<boolean> {
    const result = await this.db.send(
      new DeleteCommand({
        TableName: this.table,
        Key: keys.currentReset(normalizeEmail(email)),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Number(result.Attributes?.['expiresAt'] ?? 0) * 1000 > this.now().getTime();
  }

  private async get(key: Record<string, string>) {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    return result.Item;
  }
}
