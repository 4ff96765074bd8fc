// The media library and the upload tickets that come before it, in the single table.
//
// Access patterns and keys:
//   upload ticket ........... GetItem   pk=UPLOAD#<id>  sk=UPLOAD  (TTL expiresAt: 2 days + URL TTL)
//   media by id ............. GetItem   pk=MEDIA#<id>   sk=MEDIA
//   several by id (site build) BatchGetItem pk=MEDIA#<id> sk=MEDIA
//   library, newest first ... Query     gsi1pk=MEDIA    gsi1sk=<uploadedAt>#<id>  (descending)
// A ticket is what the server handed out for one upload (POST /api/objects/upload, the
// companion endpoints): its storage key pending/<id>, the multipart uploadId once there is
// one, the browser's file name (display only) and who asked. Only a ticketed key or
// uploadId is signed, listed, completed or published, so a key this server did not hand
// out is refused. Publishing writes the media record and deletes the ticket in one
// transaction (the record must be new, the ticket must exist): an upload is published
// once, and a replayed publish finds no ticket. The id is the upload's uuid throughout:
// the object path /objects/uploads/<id> and the record share it.
//
// GET /api/s3/params writes nothing (issue 33,
// docs/decisions/0333-upload-tickets-ride-with-the-upload.md): its ticket is a signed
// token instead, `<payload>.<mac>`, the payload the base64url JSON {id, name, by, iat,
// exp}, the mac its HMAC-SHA256 with the install secret `upload-tickets`. The upload's
// POST form stores it as the object's metadata (`ticket`, bound by the POST policy), and
// publishing reads it back (ticketFromToken): the ticket rides with the upload. Using it
// writes a mark (UPLOAD#<id>, `used`) in the publish's transaction, so it is used once.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { pendingKeyOf, type MediaRecord } from '../shared/media.ts';
import {
  GSI1,
  conditionally,
  isConditionalFailure,
  putNew,
  TableRepository,
  TTL_ATTRIBUTE,
} from './table.ts';
import { GSI1PK, keys, PK, SK, uuidKeyPattern } from './keys.ts';
import { InstallSecrets } from './install-secrets.ts';
import { mediaChangePart } from './live-guard.ts';
import { ConflictError } from '../core/domain-errors.ts';

/** How long an upload may wait between its URL and its publication. */
export const TICKET_GRACE_SECONDS = 2 * 86400;

export interface UploadTicket {
  id: string;
  key: string;
  /** The browser's file name, display only; '' when the uploader sent none. */
  fileName: string;
  requestedBy: string;
  createdAt: string;
  uploadId?: string;
  /** A signed token's ticket (GET /api/s3/params): no item in the table. */
  signed?: true;
  /** A signed ticket's last second (epoch seconds). */
  expiresAt?: number;
}

/** The metadata entry of an upload that holds its signed ticket. */
export const TICKET_METADATA = 'ticket';
const TICKET_SECRET = 'upload-tickets';

interface TicketPayload {
  id: string;
  name: string;
  by: string;
  /** Epoch seconds: issued, and last valid. */
  iat: number;
  exp: number;
}

interface TicketItem extends UploadTicket {
  pk: string;
  sk: typeof SK.upload;
  [TTL_ATTRIBUTE]: number;
}

interface MediaItem extends MediaRecord {
  pk: string;
  sk: typeof SK.media;
  gsi1pk: typeof GSI1PK.media;
  gsi1sk: string;
}

const ticketKey = keys.upload;
const mediaKey = keys.media;

/** The library's position after an item: what DynamoDB needs to read on (signed by the route). */
export const mediaCursorSchema = z.strictObject({
  pk: z.string().regex(uuidKeyPattern(PK.media)),
  sk: z.literal(SK.media),
  gsi1pk: z.literal(GSI1PK.media),
  gsi1sk: z.string().max(100),
});
export type MediaCursor = z.infer<typeof mediaCursorSchema>;

/** What publish/replace change in a record; the rest (id, alt, uploader) stays. */
export type MediaContent = Pick<
  MediaRecord,
  'url' | 'contentType' | 'width' | 'height' | 'bytes' | 'variants' | 'placeholder' | 'thumbhash'
>;

export type PublishResult = 'published' | 'exists' | 'no_ticket';

export class MediaRepository extends TableRepository {
  readonly #secrets = new InstallSecrets(this.db, this.table, this.now);

  // --- tickets ---------------------------------------------------------------------

  async #ticketMac(payload: string): Promise<string> {
    const secret = await this.#secrets.get(TICKET_SECRET);
    return createHmac('sha256', secret)
      .update(`pharmabridge-upload-ticket-v1\n${payload}`)
      .digest('base64url');
  }

  /**
   * A ticket as a signed token, valid as long as a stored one would be (the URL's lifetime
   * and TICKET_GRACE_SECONDS); nothing is written. The file name is cut to 255 characters.
   */
  async signTicket(
    ticket: { id: string; fileName: string; requestedBy: string },
    urlTtlSeconds: number,
  ): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const payload: TicketPayload = {
      id: ticket.id,
      name: ticket.fileName.trim().slice(0, 255),
      by: ticket.requestedBy,
      iat,
      exp: iat + urlTtlSeconds + TICKET_GRACE_SECONDS,
    };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${await this.#ticketMac(encoded)}`;
  }

  /** The ticket of upload `id` a token signed by signTicket holds, unless forged or expired. */
  async ticketFromToken(id: string, token: string): Promise<UploadTicket | undefined> {
    const [encoded, mac, extra] = token.split('.');
    if (!encoded || !mac || extra !== undefined || encoded.length > 4000) return undefined;
    const expected = Buffer.from(await this.#ticketMac(encoded));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let payload: TicketPayload;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TicketPayload;
    } catch {
      return undefined;
    }
    if (payload?.id !== id || typeof payload.exp !== 'number') return undefined;
    if (payload.exp * 1000 <= this.now().getTime()) return undefined;
    return {
      id,
      key: pendingKeyOf(id),
      fileName: String(payload.name ?? ''),
      requestedBy: String(payload.by ?? ''),
      createdAt: new Date(payload.iat * 1000).toISOString(),
      signed: true,
      expiresAt: payload.exp,
    };
  }

  async createTicket(
    ticket: Omit<UploadTicket, 'createdAt'>,
    urlTtlSeconds: number,
  ): Promise<UploadTicket> {
    const now = this.now();
    const full: UploadTicket = { ...ticket, createdAt: now.toISOString() };
    const item: TicketItem = {
      ...ticketKey(ticket.id),
      ...full,
      [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + urlTtlSeconds + TICKET_GRACE_SECONDS,
    };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return full;
  }

  /** The ticket of an upload id, unless it never existed, was used up or has expired. */
  async ticket(id: string): Promise<UploadTicket | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: ticketKey(id), ConsistentRead: true }),
    );
    const item = result.Item as (TicketItem & { used?: true }) | undefined;
    if (!item || item.used || item[TTL_ATTRIBUTE] * 1000 <= this.now().getTime()) return undefined;
    return {
      id: item.id,
      key: item.key,
      fileName: item.fileName,
      requestedBy: item.requestedBy,
      createdAt: item.createdAt,
      ...(item.uploadId ? { uploadId: item.uploadId } : {}),
    };
  }

  async dropTicket(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: ticketKey(id) }));
  }

  // --- the library -----------------------------------------------------------------

  /** Writes a new record and uses up its ticket (a stored one), or changes nothing. */
  async publish(
    record: MediaRecord,
    ticket: Pick<UploadTicket, 'id' | 'signed' | 'expiresAt'>,
  ): Promise<PublishResult> {
    const item: MediaItem = {
      ...mediaKey(record.id),
      gsi1pk: GSI1PK.media,
      gsi1sk: `${record.uploadedAt}#${record.id}`,
      ...record,
    };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [putNew(this.table, item), ...this.#useUp(ticket)],
        }),
      );
      return 'published';
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      return (await this.get(record.id)) ? 'exists' : 'no_ticket';
    }
  }

  /**
   * New bytes for an image: its content fields, version + 1, the replacing upload's ticket
   * used up. Undefined when the record changed meanwhile (version) or the ticket is gone.
   */
  async replace(
    id: string,
    expectedVersion: number,
    content: MediaContent,
    ticket: Pick<UploadTicket, 'id' | 'signed' | 'expiresAt'>,
    liveGeneration?: number | null,
  ): Promise<MediaRecord | undefined> {
    const updatedAt = this.now().toISOString();
    const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = {
      ':expected': expectedVersion,
      ':next': expectedVersion + 1,
      ':updatedAt': updatedAt,
    };
    const sets = ['#version = :next', '#updatedAt = :updatedAt'];
    for (const [field, value] of Object.entries(content)) {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: mediaKey(id),
                UpdateExpression: `SET ${sets.join(', ')}`,
                ConditionExpression: '#version = :expected',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
            ...this.#useUp(ticket),
            mediaChangePart(this.table, liveGeneration),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        if (cancelledAt(error, 2)) throw new LiveChangedMeanwhileError();
        return undefined;
      }
      throw error;
    }
    return this.get(id);
  }

  /**
   * The transaction part that uses a ticket up: a stored one is deleted (it must exist); a
   * signed one leaves a mark until its token expires (there must be none yet), so a token
   * publishes or replaces once. ticket() reads no ticket in a mark.
   */
  #useUp(ticket: Pick<UploadTicket, 'id' | 'signed' | 'expiresAt'>): object[] {
    if (!ticket.signed) {
      return [
        {
          Delete: {
            TableName: this.table,
            Key: ticketKey(ticket.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ];
    }
    return [
      {
        Put: {
          TableName: this.table,
          Item: { ...ticketKey(ticket.id), used: true, [TTL_ATTRIBUTE]: ticket.expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  }

  /**
   * A new record that no upload ticket stands for: the copy of an image made when a change
   * to it must not reach live pages (functions/media/governed.ts). Its objects are written.
   */
  async insert(record: MediaRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...mediaKey(record.id),
          gsi1pk: GSI1PK.media,
          gsi1sk: `${record.uploadedAt}#${record.id}`,
          ...record,
        } satisfies MediaItem,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** Notes the record that took this one's place in pages' working copies. */
  async markReplaced(id: string, by: string): Promise<void> {
    await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: mediaKey(id),
          UpdateExpression: 'SET replacedBy = :by',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':by': by },
        }),
      ),
    );
  }

  async get(id: string): Promise<MediaRecord | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: mediaKey(id), ConsistentRead: true }),
    );
    return result.Item ? recordOf(result.Item as MediaItem) : undefined;
  }

  /**
   * Records by id (missing ones left out), for the site build's media map; `consistent`
   * for a hash that must see the last change (functions/data/workflow/working-copy.ts).
   */
  async getMany(
    ids: readonly string[],
    options: { consistent?: boolean } = {},
  ): Promise<MediaRecord[]> {
    const records: MediaRecord[] = [];
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += 100) {
      let keys: Record<string, unknown>[] | undefined = unique
        .slice(start, start + 100)
        .map(mediaKey);
      for (let attempt = 0; keys && keys.length > 0; attempt++) {
        if (attempt > 0) await new Promise((wait) => setTimeout(wait, 50 * 2 ** attempt));
        const result = await this.db.send(
          new BatchGetCommand({
            RequestItems: {
              [this.table]: {
                Keys: keys,
                ...(options.consistent ? { ConsistentRead: true } : {}),
              },
            },
          }),
        );
        records.push(...((result.Responses?.[this.table] ?? []) as MediaItem[]).map(recordOf));
        keys = result.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined;
        if (attempt >= 8 && keys?.length) throw new Error('DynamoDB kept keys unprocessed');
      }
    }
    return records;
  }

  /** Newest first, `limit` at a time. */
  async list(
    limit: number,
    cursor?: MediaCursor,
  ): Promise<{ items: MediaRecord[]; next: MediaCursor | undefined }> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :media',
        ExpressionAttributeValues: { ':media': GSI1PK.media },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: cursor,
      }),
    );
    const items = ((result.Items ?? []) as MediaItem[]).map(recordOf);
    const last = result.LastEvaluatedKey as MediaCursor | undefined;
    return { items, next: last && items.length === limit ? last : undefined };
  }

  /**
   * Alt text and caption, in place. `liveGeneration` (live-guard.ts): when given, the change
   * is refused (LiveChangedMeanwhileError) if a page went live since it was read.
   */
  async update(
    id: string,
    patch: { alt?: string | undefined; caption?: string | undefined },
    liveGeneration?: number | null,
  ): Promise<MediaRecord | undefined> {
    const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
    const values: Record<string, unknown> = { ':updatedAt': this.now().toISOString() };
    const sets = ['#updatedAt = :updatedAt'];
    for (const field of ['alt', 'caption'] as const) {
      if (patch[field] === undefined) continue;
      names[`#${field}`] = field;
      values[`:${field}`] = patch[field];
      sets.push(`#${field} = :${field}`);
    }
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.table,
                Key: mediaKey(id),
                UpdateExpression: `SET ${sets.join(', ')}`,
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
            // Counted: a publish that hashed this image before now fails (live-guard.ts).
            mediaChangePart(this.table, liveGeneration),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        if (cancelledAt(error, 1)) throw new LiveChangedMeanwhileError();
        return undefined;
      }
      throw error;
    }
    return this.get(id);
  }

  /** Removes the record if it is still at `version`; answers whether it did. */
  async delete(id: string, version: number): Promise<boolean> {
    return conditionally(
      this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: mediaKey(id),
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': version },
        }),
      ),
    );
  }
}

/**
 * A page went live while an image was being changed in place: the change was not made, and
 * the caller looks again (the image may be on a live page now).
 */
export class LiveChangedMeanwhileError extends ConflictError {
  override name = 'LiveChangedMeanwhileError';
  constructor() {
    super('A page was published while the image was being changed; nothing was changed: try again');
  }
}

function cancelledAt(error: unknown, index: number): boolean {
  const reasons =
    (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons[index]?.Code === 'ConditionalCheckFailed';
}

/** A fresh id for an upload (its key, ticket, object path and record share it). */
export const newMediaId = () => randomUUID();

function recordOf(item: MediaItem): MediaRecord {
  return {
    id: item.id,
    objectPath: item.objectPath,
    url: item.url,
    fileName: item.fileName,
    contentType: item.contentType,
    width: item.width,
    height: item.height,
    bytes: item.bytes,
    alt: item.alt,
    caption: item.caption,
    variants: item.variants,
    placeholder: item.placeholder,
    thumbhash: item.thumbhash,
    uploadedBy: item.uploadedBy,
    uploadedAt: item.uploadedAt,
    updatedAt: item.updatedAt,
    version: item.version,
    ...(item.replacedBy ? { replacedBy: item.replacedBy } : {}),
  };
}
