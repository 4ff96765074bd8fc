// Realtime visitors (issue 25, docs/decisions/0157-realtime.md): who viewed which page in the
// last minutes, by the cookieless daily visitor hash. One item per minute and shard holds,
// per visitor, the page and the source of their latest view in that minute; reading the last
// five minutes is one BatchGet of REALTIME_SHARDS x 5 items. Items expire after 15 minutes.
//
// Access patterns and keys (functions/data/keys.ts):
//   a view ............ UpdateItem  pk=LIVE#<minute ISO>  sk=<shard>   SET v_<hash> = "<page>|<source>"
//   the last minutes .. BatchGet    the same keys, 5 minutes x every shard
//
// A visitor always lands on the same shard (the shard is taken from their hash), so their
// views in a minute are one attribute; an item takes one write per view, and a shard sees
// 1/REALTIME_SHARDS of the site's views: 128 shards keep every item under 80 updates a second
// at 10,000 page views a second (docs/decisions/0082-sharded-counters.md), and a minute's item
// under DynamoDB's 400 KB up to about 6,000 visitors a minute per shard. Reading the window is 640
// keys in 7 BatchGets, mostly of items that do not exist at a B2B site's traffic.
import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.ts';
import { TableRepository } from './table.ts';

export const REALTIME_SHARDS = 128;
export const REALTIME_MINUTES = 5;
const TTL_SECONDS = 15 * 60;
const DIRECT = '(direct)';

export interface RealtimeSnapshot {
  visitors: number;
  pages: { pageId: string; visitors: number }[];
  sources: { source: string; visitors: number }[];
}

const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

export class RealtimeRepository extends TableRepository {
  /** Notes a page view of `visitor` (a hash) on `pageId`, from `source` (a host or none). */
  async view(pageId: string, visitor: string, source: string | undefined): Promise<void> {
    const at = this.now();
    const shard = parseInt(Buffer.from(visitor).toString('hex').slice(-4), 16) % REALTIME_SHARDS;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.realtime(minuteOf(at), shard),
        UpdateExpression: 'SET #visitor = :view, expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeNames: { '#visitor': `v_${visitor}` },
        ExpressionAttributeValues: {
          ':view': `${pageId}|${source ?? DIRECT}`,
          ':expires': Math.floor(at.getTime() / 1000) + TTL_SECONDS,
        },
      }),
    );
  }

  /** Distinct visitors of the last REALTIME_MINUTES minutes, by page and by source. */
  async snapshot(): Promise<RealtimeSnapshot> {
    const now = this.now().getTime();
    const wanted = [];
    for (let m = 0; m < REALTIME_MINUTES; m++) {
      const minute = minuteOf(new Date(now - m * 60_000));
      for (let shard = 0; shard < REALTIME_SHARDS; shard++)
        wanted.push(keys.realtime(minute, shard));
    }
    // The newest minute first: a visitor's latest page and source are what they count under.
    const items: Record<string, unknown>[] = [];
    // BatchGet takes at most 100 keys; the batches run at once, each retrying what DynamoDB
    // left unprocessed.
    const batches: Record<string, unknown>[][] = [];
    for (let start = 0; start < wanted.length; start += 100)
      batches.push(wanted.slice(start, start + 100));
    await Promise.all(
      batches.map(async (batch) => {
        let pending: Record<string, unknown>[] = batch;
        for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
          const result = await this.db.send(
            new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending } } }),
          );
          items.push(...(result.Responses?.[this.table] ?? []));
          pending = (result.UnprocessedKeys?.[this.table]?.Keys ?? []) as Record<string, unknown>[];
        }
      }),
    );
    items.sort((a, b) => String(b['pk']).localeCompare(String(a['pk'])));
    const latest = new Map<string, { pageId: string; source: string }>();
    for (const item of items) {
      for (const [name, value] of Object.entries(item)) {
        if (!name.startsWith('v_') || latest.has(name) || typeof value !== 'string') continue;
        const bar = value.lastIndexOf('|');
        latest.set(name, { pageId: value.slice(0, bar), source: value.slice(bar + 1) });
      }
    }
    const count = (pick: (view: { pageId: string; source: string }) => string) => {
      const counts = new Map<string, number>();
      for (const view of latest.values()) counts.set(pick(view), (counts.get(pick(view)) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    };
    return {
      visitors: latest.size,
      pages: count((view) => view.pageId).map(([pageId, visitors]) => ({ pageId, visitors })),
      sources: count((view) => view.source).map(([source, visitors]) => ({ source, visitors })),
    };
  }
}
