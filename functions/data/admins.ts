// Administrators and the one-time setup token of the first run.
//
// Access patterns and keys:
//   admin by e-mail ........ GetItem  pk=ADMIN#<lowercased e-mail>  sk=ADMIN
//   all admins (list) ...... Query    gsi1pk=ADMINS, gsi1sk=<e-mail>
//   is there any admin? .... Query    gsi1pk=ADMINS (Limit 1)
//   first-admin claim ...... item     pk=ADMINS  sk=FIRST  (written with attribute_not_exists
//                                     in the same transaction as the first admin, so two
//                                     racing first runs or setup links create one admin)
//   setup token ............ GetItem  pk=SETUP  sk=TOKEN#<sha256 of the token>, TTL expiresAt
// Only the token's hash is stored, so reading the table does not give the setup link.
// The admin's partition also holds its session index (sessions.ts), its two-factor
// enrolment and recovery codes (two-factor/), so each is one consistent Query away.
//
// "The last active administrator cannot be disabled": an admin is disabled by another,
// active one, in a transaction that also checks the actor is still active. Two admins
// disabling each other at the same moment are serialised by DynamoDB, so one of the two
// transactions fails and at least one active administrator always remains.
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  CONDITION_FAILED,
  GSI1,
  conditionally,
  putNew,
  queryAll,
  TableRepository,
} from './table.ts';
import { GSI1PK, keys } from './keys.ts';
import { secretHash } from './secret-token.ts';
import { DEFAULT_ROLE, roleSchema, type Role } from '../shared/roles.ts';

export interface Admin {
  email: string;
  name?: string;
  passwordHash: string;
  createdAt: string;
  disabled: boolean;
  lastSignInAt?: string;
  passwordChangedAt?: string;
  /** Base32 TOTP secret once two-factor sign-in is enrolled; never leaves the server. */
  totpSecret?: string;
  totpEnabledAt?: string;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totpLastStep?: number;
  /** What the account may do (functions/shared/roles.ts); accounts made before roles are admins. */
  role: Role;
}

/** What the administrators list shows: no hashes, no secrets. */
export interface AdminListEntry {
  email: string;
  name?: string;
  disabled: boolean;
  createdAt: string;
  lastSignInAt?: string;
  twoFactor: boolean;
  role: Role;
}

export type DisableResult =
  | 'disabled'
  | 'not-found'
  | 'already-disabled'
  | 'actor-inactive'
  /** Nobody disables their own account: another administrator does it. */
  | 'self';

export type SetRoleResult =
  | 'changed'
  | 'not-found'
  /** The account is disabled: enable it first. */
  | 'disabled'
  /** Demoting the last active admin would leave nobody to manage accounts. */
  | 'last-admin'
  | 'actor-inactive';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const adminKey = (email: string) => keys.admin(normalizeEmail(email));
const tokenKey = (token: string) => keys.setupToken(secretHash(token));
const ACTIVE = 'attribute_exists(pk) AND (attribute_not_exists(disabled) OR disabled = :false)';
/** Active, and an admin: accounts without a stored role are admins (DEFAULT_ROLE). */
const ACTIVE_ADMIN = `${ACTIVE} AND (attribute_not_exists(#role) OR #role = :admin)`;

/**
 * A transaction part that cancels the transaction unless `email` is an active
 * administrator: what makes an invitation, or lets one be accepted, only while its maker
 * is active (invitations.ts), serialised against disable() by DynamoDB.
 */
export const activeAdminCheck = (table: string, email: string) => ({
  ConditionCheck: {
    TableName: table,
    Key: adminKey(email),
    ConditionExpression: ACTIVE_ADMIN,
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':false': false, ':admin': 'admin' },
  },
});

/**
 * A transaction part that cancels the transaction unless `email` is an active account
 * (any role): a password reset link is made only for one (password-resets.ts).
 */
export const activeAccountCheck = (table: string, email: string) => ({
  ConditionCheck: {
    TableName: table,
    Key: adminKey(email),
    ConditionExpression: ACTIVE,
    ExpressionAttributeValues: { ':false': false },
  },
});

/**
 * The update that sets an account's password (and when it changed). `activeOnly` also
 * requires the account to be active: a password reset link does nothing for a disabled
 * account (functions/data/password-resets.ts, in its transaction).
 */
export function passwordUpdate(
  table: string,
  email: string,
  passwordHash: string,
  now: string,
  { activeOnly = false } = {},
) {
  return {
    TableName: table,
    Key: adminKey(email),
    UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now',
    ConditionExpression: activeOnly ? ACTIVE : 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':hash': passwordHash,
      ':now': now,
      ...(activeOnly ? { ':false': false } : {}),
    },
  };
}

/** The stored item of a new administrator (also written by an accepted invitation). */
export function adminItem(
  email: string,
  passwordHash: string,
  now: string,
  name?: string,
  role: Role = DEFAULT_ROLE,
) {
  const normalized = normalizeEmail(email);
  return {
    ...adminKey(normalized),
    gsi1pk: GSI1PK.admins,
    gsi1sk: normalized,
    email: normalized,
    ...(name ? { name } : {}),
    passwordHash,
    createdAt: now,
    disabled: false,
    role,
  };
}

function toAdmin(item: Record<string, unknown>): Admin {
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : undefined);
  const admin: Admin = {
    email: String(item['email']),
    passwordHash: String(item['passwordHash']),
    createdAt: String(item['createdAt']),
    disabled: item['disabled'] === true,
    role: roleSchema.safeParse(item['role']).data ?? DEFAULT_ROLE,
  };
  for (const key of [
    'name',
    'lastSignInAt',
    'passwordChangedAt',
    'totpSecret',
    'totpEnabledAt',
  ] as const) {
    const value = text(key);
    if (value !== undefined) admin[key] = value;
  }
  if (typeof item['totpLastStep'] === 'number') admin.totpLastStep = item['totpLastStep'];
  return admin;
}

export class AdminRepository extends TableRepository {
  async get(email: string): Promise<Admin | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: adminKey(email), ConsistentRead: true }),
    );
    return result.Item ? toAdmin(result.Item) : undefined;
  }

  /** Every administrator, by e-mail (one partition of the index; a team, not a crowd). */
  async list(): Promise<AdminListEntry[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :admins',
      ExpressionAttributeValues: { ':admins': GSI1PK.admins },
    });
    return items.map((item) => {
      const admin = toAdmin(item);
      return {
        email: admin.email,
        ...(admin.name ? { name: admin.name } : {}),
        disabled: admin.disabled,
        createdAt: admin.createdAt,
        ...(admin.lastSignInAt ? { lastSignInAt: admin.lastSignInAt } : {}),
        twoFactor: Boolean(admin.totpSecret),
        role: admin.role,
      };
    });
  }

  async any(): Promise<boolean> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :admins',
        ExpressionAttributeValues: { ':admins': GSI1PK.admins },
        Limit: 1,
      }),
    );
    if ((result.Items ?? []).length > 0) return true;
    // The claim item is read consistently; the index above may lag just after a write.
    const claim = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.firstAdmin(),
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
    options: { first?: boolean; name?: string; role?: Role } = {},
  ): Promise<boolean> {
    const now = this.now().toISOString();
    const item = adminItem(email, passwordHash, now, options.name, options.role);
    // A taken e-mail or first-run slot is the answer false, not an error.
    return this.transact({
      items: [
        putNew(this.table, item),
        ...(options.first
          ? [putNew(this.table, { ...keys.firstAdmin(), email: item.email, createdAt: now })]
          : []),
      ],
      onConflict: () => undefined,
    });
  }

  async setPassword(email: string, passwordHash: string): Promise<void> {
    await this.db.send(
      new UpdateCommand(passwordUpdate(this.table, email, passwordHash, this.now().toISOString())),
    );
  }

  async recordSignIn(email: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: adminKey(email),
        UpdateExpression: 'SET lastSignInAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': this.now().toISOString() },
      }),
    );
  }

  /**
   * Disables `target` on behalf of `actor`, in one transaction with a check that the actor
   * is still an active administrator (see the top of this file).
   */
  async disable(target: string, actor: string): Promise<DisableResult> {
    if (normalizeEmail(target) === normalizeEmail(actor)) return 'self';
    // Two transactions touching the same admins at once may both be cancelled with a
    // TransactionConflict (neither applied): try again, and the second then sees the first.
    for (let round = 0; ; round++) {
      let codes: readonly string[] = [];
      const disabled = await this.transact({
        items: [
          {
            Update: {
              TableName: this.table,
              Key: adminKey(target),
              UpdateExpression: 'SET disabled = :true, disabledAt = :now, disabledBy = :actor',
              ConditionExpression: ACTIVE,
              ExpressionAttributeValues: {
                ':true': true,
                ':false': false,
                ':now': this.now().toISOString(),
                ':actor': normalizeEmail(actor),
              },
            },
          },
          activeAdminCheck(this.table, actor),
        ],
        onConflict: (refused) => void (codes = refused),
      });
      if (disabled) return 'disabled';
      if (codes.includes('TransactionConflict') && round < 4) {
        await new Promise((resolve) => setTimeout(resolve, 20 * (round + 1)));
        continue;
      }
      if (codes[1] === CONDITION_FAILED) return 'actor-inactive';
      const current = await this.get(target);
      return current ? 'already-disabled' : 'not-found';
    }
  }

  /**
   * Gives `target` the role `role` on behalf of `actor` (an active admin, checked in the
   * same transaction). The last active admin cannot be demoted: demoting someone else
   * leaves the actor; demoting oneself needs another active admin, checked in the
   * transaction too, so two admins demoting themselves at once cannot both succeed.
   */
  async setRole(target: string, role: Role, actor: string): Promise<SetRoleResult> {
    const self = normalizeEmail(target) === normalizeEmail(actor);
    for (let round = 0; ; round++) {
      const current = await this.get(target);
      if (!current) return 'not-found';
      if (current.disabled) return 'disabled';
      if (current.role === role) return 'changed';
      let keeper: string | undefined = self ? undefined : actor;
      if (self && role !== 'admin') {
        keeper = (await this.list()).find(
          (admin) =>
            !admin.disabled && admin.role === 'admin' && admin.email !== normalizeEmail(target),
        )?.email;
        if (!keeper) return 'last-admin';
      }
      let codes: readonly string[] = [];
      const changed = await this.transact({
        items: [
          {
            Update: {
              TableName: this.table,
              Key: adminKey(target),
              UpdateExpression: 'SET #role = :role',
              ConditionExpression: ACTIVE,
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':role': role, ':false': false },
            },
          },
          ...(keeper ? [activeAdminCheck(this.table, keeper)] : []),
        ],
        onConflict: (refused) => void (codes = refused),
      });
      if (changed) return 'changed';
      if (codes.includes('TransactionConflict') && round < 4) {
        await new Promise((resolve) => setTimeout(resolve, 20 * (round + 1)));
        continue;
      }
      if (codes[1] === CONDITION_FAILED) {
        // The actor lost their standing, or (self) the other admin did: look again.
        if (!self) return 'actor-inactive';
        if (round < 4) continue;
        return 'last-admin';
      }
      if (round < 4) continue;
      return (await this.get(target)) ? 'disabled' : 'not-found';
    }
  }

  /** True when the admin was disabled and is active again now. */
  async enable(target: string): Promise<boolean> {
    return conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: adminKey(target),
          UpdateExpression: 'SET disabled = :false REMOVE disabledAt, disabledBy',
          ConditionExpression: 'attribute_exists(pk) AND disabled = :true',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        }),
      ),
    );
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
    return conditionally(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: tokenKey(token),
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': Math.floor(this.now().getTime() / 1000) },
        }),
      ),
    );
  }
}
