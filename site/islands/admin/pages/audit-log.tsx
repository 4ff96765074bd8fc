// The audit log (in the Pages view, for administrators): the entries newest first, a page at
// a time; "Verify audit trail", which checks the hash chain of every kept entry and says the
// verdict as a sentence; and the export of the entries shown, as CSV or JSON with their
// hashes (issue 37, docs/decisions/0553-audit-hash-chain.md,
// docs/decisions/0554-audit-export-and-archive.md).
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AUDIT_ACTION_LABELS,
  verdictSentence,
  type AuditAction,
  type AuditEntryDto,
} from '../../../../functions/shared/api/audit.ts';
import { describeError, formatTime } from '../api.ts';
import {
  AUDIT_PAGE_SIZE,
  auditExportUrl,
  auditKey,
  fetchAudit,
  verifyAudit,
} from '../common/pages-api.ts';
import { Icon } from '../icons.tsx';
import { Button, Tooltip } from '../ui.tsx';

const LINK_CLASS =
  'inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

export function AuditLogList() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const audit = useQuery({
    queryKey: auditKey(cursor),
    queryFn: () => fetchAudit(cursor),
  });
  if (audit.isPending) return <p role="status">Loading the audit log...</p>;
  if (audit.isError)
    return <p role="alert">The audit log could not be loaded: {describeError(audit.error)}</p>;
  const { entries } = audit.data;
  return (
    <div className="grid gap-3">
      <AuditTools entries={entries} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                When
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Who
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Action
              </th>
              <th scope="col" className="py-2 font-medium">
                What
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry">
                <td className="py-2 pr-4 whitespace-nowrap">{formatTime(entry.at)}</td>
                <td className="py-2 pr-4">{entry.actor}</td>
                <td className="py-2 pr-4">
                  {AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action}
                </td>
                <td className="py-2">{entry.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 && <p className="text-slate-600">Nothing recorded yet.</p>}
      <div className="flex gap-2">
        {cursors.length > 0 && (
          <Button onClick={() => setCursors(cursors.slice(0, -1))}>Newer entries</Button>
        )}
        {audit.data.cursor && entries.length === AUDIT_PAGE_SIZE && (
          <Button onClick={() => setCursors([...cursors, audit.data.cursor!])}>
            Older entries
          </Button>
        )}
      </div>
    </div>
  );
}

/** Verify and export, above the list: the export covers the entries the list shows. */
function AuditTools({ entries }: { entries: AuditEntryDto[] }) {
  const verify = useMutation({ mutationFn: verifyAudit });
  // Newest first: the range shown runs from the last entry's time to the first's.
  const from = entries.at(-1)?.at;
  const to = entries[0]?.at;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Tooltip content="Recomputes the hash of every kept entry and checks that each follows the one before: any entry changed, removed or inserted after it was written breaks the chain there.">
          <Button disabled={verify.isPending} onClick={() => verify.mutate()}>
            <Icon name="check" /> {verify.isPending ? 'Verifying...' : 'Verify audit trail'}
          </Button>
        </Tooltip>
        {from && to && (
          <>
            <Tooltip content="The entries shown, with their hashes and signatures, as a CSV file for spreadsheets">
              <a href={auditExportUrl(from, to, 'csv')} download className={LINK_CLASS}>
                <Icon name="download" /> Export CSV
              </a>
            </Tooltip>
            <Tooltip content="The entries shown, with their hashes and the chain's head, as JSON: what a verifier recomputes the hashes from">
              <a href={auditExportUrl(from, to, 'json')} download className={LINK_CLASS}>
                <Icon name="download" /> Export JSON
              </a>
            </Tooltip>
          </>
        )}
      </div>
      {verify.isError && (
        <p role="alert" className="text-sm text-red-700">
          The audit trail could not be verified: {describeError(verify.error)}
        </p>
      )}
      {verify.data && (
        <p
          role={verify.data.ok ? 'status' : 'alert'}
          data-testid="audit-verdict"
          className={`rounded-md px-3 py-2 text-sm ${verify.data.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
        >
          {verdictSentence(verify.data, formatTime)}
        </p>
      )}
    </div>
  );
}
