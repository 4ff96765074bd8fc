// The daily salt of the visitors' hashes (docs/decisions/0012-visitor-counting-daily-salt.md): an
// HMAC of the day when a secret is set, otherwise a random value the first instance to ask writes
// to the table (pk=SALT sk=<day>, TTL 2 days) and every other instance reads. The salt changes
// every UTC day, so nobody (us included) can link a visitor across days.
import { createHmac, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.ts';
import { isConditionalFailure } from './table.ts';

const DAY_SECONDS = 86_400;
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
/** The first second after a UTC day, in epoch seconds (a TTL's unit). */
export const dayEndSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS;

export class DailySalts {
  private readonly salts = new Map<string, Promise<string>>();
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly secret: string | undefined;

  constructor(db: DynamoDBDocumentClient, table: string, secret: string | undefined) {
    this.db = db;
    this.table = table;
    this.secret = secret;
  }

  salt(day: string): Promise<string> {
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
    const key = keys.salt(day);
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
