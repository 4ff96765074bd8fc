// The Review tab's approvals: how many of the required ones the current content has, and
// every signature with its hash, earlier ones marked as voided by an edit
// (docs/decisions/0132-working-copy.md, docs/decisions/0133-e-signatures.md).
import { SignatureManifest } from '../../common/signatures.tsx';
import type { WorkflowStatus } from '../../common/workflow-api.ts';
import { Tooltip } from '../../ui.tsx';

export function ApprovalsSection({ workflow }: { workflow: WorkflowStatus }) {
  const current = workflow.approvals.filter((signature) => signature.current);
  return (
    <section aria-labelledby="wf-approvals" className="grid gap-2">
      <h3 id="wf-approvals" className="font-semibold text-ink">
        Approvals{' '}
        <span className="font-normal text-slate-600" data-testid="approval-count">
          {workflow.approvalsRequired === 0
            ? '(none required)'
            : `${current.length} of ${workflow.approvalsRequired} required`}
        </span>
      </h3>
      {workflow.approvals.length === 0 ? (
        <p className="text-slate-600">No one has approved a version of this page yet.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Signatures">
          {workflow.approvals.map((signature) => (
            <li
              key={signature.id}
              data-testid="signature"
              className={signature.current ? 'text-slate-900' : 'text-slate-500'}
            >
              <SignatureManifest signature={signature} />
              {signature.current ? '' : ' (for earlier content; an edit voided it)'}
              <Tooltip
                content={`SHA-256 of the signed title, slug and content: ${signature.contentHash}`}
              >
                <span tabIndex={0} className="ml-1 cursor-help font-mono text-xs text-slate-500">
                  #{signature.contentHash.slice(0, 8)}
                </span>
              </Tooltip>
              {signature.comment && <span className="block pl-4">“{signature.comment}”</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
