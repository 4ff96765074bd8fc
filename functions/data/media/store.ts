// The media library and the upload tickets that come before it, in the single table. The
// repository is built in layers, a file per concern, each class extending the one below, so
// `ctx.media` stays one object (functions/lib/context.ts;
// docs/decisions/0490-data-modules-split-by-concern.md):
//   store.ts ....... this file: the record's item, reading records and the library
//   tickets.ts ..... upload tickets, stored or signed, and using one up
//   publishing.ts .. an upload becomes a record, or new bytes for one
//   changes.ts ..... alt text and caption, deletion, and copies made under review
//   errors.ts ...... the refusals, and which part of a transaction refused
//   repository.ts .. MediaRepository, the top layer
//
// Access patterns and keys:
//   upload ticket ........... GetItem   pk=UPLOAD#<id>  sk=UPLOAD  (TTL expiresAt: 2 days + URL TTL)
//   media by id ............. GetItem   pk=MEDIA#<id>   sk=MEDIA
//   several by id (site build) BatchGetItem pk=MEDIA#<id> sk=MEDIA
//   library, newest first ... Query     gsi1pk=MEDIA    gsi1sk=<uploadedAt>#<id>  (descending)
// The id is the upload's uuid throughout: the object path /objects/uploads/<id>, the ticket
// and the record share it.
import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { MediaRecord } from '../../shared/media.ts';
import { GSI1, TableRepository } from '../table.ts';
import { GSI1PK, keys, PK, SK, uuidKeyPattern } from '../keys.ts';

export interface MediaItem extends MediaRecord {
  pk: string;
  sk: typeof SK.media;
  gsi1pk: typeof GSI1PK.media;
  gsi1sk: string;
}

export const mediaKey = keys.media;

/** The library's position after an item: what DynamoDB needs to read on (signed by the route). */
export const mediaCursorSchema = z.strictObject({
  pk: z.string().regex(uuidKeyPattern(PK.media)),
  sk: z.literal(SK.media),
  gsi1pk: z.literal(GSI1PK.media),
  gsi1sk: z.string().max(100),
});
export type MediaCursor = z.infer<typeof mediaCursorSchema>;

/** A fresh id for an upload (its key, ticket, object path and record share it). */
export const newMediaId = () => randomUUID();

/** The client and the reads of records: what every layer shares. */
export abstract class MediaStore extends TableRepository {
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
}

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
