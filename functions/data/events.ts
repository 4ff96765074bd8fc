// Conversion events and the counters the analytics dashboard reads.
//
// Access patterns and keys (day = UTC date YYYY-MM-DD, page = landingPageId):
//   raw events of a page-day ...... Query    pk=EVENTS#<page>#<day>   sk=<time ISO>#<uuid>    TTL 400 days
//   counters of a page, by day .... Query    pk=STATS#<page>          sk between DAY#<from> and DAY#<to>~
//                                            one item per page, day and event type: { count, visitors }
//   counters of every page, a day . Query    gsi1pk=STATS#<day>       gsi1sk=<page>#<type>
//   first visit of a visitor ...... Update   pk=VISITOR#<page>#<day>#<hash>  sk=<type>   (ADD hits, TTL 2 days)
//   daily salt (no secret set) .... Get/Put  pk=SALT                  sk=<day>                 TTL 2 days
// A dashboard over 30 days of one page reads at most 30 x 7 small items in one query.
// Counters are updated at write time with atomic ADD, so concurrent instances never lose
// an increment; `visitors` grows only when the visitor marker's hit count became 1.
// Hot partitions: each counter item takes every event of its page, day and type. One
// landing page would need over 1,000 events of one type per second to reach DynamoDB's
// per-item limit; the raw events and visitor markers spread over many partitions.
// Visitors are a salted hash of IP and user agent with a salt that changes every UTC
// day, so nobody (us included) can link a visitor across days; no cookie is involved.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ConversionEvent, EventType } from '../shared/events.ts';
import { GSI1, isConditionalFailure, queryAll, TableRepository } from './table.ts';

export const EVENT_TTL_DAYS = 400;
const DAY_SECONDS = 86_400;

export interface EventCounter {
  landingPageId: string;
  day: string;
  eventType: EventType;
  count: number;
  visitors: number;
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const dayEndSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS;

export const counterKey = (landingPageId: string, day: string, eventType: string) => ({
  pk: `STATS#${landingPageId}`,
  sk: `DAY#${day}#${eventType}`,
});

export class EventRepository extends TableRepository {
  private readonly secret: string | undefined;
  private readonly salts = new Map<string, Promise<string>>();

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    saltSecret?: string,
  ) {
    super(db, table, now);
    this.secret = saltSecret;
  }

  /** The visitor's hash for today: never stored with the IP or user agent themselves. */
  async visitorHash(ip: string, userAgent: string): Promise<string> {
    const salt = await this.salt(utcDay(this.now()));
    return createHash('sha256')
      .update(`${salt}\0${ip}\0${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Writes the event, counts it, and counts the visitor once per page, day and type. */
  async record(event: ConversionEvent, visitor: string): Promise<void> {
    const at = this.now();
    const day = utcDay(at);
    const time = at.toISOString();
    const counter = counterKey(event.landingPageId, day, event.eventType);
    // One round trip: the event, the counter and the visitor marker are written together;
    // only a visitor's first event of the day costs a second, tiny update.
    const [isNewVisitor] = await Promise.all([
      this.markVisitor(event, day, visitor),
      this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            pk: `EVENTS#${event.landingPageId}#${day}`,
            sk: `${time}#${randomUUID()}`,
            landingPageId: event.landingPageId,
            eventType: event.eventType,
            ...(event.metadata ? { metadata: event.metadata } : {}),
            visitor,
            createdAt: time,
            expiresAt: Math.floor(at.getTime() / 1000) + EVENT_TTL_DAYS * DAY_SECONDS,
          },
        }),
      ),
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: counter,
          UpdateExpression:
            'ADD #count :one SET landingPageId = :page, eventType = :type, #day = :day, gsi1pk = :g1pk, gsi1sk = :g1sk',
          ExpressionAttributeNames: { '#count': 'count', '#day': 'day' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':page': event.landingPageId,
            ':type': event.eventType,
            ':day': day,
            ':g1pk': `STATS#${day}`,
            ':g1sk': `${event.landingPageId}#${event.eventType}`,
          },
        }),
      ),
    ]);
    if (isNewVisitor) {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: counter,
          UpdateExpression: 'ADD visitors :one',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    }
  }

  /** Counters of one page for days from..to (inclusive, YYYY-MM-DD). */
  async countersForPage(landingPageId: string, from: string, to: string): Promise<EventCounter[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `STATS#${landingPageId}`,
        ':from': `DAY#${from}`,
        ':to': `DAY#${to}~`,
      },
      ConsistentRead: true,
    });
    return items.map(toCounter);
  }

  /** Counters of every page for one day. */
  async countersForDay(day: string): Promise<EventCounter[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `STATS#${day}` },
    });
    return items.map(toCounter);
  }

  /** Raw events of a page-day, oldest first (the counters are what dashboards read). */
  async eventsForDay(landingPageId: string, day: string): Promise<Record<string, unknown>[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${landingPageId}#${day}` },
        ConsistentRead: true,
      }),
    );
    return result.Items ?? [];
  }

  /**
   * True for the visitor's first event of this type on this page today. An atomic ADD
   * (not a conditional put) so repeat visits cost no exception on either side.
   */
  private async markVisitor(event: ConversionEvent, day: string, visitor: string) {
    const result = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: `VISITOR#${event.landingPageId}#${day}#${visitor}`, sk: event.eventType },
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeValues: { ':one': 1, ':expires': dayEndSeconds(day) + DAY_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.['hits']) === 1;
  }

  private salt(day: string): Promise<string> {
    if (this.secret) {
      return Promise.resolve(createHmac('sha256', this.secret).update(day).digest('base64url'));
    }
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.sharedSalt(day);
      // A failed read must not be cached; the next event tries again.
      salt.catch(() => this.salts.delete(day));
      this.salts.clear();
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** First instance to ask writes the day's random salt; the others read it. */
  private async sharedSalt(day: string): Promise<string> {
    const key = { pk: 'SALT', sk: day };
    const candidate = randomBytes(32).toString('base64url');
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...key, salt: candidate, expiresAt: dayEndSeconds(day) + DAY_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return candidate;
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    const existing = await this.db.send(
      new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }),
    );
    const salt = existing.Item?.['salt'];
    if (typeof salt !== 'string') throw new Error(`The salt of ${day} could not be read`);
    return salt;
  }
}

function toCounter(item: Record<string, unknown>): EventCounter {
  return {
    landingPageId: String(item['landingPageId']),
    day: String(item['day']),
    eventType: item['eventType'] as EventType,
    count: Number(item['count'] ?? 0),
    visitors: Number(item['visitors'] ?? 0),
  };
}
