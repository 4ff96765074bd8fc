// Calendar feeds (issue 37, docs/decisions/0560-calendar-feeds.md): a secret .ics address
// per person, for their own calendar app. The token in the address is `<id>.<secret>`, the
// secret 256 random bits stored only as its SHA-256 (functions/data/secret-token.ts), so
// the table (or a backup) holds no usable address and the address is shown once. Revoking
// deletes the item: the address then answers 404, as one never made does.
//
// Access patterns and keys (functions/data/keys.ts):
//   a feed ......... GetItem / Put / Delete  pk=CALENDAR-FEEDS  sk=<id>
//   every feed ..... Query                   pk=CALENDAR-FEEDS
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../../core/domain-errors.ts';
import type { CalendarFeed } from '../../shared/calendar.ts';
import { auditActor } from '../audit.ts';
import { keys } from '../keys.ts';
import { newSecretToken, secretHash } from '../secret-token.ts';
import { putNew, queryAll, TableRepository } from '../table.ts';

const ID = /^[0-9a-f-]{36}$/;

export class CalendarFeedNotFoundError extends NotFoundError {
  override name = 'CalendarFeedNotFoundError';
  constructor() {
    super('Calendar feed not found');
  }
}

type Actor = { email: string; ip?: string | undefined };

export class CalendarFeedRepository extends TableRepository {
  /** A new feed and the token of its address (shown this once). */
  async create(label: string, actor: Actor): Promise<{ feed: CalendarFeed; token: string }> {
    const now = this.now();
    const secret = newSecretToken();
    const feed: CalendarFeed = {
      id: randomUUID(),
      label,
      createdAt: now.toISOString(),
      createdBy: actor.email,
    };
    await this.transact({
      now,
      items: [
        putNew(this.table, {
          ...keys.calendarFeed(feed.id),
          ...feed,
          secretHash: secretHash(secret),
        }),
      ],
      audit: {
        ...auditActor(actor),
        action: 'calendar-feed-create',
        summary: `Calendar feed "${label}" made`,
      },
    });
    return { feed, token: `${feed.id}.${secret}` };
  }

  /** Every feed, newest first. */
  async list(): Promise<CalendarFeed[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.calendarFeedsPartition() },
    });
    return items.map(feedOf).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async get(id: string): Promise<CalendarFeed | undefined> {
    const item = await this.item(id);
    return item && feedOf(item);
  }

  private async item(id: string): Promise<Record<string, unknown> | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.calendarFeed(id), ConsistentRead: true }),
    );
    return result.Item;
  }

  /** Revokes a feed at once: its address answers 404 from the next request. */
  async revoke(feed: CalendarFeed, actor: Actor): Promise<void> {
    await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.calendarFeed(feed.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
      audit: {
        ...auditActor(actor),
        action: 'calendar-feed-revoke',
        summary: `Calendar feed "${feed.label}" of ${feed.createdBy} revoked`,
      },
      onConflict: () => new CalendarFeedNotFoundError(),
    });
  }

  /** The feed a token names, its secret checked; undefined for anything else. */
  async resolve(token: string): Promise<CalendarFeed | undefined> {
    const dot = token.indexOf('.');
    const id = token.slice(0, dot);
    if (dot < 0 || !ID.test(id)) return undefined;
    const item = await this.item(id);
    if (!item || typeof item['secretHash'] !== 'string') return undefined;
    const expected = Buffer.from(item['secretHash']);
    const given = Buffer.from(secretHash(token.slice(dot + 1)));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return feedOf(item);
  }
}

function feedOf(item: Record<string, unknown>): CalendarFeed {
  return {
    id: String(item['id']),
    label: String(item['label']),
    createdAt: String(item['createdAt']),
    createdBy: String(item['createdBy']),
  };
}
