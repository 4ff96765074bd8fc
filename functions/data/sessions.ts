// Administrator sessions, and the pending sign-ins that wait for a two-factor code.
//
// Access patterns and keys:
//   session by id ........... GetItem  pk=SESSION#<key>  sk=SESSION, TTL expiresAt
//   an admin's sessions ..... Query    pk=ADMIN#<e-mail>  sk begins_with SESSION#  (index
//                                      items: created, last seen, user agent, IP; written
//                                      in the same transaction as the session item)
//   pending sign-in ......... GetItem  pk=PENDING#<sha256 of the token>  sk=SIGN-IN, TTL
// <key> is the SHA-256 of the session id (base64url). The cookie holds a random 256-bit
// id; the table holds only its hash, so a leaked table or backup gives no usable session,
// and the key doubles as the public name of a session in the admin's session list.
// TTL deletion is lazy, so reads also refuse items whose expiresAt has passed.
import { DeleteCommand, GetCommand, UpdateCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { adminKey, normalizeEmail } from './admins.ts';
import { conditionally, isConditionalFailure, queryAll, TableRepository } from './table.ts';
import { keys, SK } from './keys.ts';
import { newSecretToken, secretHash } from './secret-token.ts';

export interface Session {
  /** SHA-256 of the id: the session's name in lists and in the table. */
  key: string;
  email: string;
  createdAt: string;
  lastSeenAt?: string;
  expiresAt: Date;
  /**
   * When an electronic signature was first written in this session: later signatures need
   * the password (and code) only (docs/decisions/0530-signature-components-and-checklist.md).
   */
  signedAt?: string;
}

export interface SessionRecord {
  key: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent?: string;
  ip?: string;
}

export interface SessionMeta {
  userAgent?: string;
  ip?: string;
}

export interface PendingSignIn {
  email: string;
  attempts: number;
  expiresAt: Date;
}

/** How often "last seen" is written: once a minute per session is plenty for a list. */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_USER_AGENT = 300;

const hashOf = secretHash;
/** The key (public name) of the session with this id. */
export const sessionKeyOf = hashOf;
const sessionKey = keys.session;
const indexKey = (email: string, key: string) => keys.adminSession(normalizeEmail(email), key);
const pendingKey = (token: string) => keys.pending(hashOf(token));
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class SessionRepository extends TableRepository {
  /** Starts a session and returns its new id (a fresh id at every sign-in). */
  async create(
    email: string,
    ttlSeconds: number,
    meta: SessionMeta = {},
  ): Promise<{ id: string; key: string; expiresAt: Date }> {
    const id = newSecretToken();
    const key = hashOf(id);
    const now = this.now();
    const normalized = normalizeEmail(email);
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    const times = {
      createdAt: now.toISOString(),
      expiresAt: epochSeconds(expiresAt),
    };
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...sessionKey(key),
              email: normalized,
              ...times,
              lastSeenAt: times.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: this.table,
            Item: {
              ...indexKey(normalized, key),
              email: normalized,
              ...times,
              lastSeenAt: times.createdAt,
              ...(meta.userAgent ? { userAgent: meta.userAgent.slice(0, MAX_USER_AGENT) } : {}),
              ...(meta.ip ? { ip: meta.ip } : {}),
            },
          },
        },
      ],
    });
    return { id, key, expiresAt };
  }

  async get(id: string): Promise<Session | undefined> {
    const key = hashOf(id);
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: sessionKey(key), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const expiresAt = new Date(Number(item['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    return {
      key,
      email: String(item['email']),
      createdAt: String(item['createdAt']),
      ...(typeof item['lastSeenAt'] === 'string' ? { lastSeenAt: item['lastSeenAt'] } : {}),
      expiresAt,
      ...(typeof item['signedAt'] === 'string' ? { signedAt: item['signedAt'] } : {}),
    };
  }

  /**
   * Notes that a signature was written in the session (the first time only). A session
   * ended meanwhile stays ended: the update is conditional on the item.
   */
  async markSigned(key: string): Promise<void> {
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: sessionKey(key),
          UpdateExpression: 'SET signedAt = if_not_exists(signedAt, :at)',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': this.now().toISOString() },
        }),
      ),
    );
  }

  /**
   * Notes that the session was used, at most once a minute. Sessions started before the
   * index existed get their index item here, so they show up in the list too.
   */
  async touch(session: Session, meta: SessionMeta = {}): Promise<void> {
    const now = this.now();
    if (session.lastSeenAt && now.getTime() - Date.parse(session.lastSeenAt) < TOUCH_INTERVAL_MS)
      return;
    const seen = now.toISOString();
    await this.transact({
      items: [
        {
          Update: {
            TableName: this.table,
            Key: sessionKey(session.key),
            UpdateExpression: 'SET lastSeenAt = :seen',
            // A session ended meanwhile stays ended (and gets no index item back).
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':seen': seen },
          },
        },
        {
          Update: {
            TableName: this.table,
            Key: indexKey(session.email, session.key),
            UpdateExpression:
              'SET lastSeenAt = :seen, email = :email, createdAt = if_not_exists(createdAt, :created), expiresAt = if_not_exists(expiresAt, :expires), userAgent = if_not_exists(userAgent, :agent), ip = if_not_exists(ip, :ip)',
            ExpressionAttributeValues: {
              ':seen': seen,
              ':email': normalizeEmail(session.email),
              ':created': session.createdAt,
              ':expires': epochSeconds(session.expiresAt),
              ':agent': (meta.userAgent ?? '').slice(0, MAX_USER_AGENT),
              ':ip': meta.ip ?? '',
            },
          },
        },
      ],
      // A session ended meanwhile: nothing to note.
      onConflict: () => undefined,
    });
  }

  /** Ends the session with this id (sign-out), whoever it belongs to. */
  async delete(id: string): Promise<void> {
    const key = hashOf(id);
    const result = await this.db.send(
      new DeleteCommand({ TableName: this.table, Key: sessionKey(key), ReturnValues: 'ALL_OLD' }),
    );
    const email = result.Attributes?.['email'];
    if (typeof email === 'string') {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: indexKey(email, key) }));
    }
  }

  /** The admin's sessions that have not expired, newest first. */
  async list(email: string): Promise<SessionRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': SK.adminSession },
      ConsistentRead: true,
    });
    const nowSeconds = this.now().getTime() / 1000;
    return items
      .filter((item) => Number(item['expiresAt']) > nowSeconds)
      .map((item) => ({
        key: String(item['sk']).slice(SK.adminSession.length),
        createdAt: String(item['createdAt']),
        lastSeenAt: String(item['lastSeenAt'] ?? item['createdAt']),
        expiresAt: new Date(Number(item['expiresAt']) * 1000).toISOString(),
        ...(item['userAgent'] ? { userAgent: String(item['userAgent']) } : {}),
        ...(item['ip'] ? { ip: String(item['ip']) } : {}),
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Ends one of the admin's own sessions; false when the admin has no such session. */
  async end(email: string, key: string): Promise<boolean> {
    return this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: indexKey(email, key),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Delete: { TableName: this.table, Key: sessionKey(key) } },
      ],
      onConflict: () => undefined,
    });
  }

  /** Ends every session of the admin except `keep` (the caller's own); returns how many. */
  async endAll(email: string, keep?: string): Promise<number> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': adminKey(email).pk, ':prefix': SK.adminSession },
      ConsistentRead: true,
      ProjectionExpression: 'sk',
    });
    const keys = items
      .map((item) => String(item['sk']).slice(SK.adminSession.length))
      .filter((key) => key !== keep);
    await Promise.all(keys.map((key) => this.end(email, key)));
    return keys.length;
  }

  /**
   * The password was right and a code is needed: a random token for the second step,
   * stored only as its hash, valid for `ttlSeconds`. No session exists until the code
   * is verified.
   */
  async createPending(
    email: string,
    ttlSeconds: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecretToken();
    const expiresAt = new Date(this.now().getTime() + ttlSeconds * 1000);
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...pendingKey(token),
          email: normalizeEmail(email),
          attempts: 0,
          expiresAt: epochSeconds(expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { token, expiresAt };
  }

  async getPending(token: string): Promise<PendingSignIn | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: pendingKey(token), ConsistentRead: true }),
    );
    const item = result.Item;
    if (!item) return undefined;
    const expiresAt = new Date(Number(item['expiresAt']) * 1000);
    if (!(expiresAt.getTime() > this.now().getTime())) return undefined;
    return { email: String(item['email']), attempts: Number(item['attempts'] ?? 0), expiresAt };
  }

  /** Counts a wrong code; the token is deleted once `maxAttempts` codes were wrong. */
  async failPending(token: string, maxAttempts: number): Promise<void> {
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: pendingKey(token),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      if (Number(result.Attributes?.['attempts'] ?? 0) >= maxAttempts) {
        await this.db.send(new DeleteCommand({ TableName: this.table, Key: pendingKey(token) }));
      }
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /** Uses the token up; true for exactly one caller, and only before it expires. */
  async consumePending(token: string): Promise<boolean> {
    return conditionally(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: pendingKey(token),
          ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': epochSeconds(this.now()) },
        }),
      ),
    );
  }
}
