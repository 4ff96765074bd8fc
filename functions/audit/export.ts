// The audit trail's export (issue 37, docs/decisions/0554-audit-export-and-archive.md): the
// entries of a range with their place in the hash chain, as JSON (what a verifier recomputes
// the hashes from) or as CSV for people (RFC 4180, text cells through toCsv's formula
// guard, so a cell may read differently from the hashed text: verify from the JSON). An
// e-signature is shown as 21 CFR 11.50 asks: printed name, date and time with its zone,
// meaning. The route (functions/routes/admin/audit.ts) and the daily archive job (archive.ts) write it.
import type { ChainHead } from '../data/audit-chain.ts';
import { toCsv } from '../shared/csv.ts';
import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEntryDto,
  type AuditExport,
} from '../shared/api/audit.ts';

export const AUDIT_CSV_HEADER = [
  'Position',
  'Time (UTC)',
  'Entry id',
  'Who',
  'Action',
  'Summary',
  'Page',
  'Lead',
  'IP address',
  'Signed by (printed name)',
  'Signer e-mail',
  'Signed at (with time zone)',
  'Meaning of the signature',
  'Checklist confirmed',
  'Previous hash',
  'Hash',
] as const;

const actionLabel = (action: string) =>
  action in AUDIT_ACTION_LABELS ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

const csvRow = (entry: AuditEntryDto) => [
  entry.seq,
  entry.at,
  entry.id,
  entry.actor,
  actionLabel(entry.action),
  entry.summary,
  entry.pageId,
  entry.leadId,
  entry.ip,
  entry.signature?.signerName,
  entry.signature?.signerEmail,
  entry.signature?.signedAtText,
  entry.signature?.meaningLabel,
  entry.signature?.checklist?.join('; '),
  entry.prevHash,
  entry.hash,
];

export const auditCsv = (entries: readonly AuditEntryDto[]) =>
  toCsv(AUDIT_CSV_HEADER, entries.map(csvRow));

/** The JSON export's body. */
export function auditJson(
  range: { from?: string | undefined; to: string },
  exportedAt: Date,
  entries: AuditEntryDto[],
  head: ChainHead | undefined,
): AuditExport {
  return {
    ...(range.from ? { from: range.from } : {}),
    to: range.to,
    exportedAt: exportedAt.toISOString(),
    ...(head
      ? { head: { seq: head.seq, hash: head.hash, lastId: head.lastId, lastAt: head.lastAt } }
      : {}),
    entries,
  };
}
