// Conversion events, leads as conversions, and the daily counters the analytics
// dashboard reads (docs/decisions/0081-analytics-storage-and-reads.md): the event
// repository, a folder with a module per concern (docs/decisions/0441-data-modules-by-concern.md).
//
// Page identity: every key below uses the page's id, which the route resolves from the
// wire landingPageId (docs/requirements.md §7: `x`, `legacy/x`, `default` or the default page's id)
// before calling this module. So /x and /legacy/x are one page, and a renamed slug keeps
// its history. Leads from forms outside landing pages (the contact page, /pilot) count
// under the scope OTHER; STATS#ALL is the whole site. Ids are UUIDs, so neither collides.
//
// Access patterns and keys (day = UTC date YYYY-MM-DD):
//   raw events of a page-day ...... Query    pk=EVENTS#<pageId>#<day>[#<n>]  sk=<time ISO>#<uuid>   TTL 400 days
//                                            (EVENT_PARTITIONS partitions, n = 1.., queried together)
//   one page, days from..to ....... Query    pk=STATS#<pageId>   sk BETWEEN DAY#<from> AND DAY#<to>#~
//   the whole site, days from..to . Query    pk=STATS#ALL        sk BETWEEN DAY#<from> AND DAY#<to>#~
//   goals' events by page, source . Query    pk=STATS#GOAL_EVENTS sk BETWEEN DAY#<from> AND DAY#<to>#~
//                                            (a day's shards DAY#<day> and DAY#<day>#<n>, summed)
//   a visitor's day ............... Update   pk=VISITOR#<day>#<hash>   sk=DAY     (TTL 2 days)
//                                            (first-of-the-day markers, entry source, and
//                                            fs:<version>, the funnel step reached in order)
//   daily salt (no secret set) .... Get/Put  pk=SALT                   sk=<day>   (TTL 2 days)
// The counter items' attributes are encoded in functions/data/event-counters.ts, the daily
// salt in functions/data/salts.ts, every key in functions/data/keys.ts.
//
// Hot items (issue 25, docs/decisions/0082-sharded-counters.md):
// an event updates one shard of its page's counters and one of the site's (an event other
// than a page view one of the goals' too), chosen by
// CounterShards (event-counters.ts) so that no item takes more than about 50 updates a
// second up to 12,800 events a second on one page; its raw event goes to one of
// EVENT_PARTITIONS partitions at random, so no partition takes more than about 1,000 WCU/s
// below 30,000 events a second on one page.
// Visitors are a salted hash of IP and user agent with a salt that changes every UTC
// day, so nobody (us included) can link a visitor across days; no cookie is involved.
//
// This module: the repository's base, the visitor hash and the conditional counter update
// every count goes through (the shards it picks: CounterShards in event-counters.ts).
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CounterShards } from '../counter-shards.ts';
import { counterKey, counterWrite, type CounterWrite } from '../event-counters.ts';
import { DailySalts, utcDay } from '../salts.ts';
import { isConditionalFailure, TableRepository } from '../table.ts';

export const DAY_SECONDS = 86_400;

/** A counter item's update count, and the shard count its last writer used (see count()). */
const WRITES = 'writes';
const SHARDS = 'shards';
const SHARDS_BEFORE = 'shardsBefore';

export class EventStore extends TableRepository {
  private readonly salts: DailySalts;
  /** This instance's choice of counter shards (one per process or Lambda instance). */
  readonly shards: CounterShards;
  /** Picks raw-event partitions and counter shards (a seeded one in simulations). */
  protected readonly random: () => number;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date = () => new Date(),
    saltSecret?: string,
    random: () => number = Math.random,
  ) {
    super(db, table, now);
    this.salts = new DailySalts(db, table, saltSecret);
    this.shards = new CounterShards(() => this.now().getTime(), random);
    this.random = random;
  }

  /** The visitor's hash for today: never stored with the IP or user agent themselves. */
  async visitorHash(ip: string, userAgent: string): Promise<string> {
    const salt = await this.salts.salt(utcDay(this.now()));
    return createHash('sha256')
      .update(`${salt}\0${ip}\0${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** A counter write to the shard this instance picks for the scope-day. */
  protected counterWrite(scope: string, day: string, cap: number): CounterWrite {
    return counterWrite(scope, day, cap, this.shards.pick(scope, day));
  }

  /**
   * Applies one counter item's increments. A capped value is first assumed to have its
   * counter already (the condition is that it exists), which is true for all but a
   * value's first visitor of the day. When that fails, the item as it was (returned with
   * the failure) says, per value, whether it has a counter, may take a new one (the
   * dimension's slot count is under the cap: the new counter and the count are added
   * under that condition) or goes to "other". A race can fail that too; the last attempt
   * sends every capped value to "other" without a condition, so no event is ever lost.
   * Every update also adds 1 to the item's `writes` and, once this instance's shard count
   * is decided, sets `shards` to it, copying the previous one into `shardsBefore` (an
   * update reads the item as it was before it): their new values, in the update's answer,
   * tell CounterShards how busy the item is and what the other writers do, without a read.
   * None is a figure: toDayStats skips them.
   */
  protected async count(write: CounterWrite): Promise<void> {
    const plans: ('existing' | 'new' | 'other')[] = write.capped.map(() => 'existing');
    for (let attempt = 0; ; attempt++) {
      const last = attempt === 3;
      const names: Record<string, string> = {
        '#day': 'day',
        '#scope': 'scope',
        '#writes': WRITES,
        '#shards': SHARDS,
        '#before': SHARDS_BEFORE,
      };
      const values: Record<string, unknown> = {
        ':day': write.day,
        ':scope': write.scope,
        ':write': 1,
        ':shards': this.shards.shards(write.scope, write.day),
      };
      const adds = new Map(write.adds);
      const clauses: string[] = [];
      const conditions: string[] = [];
      const attr = (name: string) => {
        const placeholder = `#a${Object.keys(names).length}`;
        names[placeholder] = name;
        return placeholder;
      };
      const newSlots = new Map<string, number>();
      write.capped.forEach(({ dimension, value, amount }, index) => {
        const plan = last ? 'other' : plans[index];
        if (plan === 'other') {
          const other = `${dimension}:(other)`;
          adds.set(other, (adds.get(other) ?? 0) + amount);
          return;
        }
        const counter = attr(`${dimension}:${value}`);
        values[`:n${index}`] = amount;
        clauses.push(`${counter} :n${index}`);
        if (plan === 'existing') {
          conditions.push(`attribute_exists(${counter})`);
        } else {
          conditions.push(`attribute_not_exists(${counter})`);
          newSlots.set(dimension, (newSlots.get(dimension) ?? 0) + 1);
        }
      });
      // New counters take their dimension's slots together: one path per dimension (an
      // event about a form adds two values to gs:, its type's and its form's), and all of
      // them fit under the cap or none does.
      [...newSlots].forEach(([dimension, count], index) => {
        const slots = attr(`${dimension}:(slots)`);
        clauses.push(`${slots} :s${index}`);
        values[`:s${index}`] = count;
        values[`:c${index}`] = write.cap - count;
        conditions.push(`(attribute_not_exists(${slots}) OR ${slots} <= :c${index})`);
      });
      [...adds].forEach(([name, amount], index) => {
        values[`:x${index}`] = amount;
        clauses.push(`${attr(name)} :x${index}`);
      });
      const decided = this.shards.decided(write.scope, write.day);
      try {
        const result = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: counterKey(write.scope, write.day, write.shard),
            UpdateExpression: `ADD ${clauses.join(', ')}, #writes :write SET #day = :day, #scope = :scope, #before = if_not_exists(#shards, :shards), #shards = ${decided ? ':shards' : 'if_not_exists(#shards, :shards)'}`,
            ReturnValues: 'UPDATED_NEW',
            ...(conditions.length
              ? {
                  ConditionExpression: conditions.join(' AND '),
                  ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
                }
              : {}),
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        );
        const writes = Number(result.Attributes?.[WRITES]);
        const before = Number(result.Attributes?.[SHARDS_BEFORE] ?? 1);
        if (writes) this.shards.observe(write.scope, write.day, write.shard, writes, before);
        return;
      } catch (error) {
        if (last || !isConditionalFailure(error)) throw error;
        // The item as it was (absent before the day's first count), in DynamoDB's wire format.
        const item = (error as { Item?: Record<string, { N?: string }> }).Item ?? {};
        write.capped.forEach(({ dimension, value }, index) => {
          const slots = Number(item[`${dimension}:(slots)`]?.N ?? 0);
          plans[index] =
            item[`${dimension}:${value}`] !== undefined
              ? 'existing'
              : slots < write.cap
                ? 'new'
                : 'other';
        });
      }
    }
  }
}
