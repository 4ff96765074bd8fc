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
// not a store write of their own (sign-ins, exports).
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { auditItem, month, type AuditEntry, type AuditInput } from './audit-item.ts';
import { TableRepository } from './table.ts';
import { keys } from './keys.ts';

export type { AuditAction } from '../shared/api/audit.ts';
export { auditActor, auditItem, type AuditEntry, type AuditInput } from './audit-item.ts';

/** How many months back the log is read before it reports the end. */
const MONTHS_BACK = 14;

function previousMonth(yyyyMm: string): string {
  const [year, monthNumber] = yyyyMm.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 2, 1));
  return month(date);
}

/** Where the next page starts: a month partition, a key inside it, months still to read. */
export const auditCursorSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  key: z.strictObject({ pk: z.string().max(40), sk: z.string().max(80) }).optional(),
  left: z.number().int().min(1).max(MONTHS_BACK),
});
export type AuditCursor = z.infer<typeof auditCursorSchema>;

export class AuditLog extends TableRepository {
  async record(entry: AuditInput): Promise<AuditEntry> {
    const { entry: full, put } = auditItem(this.table, this.now(), entry);
    await this.db.send(new PutCommand(put.Put));
    return full;
  }

  /** Newest first, `limit` at a time; pass the returned cursor for the next page. */
  async list(
    limit = 50,
    start?: AuditCursor,
  ): Promise<{ entries: AuditEntry[]; cursor: AuditCursor | undefined }> {
    // A key from another month's partition would read that partition: refuse it.
    if (start?.key && start.key.pk !== keys.auditPartition(start.month)) start = undefined;
    let cursor: { month: string; key?: Record<string, unknown> | undefined; left: number } =
      start ?? { month: month(this.now()), left: MONTHS_BACK };
    const entries: AuditEntry[] = [];
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

function toEntry(item: Record<string, unknown>): AuditEntry {
  const { id, at, actor, action, pageId, leadId, summary, ip } = item as unknown as AuditEntry;
  return {
    id,
    at,
    actor,
    action,
    summary,
    ...(pageId ? { pageId } : {}),
    ...(leadId ? { leadId } : {}),
    ...(ip ? { ip } : {}),
  };
}
