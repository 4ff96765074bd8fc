// The daily copy of the audit trail (issue 37, docs/decisions/0554-audit-export-and-archive.md):
// a day's entries (JSON with their hashes, what a verifier recomputes them from, and CSV for
// people) and the chain's head with the day's verdict, written to a store that nobody can
// rewrite. In AWS that is a bucket with S3 Object Lock in compliance mode
// (infra/constructs/audit-archive.ts), so an administrator who rewrites the table, even the
// whole chain from the point of change, is caught by comparing it with these copies.
// Objects are private keys of the ObjectStore interface (`assets/...`, its private prefix).
import type { AuditLog } from '../data/audit.ts';
import { PRIVATE_PREFIX, type ObjectStore } from '../storage/object-store.ts';
import { auditCsv, auditJson } from './export.ts';

/** Where a day's copy lies: assets/audit-archive/<YYYY-MM-DD>/... */
export const archivePrefix = (day: string) => `${PRIVATE_PREFIX}audit-archive/${day}/`;

/** The UTC day before `now` (YYYY-MM-DD): what a run just after midnight copies. */
export const previousDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1))
    .toISOString()
    .slice(0, 10);

export interface ArchivedDay {
  day: string;
  entries: number;
  keys: string[];
  ok: boolean;
}

/** Writes the copy of `day` (default: yesterday, UTC). */
export async function archiveAuditDay(
  audit: AuditLog,
  store: ObjectStore,
  now: Date,
  day = previousDay(now),
): Promise<ArchivedDay> {
  const from = `${day}T00:00:00.000Z`;
  const to = `${day}T23:59:59.999Z`;
  const [{ entries, head }, verdict] = await Promise.all([
    audit.exportRange(from, to),
    audit.verify({ from, to }),
  ]);
  const prefix = archivePrefix(day);
  const files: [string, string, string][] = [
    [
      'entries.json',
      'application/json',
      JSON.stringify(auditJson({ from, to }, now, entries, head), null, 2),
    ],
    ['entries.csv', 'text/csv; charset=utf-8', auditCsv(entries)],
    [
      'head.json',
      'application/json',
      JSON.stringify({ day, takenAt: now.toISOString(), head: head ?? null, verdict }, null, 2),
    ],
  ];
  for (const [name, contentType, body] of files) {
    await store.putPrivate(`${prefix}${name}`, Buffer.from(body), { contentType });
  }
  return {
    day,
    entries: entries.length,
    keys: files.map(([name]) => `${prefix}${name}`),
    ok: verdict.ok,
  };
}
