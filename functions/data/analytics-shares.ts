// Shared dashboards (issue 25, docs/decisions/0156-shared-dashboards.md): read-only analytics
// links for people without an account. The token in a link is `<id>.<signature>`, the
// signature an HMAC-SHA256 of the id with an install secret, so the link can be shown again
// to administrators and cannot be forged; the item says whether it still works (revoked,
// expired). Revoking keeps the item, so the link can say it was revoked.
//
// Access patterns and keys (functions/data/keys.ts):
//   a share ........ GetItem / Put / Update  pk=SHARES  sk=<id>
//   every share .... Query                   pk=SHARES
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../core/domain-errors.ts';
import type { AnalyticsShare } from '../shared/reports.ts';
import { auditActor } from './audit.ts';
import type { InstallSecrets } from './install-secrets.ts';
import { keys } from './keys.ts';
import { putNew, queryAll, TableRepository } from './table.ts';

export const SHARE_SECRET = 'analytics-shares';

/** A share as stored: the API's answer (shareSchema) without the link. */
export type ShareRecord = Omit<AnalyticsShare, 'url'>;

/** What a token resolves to: the share, or why it no longer works. */
export type ShareLookup =
  | { status: 'ok'; share: ShareRecord }
  | { status: 'revoked'; share: ShareRecord }
  | { status: 'expired'; share: ShareRecord }
  | { status: 'unknown' };

const ID = /^[0-9a-f-]{36}$/;

export class ShareNotFoundError extends NotFoundError {
  override name = 'ShareNotFoundError';
  constructor() {
    super('Shared dashboard not found');
  }
}

export class AnalyticsShareRepository extends TableRepository {
  private readonly secrets: Pick<InstallSecrets, 'get'>;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    secrets: Pick<InstallSecrets, 'get'>,
  ) {
    super(db, table, now);
    this.secrets = secrets;
  }

  private async sign(id: string): Promise<string> {
    const key = await this.secrets.get(SHARE_SECRET);
    return createHmac('sha256', key).update(`analytics-share\n${id}`).digest('base64url');
  }

  /** The token of a share's link. */
  async tokenOf(id: string): Promise<string> {
    return `${id}.${await this.sign(id)}`;
  }

  async create(
    label: string,
    expiresInDays: number | null | undefined,
    actor: { email: string; ip?: string | undefined },
  ): Promise<ShareRecord> {
    const now = this.now();
    const share: ShareRecord = {
      id: randomUUID(),
      label,
      createdAt: now.toISOString(),
      createdBy: actor.email,
      expiresAt: expiresInDays
        ? new Date(now.getTime() + expiresInDays * 86_400_000).toISOString()
        : null,
      revokedAt: null,
      revokedBy: null,
    };
    await this.transact({
      now,
      items: [putNew(this.table, { ...keys.share(share.id), ...share })],
      audit: {
        ...auditActor(actor),
        action: 'share-create',
        summary: `Shared dashboard "${label}" made${share.expiresAt ? `, until ${share.expiresAt.slice(0, 10)}` : ', without expiry'}`,
      },
    });
    return share;
  }

  async list(): Promise<ShareRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.sharesPartition() },
    });
    return items.map(recordOf).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Revokes a share at once (the next request of its link is refused). */
  async revoke(
    id: string,
    actor: { email: string; ip?: string | undefined },
  ): Promise<ShareRecord> {
    const now = this.now();
    await this.transact({
      now,
      items: [
        {
          Update: {
            TableName: this.table,
            Key: keys.share(id),
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
        action: 'share-revoke',
        summary: `Shared dashboard ${id} revoked`,
      },
      // Revoked already: the share as it is (read below); gone: not found.
      onConflict: async () => ((await this.get(id)) ? undefined : new ShareNotFoundError()),
    });
    return (await this.get(id))!;
  }

  async get(id: string): Promise<ShareRecord | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.share(id), ConsistentRead: true }),
    );
    return result.Item ? recordOf(result.Item) : undefined;
  }

  /** The share a token names, checked: signature first, then revoked and expired. */
  async resolve(token: string): Promise<ShareLookup> {
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    if (dot < 0 || !ID.test(id)) return { status: 'unknown' };
    const expected = Buffer.from(await this.sign(id));
    const given = Buffer.from(token.slice(dot + 1));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { status: 'unknown' };
    }
    const share = await this.get(id);
    if (!share) return { status: 'unknown' };
    if (share.revokedAt) return { status: 'revoked', share };
    if (share.expiresAt && share.expiresAt <= this.now().toISOString()) {
      return { status: 'expired', share };
    }
    return { status: 'ok', share };
  }
}

function recordOf(item: Record<string, unknown>): ShareRecord {
  const text = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : null);
  return {
    id: String(item['id']),
    label: String(item['label']),
    createdAt: String(item['createdAt']),
    createdBy: String(item['createdBy']),
    expiresAt: text('expiresAt'),
    revokedAt: text('revokedAt'),
    revokedBy: text('revokedBy'),
  };
}
