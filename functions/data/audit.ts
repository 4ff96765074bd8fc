// The audit log: who did what, when, to which page; sign-ins included.
//
// Access pattern and keys:
//   entries, newest first ... Query  pk=AUDIT#<yyyy-mm>  sk=<ISO time>#<random>  (descending)
// One partition per month keeps a partition from growing without bound while the admin's
// "newest first" view reads the current month, then the previous ones, as a query each.
// Entries are kept for 400 days (TTL expiresAt). The cursor is a bounded AuditCursor that
// the route signs (functions/lib/cursor.ts), so a client cannot forge one.
// A change that has its own transaction (a page save) writes its entry inside it through
// TableRepository.transact() (functions/data/table.ts, docs/decisions/0510-one-audited-write.md),
// so the entry exists exactly when the change committed; record() is for events that are
// not a store write of their own (sign-ins, exports): it goes through transact() too, so
// every entry takes its place in the one hash chain (functions/data/audit-chain.ts,
// docs/decisions/0553-audit-hash-chain.md).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { readHead, verifyChain, type ChainHead, type ChainVerdict } from './audit-chain.ts';
import {
  auditItem,
  month,
  RETENTION_DAYS,
  type AuditEntry,
  type AuditInput,
} from './audit-item.ts';
import { queryAll, TableRepository } from './table.ts';
import { keys } from './keys.ts';
import { auditEntrySchema, type AuditEntryDto } from '../shared/api/audit.ts';

export type { AuditAction } from '../shared/api/audit.ts';
export { auditActor, auditItem, type AuditEntry, type AuditInput } from './audit-item.ts';

/** How many months back the log is read before it reports the end. */
const MONTHS_BACK = 14;

function previousMonth(yyyyMm: string): string {
  return previousMonths(yyyyMm, 1).slice(0, 7);
}

/** The first instant (ISO) of the month `count` months before `yyyyMm`. */
function previousMonths(yyyyMm: string, count: number): string {
  const [year, monthNumber] = yyyyMm.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 - count, 1)).toISOString();
}

const nextMonth = (yyyyMm: string) => previousMonths(yyyyMm, -1).slice(0, 7);

/** How far apart an entry's time and its place in the chain can be (retried writes). */
const ORDER_MARGIN_MS = 5 * 60_000;

/** Where the next page starts: a month partition, a key inside it, months still to read. */
export const auditCursorSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  key: z.strictObject({ pk: z.string().max(40), sk: z.string().max(80) }).optional(),
  left: z.number().int().min(1).max(MONTHS_BACK),
});
export type AuditCursor = z.infer<typeof auditCursorSchema>;

export class AuditLog extends TableRepository {
  /** Writes an entry on its own, chained like every other (table.ts transact()). */
  async record(entry: AuditInput): Promise<AuditEntry> {
    const now = this.now();
    const { entry: full, put } = auditItem(this.table, now, entry);
    await this.transact({ items: [], audit: put, now });
    return full;
  }

  /**
   * The stored items of the entries written from `from` to `to` (ISO times, both included),
   * oldest first. Without `from`, from the oldest month still kept (MONTHS_BACK).
   */
  async itemsBetween(from: string | undefined, to: string): Promise<Record<string, unknown>[]> {
    const start = from ?? previousMonths(month(this.now()), MONTHS_BACK - 1);
    const items: Record<string, unknown>[] = [];
    for (let partition = month(new Date(start)); partition <= to.slice(0, 7);) {
      items.push(
        ...(await queryAll(this.db, {
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.auditPartition(partition),
            ':from': start,
            // Ids are `<time>#<random>`: '~' sorts after every one of `to`'s.
            ':to': `${to}~`,
          },
          ConsistentRead: true,
        })),
      );
      partition = nextMonth(partition);
    }
    return items;
  }

  /**
   * The entries written from `from` to `to` as the API gives them, in chain order (entries
   * written before the chain began, by time, first), and the head as it is now.
   */
  async exportRange(
    from: string | undefined,
    to: string,
  ): Promise<{ entries: AuditEntryDto[]; head: ChainHead | undefined }> {
    const [items, head] = await Promise.all([
      this.itemsBetween(from, to),
      readHead(this.db, this.table),
    ]);
    const position = (item: Record<string, unknown>) =>
      typeof item['seq'] === 'number' ? item['seq'] : 0;
    const entries = items
      .sort((a, b) => position(a) - position(b) || String(a['sk']).localeCompare(String(b['sk'])))
      .map(toEntry);
    return { entries, head };
  }

  /**
   * Checks the chain of the entries written from `from` to `to` (every kept entry without
   * them): docs/decisions/0553-audit-hash-chain.md says what a verdict proves.
   */
  async verify(range: {
    from?: string | undefined;
    to?: string | undefined;
  }): Promise<ChainVerdict> {
    const now = this.now();
    const to = range.to ?? now.toISOString();
    let head = await readHead(this.db, this.table);
    // A little either side: an entry retried after another writer took its place in the
    // chain is written later than its time says, so positions and times may cross there.
    const margin = (iso: string, sign: 1 | -1) =>
      new Date(new Date(iso).getTime() + sign * ORDER_MARGIN_MS).toISOString();
    const around = await this.itemsBetween(range.from && margin(range.from, -1), margin(to, 1));
    // An entry written between the head's read and the entries' lies past the head read first
    // (a CI run named such a write "inserted"). An entry and the head move in one transaction,
    // so the head read again covers every entry written meanwhile; one past it is inserted.
    const newest = Math.max(0, ...around.map((item) => Number(item['seq'] ?? 0)));
    if (head && newest > head.seq) head = (await readHead(this.db, this.table)) ?? head;
    const inRange = (item: Record<string, unknown>) => {
      const at = String(item['at']);
      return (!range.from || at >= range.from) && at <= to;
    };
    const positions = around
      .filter(inRange)
      .map((item) => item['seq'])
      .filter((seq): seq is number => typeof seq === 'number');
    const first = Math.min(...positions);
    const last = Math.max(...positions);
    const run = around.filter((item) =>
      typeof item['seq'] === 'number' ? item['seq'] >= first && item['seq'] <= last : inRange(item),
    );
    const keptSince = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
    // The head is compared with the last entry only when the range holds the head's last one.
    const checkHead = !!head && (!range.from || range.from <= head.lastAt) && to >= head.lastAt;
    return verifyChain(run, head, { checkHead, keptSince });
  }

  /** Newest first, `limit` at a time; pass the returned cursor for the next page. */
  async list(
    limit = 50,
    start?: AuditCursor,
  ): Promise<{ entries: AuditEntryDto[]; cursor: AuditCursor | undefined }> {
    // A key from another month's partition would read that partition: refuse it.
    if (start?.key && start.key.pk !== keys.auditPartition(start.month)) start = undefined;
    let cursor: { month: string; key?: Record<string, unknown> | undefined; left: number } =
      start ?? { month: month(this.now()), left: MONTHS_BACK };
    const entries: AuditEntryDto[] = [];
    while (entries.length < limit && cursor.left > 0) {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.auditPartition(cursor.month) },
          ScanIndexForward: false,
          Limit: limit - entries.length,
          ExclusiveStartKey: cursor.key,
        }),
      );
      for (const item of result.Items ?? []) entries.push(toEntry(item));
      cursor = result.LastEvaluatedKey
        ? { ...cursor, key: result.LastEvaluatedKey }
        : { month: previousMonth(cursor.month), left: cursor.left - 1 };
    }
    if (cursor.left <= 0) return { entries, cursor: undefined };
    const key = cursor.key as { pk: string; sk: string } | undefined;
    return {
      entries,
      cursor: {
        month: cursor.month,
        left: cursor.left,
        ...(key ? { key: { pk: key.pk, sk: key.sk } } : {}),
      },
    };
  }
}

/**
 * An entry as read: the API's shape (its action any string, so an entry a newer version wrote
 * reads too), the keys dropped.
 */
const toEntry = (item: Record<string, unknown>): AuditEntryDto => auditEntrySchema.parse(item);
