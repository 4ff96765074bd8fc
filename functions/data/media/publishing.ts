// Publishing an upload (functions/data/media/store.ts has the layers; the ticket it uses up,
// tickets.ts): a new record, or new bytes for an existing one
// (docs/decisions/0301-image-changes-go-through-working-copies.md says when a change makes
// a new record instead). Each writes the record and uses the ticket up in one transaction.
import type { MediaRecord } from '../../shared/media.ts';
import { GSI1PK } from '../keys.ts';
import { mediaChangePart } from '../live-guard.ts';
import { putNew } from '../table.ts';
import { liveChangedAt } from './errors.ts';
import { mediaKey, type MediaItem } from './store.ts';
import { UploadTickets, type UploadTicket } from './tickets.ts';

/** What publish/replace change in a record; the rest (id, alt, uploader) stays. */
export type MediaContent = Pick<
  MediaRecord,
  'url' | 'contentType' | 'width' | 'height' | 'bytes' | 'variants' | 'placeholder' | 'thumbhash'
>;

export type PublishResult = 'published' | 'exists' | 'no_ticket';

export abstract class MediaPublishing extends UploadTickets {
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
    const published = await this.transact({
      items: [putNew(this.table, item), ...this.useUp(ticket)],
      onConflict: () => undefined,
    });
    if (published) return 'published';
    return (await this.get(record.id)) ? 'exists' : 'no_ticket';
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
    const replaced = await this.transact({
      items: [
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
        ...this.useUp(ticket),
        mediaChangePart(this.table, liveGeneration),
      ],
      onConflict: liveChangedAt(2),
    });
    return replaced ? this.get(id) : undefined;
  }
}
