// Gated downloads' private files (issue 27, functions/shared/assets.ts) and the signed links
// visitors get for them.
//
// Access patterns and keys (functions/data/keys.ts):
//   every file .............. Query          pk=ASSETS
//   one file or its upload .. Get / Put / Update  pk=ASSETS  sk=<id>
// An item starts as an upload (`status: uploading`, with a TTL: POST /api/admin/assets hands
// out its presigned PUT to pending/<id>) and becomes the file (`status: ready`, no TTL) once
// /complete has checked the bytes and copied them to the private key assets/<id>. Only a
// ready item is listed, offered to a block or downloaded.
//
// A download link's token is `<payload>.<mac>`: the payload the base64url JSON
// {assetId, leadId, pageId, blockId, exp}, the mac its HMAC-SHA256 (base64url) with the install secret
// `download-links` (functions/data/install-secrets.ts: made on first use, kept in the table,
// never in the repository). Anyone may hold a link until `exp`; it names a lead, so every
// download can be traced to the form that earned it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ASSET_ID_RE,
  assetPathOf,
  TOKEN_RE,
  type AssetRecord,
  type DownloadPayload,
} from '../shared/assets.ts';
import { InstallSecrets } from './install-secrets.ts';
import { keys } from './keys.ts';
import { isConditionalFailure, TableRepository, TTL_ATTRIBUTE } from './table.ts';

/** How long an upload may wait for /complete. */
export const ASSET_UPLOAD_GRACE_SECONDS = 2 * 86400;
const SECRET_NAME = 'download-links';

interface AssetItem {
  pk: string;
  sk: string;
  id: string;
  fileName: string;
  size: number;
  createdAt: string;
  createdBy: string;
  status: 'uploading' | 'ready';
  [TTL_ATTRIBUTE]?: number;
}

const toRecord = (item: AssetItem): AssetRecord => ({
  id: item.id,
  path: assetPathOf(item.id),
  fileName: item.fileName,
  size: item.size,
  createdAt: item.createdAt,
  createdBy: item.createdBy,
});

export type LinkCheck =
  { ok: true; payload: DownloadPayload } | { ok: false; reason: 'invalid' | 'expired' };

export class AssetRepository extends TableRepository {
  readonly #secrets = new InstallSecrets(this.db, this.table, this.now);

  /** Records an upload about to start; its bytes go to pending/<id>. */
  async startUpload(upload: {
    id: string;
    fileName: string;
    size: number;
    createdBy: string;
  }): Promise<void> {
    const now = this.now();
    const item: AssetItem = {
      ...keys.asset(upload.id),
      ...upload,
      createdAt: now.toISOString(),
      status: 'uploading',
      [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + ASSET_UPLOAD_GRACE_SECONDS,
    };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async #item(id: string): Promise<AssetItem | undefined> {
    if (!ASSET_ID_RE.test(id)) return undefined;
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.asset(id), ConsistentRead: true }),
    );
    const item = result.Item as AssetItem | undefined;
    if (!item) return undefined;
    const ttl = item[TTL_ATTRIBUTE];
    if (ttl !== undefined && ttl * 1000 <= this.now().getTime()) return undefined;
    return item;
  }

  /** A ready file, or undefined. */
  async get(id: string): Promise<AssetRecord | undefined> {
    const item = await this.#item(id);
    return item?.status === 'ready' ? toRecord(item) : undefined;
  }

  /** An upload still waiting for /complete, or undefined (unknown, expired, already done). */
  async pendingUpload(id: string): Promise<AssetRecord | undefined> {
    const item = await this.#item(id);
    return item?.status === 'uploading' ? toRecord(item) : undefined;
  }

  /**
   * Marks an upload as the ready file of `size` bytes; false when it is not waiting (done by
   * a concurrent /complete, or expired and swept).
   */
  async complete(id: string, size: number): Promise<AssetRecord | false> {
    try {
      const result = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.asset(id),
          UpdateExpression: 'SET #status = :ready, #size = :size, createdAt = :now REMOVE #ttl',
          ConditionExpression: '#status = :uploading',
          ExpressionAttributeNames: { '#status': 'status', '#size': 'size', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ':ready': 'ready',
            ':uploading': 'uploading',
            ':size': size,
            ':now': this.now().toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(result.Attributes as AssetItem);
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }

  /** Every ready file, newest first. */
  async list(): Promise<AssetRecord[]> {
    const items: AssetItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.assetsPartition() },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...((page.Items ?? []) as AssetItem[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return items
      .filter((item) => item.status === 'ready')
      .map(toRecord)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  }

  // --- download links ---------------------------------------------------------------

  async #mac(payload: string): Promise<string> {
    const secret = await this.#secrets.get(SECRET_NAME);
    return createHmac('sha256', secret)
      .update(`pharmabridge-download-v1\n${payload}`)
      .digest('base64url');
  }

  /** The token of a download link for `payload`. */
  async signLink(payload: DownloadPayload): Promise<string> {
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${await this.#mac(encoded)}`;
  }

  /** Whether `token` is one this install signed, and still valid. */
  async checkLink(token: string): Promise<LinkCheck> {
    if (!TOKEN_RE.test(token)) return { ok: false, reason: 'invalid' };
    const [encoded, mac] = token.split('.') as [string, string];
    const expected = Buffer.from(await this.#mac(encoded));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'invalid' };
    }
    let payload: DownloadPayload;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as DownloadPayload;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    // A link signed before it named its page and block (issue 33) is not valid any more.
    if (
      typeof payload?.assetId !== 'string' ||
      typeof payload.leadId !== 'string' ||
      typeof payload.pageId !== 'string' ||
      typeof payload.blockId !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (payload.exp * 1000 <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }
}
