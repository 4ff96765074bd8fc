// API tokens (issue 40, docs/decisions/0567-api-tokens.md): `pb_` and 32 random bytes
// (base64url), shown once when made. The table keeps only the secret's SHA-256 (a leaked
// table or backup gives no usable token), an index item from that hash to the token's id,
// and the token's name, scopes, creator and times. Revoking sets revokedAt and keeps both
// items, so a call with a revoked token is told so (not that the token is unknown).
//
// Access patterns and keys (functions/data/keys.ts):
//   a token ............ GetItem / Put / Update  pk=API-TOKENS  sk=TOKEN#<id>
//   a secret's token ... GetItem / Put           pk=API-TOKENS  sk=HASH#<sha256 of the secret>
//   every token ........ Query                   pk=API-TOKENS  sk begins_with TOKEN#
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../core/domain-errors.ts';
import {
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type ApiToken,
  type TokenScope,
} from '../shared/api-tokens.ts';
import { auditActor } from './audit.ts';
import { keys } from './keys.ts';
import { newSecretToken, secretHash } from './secret-token.ts';
import { conditionally, putNew, queryAll, TableRepository } from './table.ts';

/** A token as stored: what lists show, and whether (when) it was revoked. */
export interface TokenRecord extends ApiToken {
  revokedAt: string | null;
}

/** What a presented secret resolves to: the token, or why it does not work. */
export type TokenLookup =
  | { status: 'ok'; token: TokenRecord }
  | { status: 'revoked'; token: TokenRecord }
  | { status: 'expired'; token: TokenRecord }
  | { status: 'unknown' };

/** How often a token's lastUsedAt is written at most: a busy script is one write a minute. */
const LAST_USED_INTERVAL_MS = 60_000;

/** `pb_` and 43 base64url characters; anything else is not a token of ours. */
const TOKEN_SHAPE = /^pb_[A-Za-z0-9_-]{43}$/;

const ID = /^[0-9a-f-]{36}$/;

export class TokenNotFoundError extends NotFoundError {
  override name = 'TokenNotFoundError';
  constructor() {
    super('API token not found');
  }
}

export class ApiTokenRepository extends TableRepository {
  /** Makes a token; the answer carries its secret, which is never stored or shown again. */
  async create(
    input: { name: string; scopes: readonly TokenScope[]; expiresInDays?: number | null },
    actor: { email: string; ip?: string | undefined },
  ): Promise<{ token: TokenRecord; secret: string }> {
    const now = this.now();
    const secret = `${TOKEN_PREFIX}${newSecretToken()}`;
    const hash = secretHash(secret);
    const token: TokenRecord = {
      id: randomUUID(),
      name: input.name,
      // In the order of TOKEN_SCOPES, whatever order they came in.
      scopes: TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope)),
      createdBy: actor.email,
      createdAt: now.toISOString(),
      expiresAt: input.expiresInDays
        ? new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString()
        : null,
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.transact({
      now,
      items: [
        putNew(this.table, { ...keys.apiToken(token.id), ...token, tokenHash: hash }),
        putNew(this.table, { ...keys.apiTokenHash(hash), id: token.id }),
      ],
      audit: {
        ...auditActor(actor),
        action: 'token-create',
        summary: `API token “${token.name}” made with ${token.scopes.join(', ')}${token.expiresAt ? `, until ${token.expiresAt.slice(0, 10)}` : ', without expiry'}`,
      },
    });
    return { token, secret };
  }

  /** The tokens that still work or have expired, newest first; revoked ones are left out. */
  async list(): Promise<TokenRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.apiTokensPartition(),
        ':prefix': keys.apiTokenPrefix(),
      },
      ConsistentRead: true,
    });
    return items
      .map(recordOf)
      .filter((token) => !token.revokedAt)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async get(id: string): Promise<TokenRecord | undefined> {
    if (!ID.test(id)) return undefined;
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.apiToken(id), ConsistentRead: true }),
    );
    return result.Item ? recordOf(result.Item) : undefined;
  }

  /** Revokes a token at once: its secret is unknown from the next request on. */
  async revoke(id: string, actor: { email: string; ip?: string | undefined }): Promise<void> {
    const now = this.now();
    const item = ID.test(id)
      ? (
          await this.db.send(
            new GetCommand({ TableName: this.table, Key: keys.apiToken(id), ConsistentRead: true }),
          )
        ).Item
      : undefined;
    if (!item || item['revokedAt']) throw new TokenNotFoundError();
    const token = recordOf(item);
    await this.transact({
      now,
      items: [
        {
          Update: {
            TableName: this.table,
            Key: keys.apiToken(id),
            UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
            ConditionExpression: 'attribute_exists(pk) AND revokedAt = :none',
            ExpressionAttributeValues: {
              ':at': now.toISOString(),
              ':by': actor.email,
              ':none': null,
            },
          },
        },
      ],
      audit: {
        ...auditActor(actor),
        action: 'token-revoke',
        summary: `API token “${token.name}” of ${token.createdBy} revoked`,
      },
      // Revoked meanwhile by someone else: gone for this caller too.
      onConflict: () => new TokenNotFoundError(),
    });
  }

  /** The token a presented secret names, checked: unknown, revoked, expired or ok. */
  async resolve(secret: string): Promise<TokenLookup> {
    if (!TOKEN_SHAPE.test(secret)) return { status: 'unknown' };
    const hash = secretHash(secret);
    const index = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.apiTokenHash(hash), ConsistentRead: true }),
    );
    const id = index.Item?.['id'];
    if (typeof id !== 'string') return { status: 'unknown' };
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.apiToken(id), ConsistentRead: true }),
    );
    // The index item names the token; the token's own hash must agree (belt and braces).
    if (!result.Item || result.Item['tokenHash'] !== hash) return { status: 'unknown' };
    const token = recordOf(result.Item);
    if (token.revokedAt) return { status: 'revoked', token };
    if (token.expiresAt && token.expiresAt <= this.now().toISOString()) {
      return { status: 'expired', token };
    }
    return { status: 'ok', token };
  }

  /** Notes a call: lastUsedAt, written at most once a LAST_USED_INTERVAL_MS per token. */
  async touch(token: TokenRecord): Promise<void> {
    const now = this.now();
    if (token.lastUsedAt && now.getTime() - Date.parse(token.lastUsedAt) < LAST_USED_INTERVAL_MS) {
      return;
    }
    // Conditional, so concurrent calls of one token write once and a revoked token stays so.
    const before = new Date(now.getTime() - LAST_USED_INTERVAL_MS).toISOString();
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.apiToken(token.id),
          UpdateExpression: 'SET lastUsedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND (lastUsedAt = :never OR lastUsedAt <= :before)',
          ExpressionAttributeValues: {
            ':now': now.toISOString(),
            ':never': null,
            ':before': before,
          },
        }),
      ),
    );
  }
}

function recordOf(item: Record<string, unknown>): TokenRecord {
  const text = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : null);
  const scopes = Array.isArray(item['scopes']) ? (item['scopes'] as unknown[]) : [];
  return {
    id: String(item['id']),
    name: String(item['name']),
    scopes: TOKEN_SCOPES.filter((scope) => scopes.includes(scope)),
    createdBy: String(item['createdBy']),
    createdAt: String(item['createdAt']),
    expiresAt: text('expiresAt'),
    lastUsedAt: text('lastUsedAt'),
    revokedAt: text('revokedAt'),
  };
}
