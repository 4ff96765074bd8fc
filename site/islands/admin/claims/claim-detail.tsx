// One claim (issue 36, /admin/claims?claim=<id>): its wording, status (a lapsed approval says
// why), references with their evidence, forbidden wordings, the signature that approved it
// and a withdrawal; where it is said (the pages whose live version or working copy has its
// token, each a link to the page editor). `review` approves it through the admin's one
// e-signature dialog (common/signature-dialog.tsx) and withdraws it with a reason; `edit`
// changes it (claim-editor.tsx). The API enforces the roles; the buttons follow them.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../api.ts';
import {
  approveClaim,
  claimKey,
  claimsChanged,
  claimUsage,
  claimUsageKey,
  EVIDENCE_KEY,
  getClaim,
  listEvidence,
  withdrawClaim,
  type Claim,
} from '../common/claims-api.ts';
import { SignatureDialog } from '../common/signature-dialog.tsx';
import { SignatureManifest, utcTime } from '../common/signatures.tsx';
import { useCan } from '../permissions.ts';
import { viewUrl } from '../route.ts';
import { useToast } from '../toast.tsx';
import { Tooltip } from '../ui.tsx';
import { ClaimEditor } from './claim-editor.tsx';
import { claimShownStatus, evidenceShownStatus, evidenceUrl } from './claims-url.ts';
import { day, DetailHeader, RoleButton, StatusBadge, ViewLink, WithdrawDialog } from './parts.tsx';

type Dialog = 'edit' | 'approve' | 'withdraw';

export function ClaimDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const claim = useQuery({ queryKey: claimKey(id), queryFn: () => getClaim(id) });
  return (
    <section aria-labelledby="claim-heading" data-testid="claim-detail">
      <DetailHeader
        id="claim-heading"
        kind="Claim"
        title={claim.data ? <span className="font-mono">{claim.data.key}</span> : 'Claim'}
        backLabel="All claims"
        onBack={onBack}
        query={claim}
      />
      {claim.data && <ClaimBody claim={claim.data} />}
    </section>
  );
}

function ClaimBody({ claim }: { claim: Claim }) {
  const mayEdit = useCan('edit');
  const mayReview = useCan('review');
  const [dialog, setDialog] = useState<Dialog>();
  const client = useQueryClient();
  const toast = useToast();
  const status = claimShownStatus(claim);
  const withdrawn = claim.status === 'withdrawn';
  const adopt = (next: Claim) => {
    client.setQueryData(claimKey(next.id), next);
    claimsChanged(client);
  };
  const close = () => setDialog(undefined);

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-6">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={status} />
            <span className="text-sm text-slate-600">
              {claim.category} · Expires {day(claim.expiresAt)}
            </span>
          </div>
          <p className="mt-3 text-lg text-slate-900" data-testid="claim-text">
            {claim.text}
          </p>
          {claim.lapse && (
            <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              No longer approved: {claim.lapse}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {!withdrawn && (
              <RoleButton
                label="Edit claim"
                may={mayEdit}
                why="Your role does not change claims: editors do."
                onClick={() => setDialog('edit')}
              />
            )}
            {status !== 'approved' && !withdrawn && (
              <RoleButton
                label="Approve claim"
                variant="primary"
                may={mayReview}
                why="Your role does not approve claims: reviewers sign them."
                onClick={() => setDialog('approve')}
              />
            )}
            {!withdrawn && (
              <RoleButton
                label="Withdraw claim"
                variant="danger"
                may={mayReview}
                why="Your role does not withdraw claims: reviewers do."
                onClick={() => setDialog('withdraw')}
              />
            )}
          </div>
        </div>
        <References claim={claim} />
        <section aria-labelledby="wordings-heading">
          <h3 id="wordings-heading" className="text-lg font-semibold text-ink">
            Forbidden wordings
          </h3>
          {claim.forbiddenWordings.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">None: any page text may stand beside it.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {claim.forbiddenWordings.map((wording) => (
                <li
                  key={wording}
                  className="rounded bg-slate-100 px-2 py-0.5 font-mono text-[13px]"
                >
                  {wording}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="grid content-start gap-6">
        <Signatures claim={claim} />
        <Usage claim={claim} />
      </div>

      <ClaimEditor open={dialog === 'edit'} claim={claim} onClose={close} onSaved={adopt} />
      <SignatureDialog
        open={dialog === 'approve'}
        title={`Approve the claim ${claim.key}`}
        onClose={close}
        sign={(body) => approveClaim(claim.id, body)}
        onSigned={(next) => {
          adopt(next);
          toast({ title: 'Claim approved', description: 'Pages may now say it.' });
        }}
      />
      <WithdrawDialog
        open={dialog === 'withdraw'}
        title={`Withdraw the claim ${claim.key}?`}
        message="Withdrawing is final: the pages that say it are flagged, and a page cannot be published while it says a withdrawn claim."
        confirmLabel="Withdraw claim"
        onClose={close}
        withdraw={(reason) => withdrawClaim(claim.id, reason)}
        onWithdrawn={(next) => {
          adopt(next);
          void client.invalidateQueries({ queryKey: claimUsageKey(next.id) });
          toast({ title: 'Claim withdrawn', description: 'The pages that say it are listed.' });
        }}
      />
    </div>
  );
}

function References({ claim }: { claim: Claim }) {
  const evidence = useQuery({ queryKey: EVIDENCE_KEY, queryFn: listEvidence });
  const byId = new Map((evidence.data ?? []).map((item) => [item.id, item]));
  return (
    <section aria-labelledby="references-heading">
      <h3 id="references-heading" className="text-lg font-semibold text-ink">
        References
      </h3>
      {claim.references.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">
          None yet: a claim needs at least one current reference to be approved.
        </p>
      )}
      {evidence.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          The evidence could not be loaded. {describeError(evidence.error)}
        </p>
      )}
      <ol className="mt-2 grid gap-2" data-testid="claim-references">
        {claim.references.map((reference) => {
          const item = byId.get(reference.evidenceId);
          return (
            <li
              key={`${reference.evidenceId}-${reference.locator}`}
              className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <ViewLink href={evidenceUrl({}, reference.evidenceId)}>
                  {item?.title ?? (evidence.isPending ? 'Loading...' : 'Evidence not found')}
                </ViewLink>
                {item && <StatusBadge status={evidenceShownStatus(item)} />}
              </div>
              {item && (
                <p className="text-slate-600">
                  {item.source} · {item.date}
                </p>
              )}
              <p className="mt-1 text-slate-800">
                <span className="text-slate-600">Where: </span>
                {reference.locator}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Signatures({ claim }: { claim: Claim }) {
  return (
    <section aria-labelledby="signatures-heading" data-testid="claim-signatures">
      <h3 id="signatures-heading" className="text-lg font-semibold text-ink">
        Signatures
      </h3>
      {!claim.approval && !claim.withdrawal && (
        <p className="mt-1 text-sm text-slate-600">
          Not signed yet. An edit of the wording or the references voids a signature.
        </p>
      )}
      <ul className="mt-2 grid gap-2 text-sm">
        {claim.approval && (
          <li className="rounded-xl border border-slate-200 bg-white p-3">
            <p className="text-slate-900">
              <SignatureManifest signature={claim.approval} />
            </p>
            {claim.approval.comment && <p className="mt-1">“{claim.approval.comment}”</p>}
            <Tooltip content="A fingerprint (SHA-256) of the key, the wording and the references signed: an edit changes it and voids the signature.">
              <p tabIndex={0} className="mt-1 font-mono text-xs wrap-anywhere text-slate-600">
                {claim.approval.hash.slice(0, 16)}…
              </p>
            </Tooltip>
          </li>
        )}
        {claim.withdrawal && (
          <li className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
            <p className="font-medium">Withdrawn by {claim.withdrawal.by}</p>
            <p>{utcTime(claim.withdrawal.at)}</p>
            <p className="mt-1">Reason: {claim.withdrawal.reason}</p>
          </li>
        )}
      </ul>
    </section>
  );
}

function Usage({ claim }: { claim: Claim }) {
  const usage = useQuery({
    queryKey: claimUsageKey(claim.id),
    queryFn: () => claimUsage(claim.id),
  });
  const pages = usage.data?.pages ?? [];
  return (
    <section aria-labelledby="usage-heading" data-testid="claim-usage">
      <h3 id="usage-heading" className="text-lg font-semibold text-ink">
        Where it is said
      </h3>
      {usage.isPending && <p role="status">Loading the pages...</p>}
      {usage.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          The pages could not be loaded. {describeError(usage.error)}
        </p>
      )}
      {usage.isSuccess && pages.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">No page says this claim.</p>
      )}
      {pages.length > 0 && claim.status === 'withdrawn' && (
        <p role="status" className="mt-1 rounded-md bg-red-50 p-2 text-sm text-red-900">
          {pages.length === 1 ? 'This page says' : `These ${pages.length} pages say`} a withdrawn
          claim: change {pages.length === 1 ? 'it' : 'them'} before the next publish.
        </p>
      )}
      <ul className="mt-2 grid gap-2 text-sm">
        {pages.map((page) => (
          <li key={page.id} className="rounded-xl border border-slate-200 bg-white p-3">
            <a
              href={viewUrl('pages', { edit: page.id })}
              className="font-medium wrap-anywhere text-brand-700 underline-offset-4 hover:underline"
            >
              {page.title}
            </a>
            <p className="text-slate-600">
              /{page.slug} ·{' '}
              {[page.live && 'live version', page.workingCopy && 'working copy']
                .filter(Boolean)
                .join(' and ')}
            </p>
            <p className="mt-1 font-mono text-xs wrap-anywhere text-slate-700">
              {page.fields.join(', ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
