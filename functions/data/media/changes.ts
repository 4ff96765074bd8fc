// Changes to a record that come without an upload (functions/data/media/store.ts has the
// layers): alt text and caption in place, deletion, and the copy of an image that a change
// under review makes (docs/decisions/0301-image-changes-go-through-working-copies.md,
// functions/media/governed.ts) with the mark on the record it replaces.
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MediaRecord } from '../../shared/media.ts';
import { GSI1PK } from '../keys.ts';
import { mediaChangePart } from '../live-guard.ts';
import { conditionally } from '../table.ts';
import { liveChangedAt } from './errors.ts';
import { MediaPublishing } from './publishing.ts';
import { mediaKey, type MediaItem } from './store.ts';

export abstract class MediaChanges extends MediaPublishing {
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
    const updated = await this.transact({
      items: [
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
      onConflict: liveChangedAt(1),
    });
    return updated ? this.get(id) : undefined;
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
