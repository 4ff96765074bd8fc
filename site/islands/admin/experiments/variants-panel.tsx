// An experiment's Variants panel: each variant with its name, its share of the traffic, its
// approvals (electronic signatures of its exact content, as a page's working copy has on the
// Review tab: pages/workflow-panel.tsx) and its actions: Edit content (a draft's variants,
// for roles that edit), View (the control, which is the live page, and every variant once
// the experiment started), Approve (roles that review; never one's own edits).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authGate, formatTime } from '../api.ts';
import { SignatureDialog } from '../common/signature-dialog.tsx';
import { SignatureManifest, signatureLine } from '../common/signatures.tsx';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, Tooltip } from '../ui.tsx';
import {
  approveVariant,
  cacheExperiment,
  type ExperimentDetail,
  type VariantDetail,
} from '../common/experiments-api.ts';

/** The signatures that sign a variant's present content, one per signer. */
export function currentSigners(variant: VariantDetail): string[] {
  return [...new Set(variant.approvals.filter((s) => s.current).map((s) => s.signerEmail))];
}

export function VariantsPanel({
  experiment,
  onOpen,
}: {
  experiment: ExperimentDetail;
  /** Opens a variant in the editor (or, read-only, in the viewer). */
  onOpen: (variant: VariantDetail) => void;
}) {
  const canEdit = useCan('edit');
  const canReview = useCan('review');
  const [approving, setApproving] = useState<VariantDetail | undefined>();
  const draft = experiment.status === 'draft';
  const me = authGate.email ?? '';
  return (
    <section aria-labelledby="variants-heading" data-testid="variants-panel">
      <h3 id="variants-heading" className="sr-only">
        Variants
      </h3>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Variants">
        {experiment.variants.map((variant) => {
          const signers = currentSigners(variant);
          const editable = draft && !variant.control && canEdit;
          const isAuthor = variant.authors.includes(me);
          const signed = signers.includes(me);
          return (
            <li
              key={variant.id}
              data-testid="variant-card"
              data-variant={variant.id}
              className="grid content-start gap-2 rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <h4 className="min-w-0 font-semibold break-words text-ink">
                  {variant.name}
                  {variant.control && (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-medium text-slate-800">
                      Control
                    </span>
                  )}
                </h4>
                <p className="shrink-0 text-sm text-slate-700">
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {variant.weight}%
                  </span>{' '}
                  of visitors
                </p>
              </div>
              {variant.control ? (
                <p className="text-sm text-slate-700">The control is the page's live version.</p>
              ) : (
                <p className="text-xs text-slate-600">
                  Saved {formatTime(variant.updatedAt)} by {variant.updatedBy}
                </p>
              )}
              {!variant.control && (
                <Approvals experiment={experiment} variant={variant} signers={signers} />
              )}
              <div className="mt-1 flex flex-wrap gap-2">
                <Button
                  variant={editable ? 'primary' : 'secondary'}
                  aria-label={`${editable ? 'Edit' : 'View'} content of ${variant.name}`}
                  onClick={() => onOpen(variant)}
                >
                  {editable ? 'Edit content' : 'View content'}
                </Button>
                {draft && !variant.control && canReview && (
                  <Tooltip
                    content={
                      isAuthor
                        ? 'You edited this variant, so another reviewer must approve it.'
                        : signed
                          ? 'You have approved this content already.'
                          : 'Sign with your password: recorded with your name, the time and the exact content.'
                    }
                  >
                    <span tabIndex={isAuthor || signed ? 0 : -1}>
                      <Button
                        disabled={isAuthor || signed}
                        aria-label={`Approve ${variant.name}...`}
                        onClick={() => setApproving(variant)}
                      >
                        Approve...
                      </Button>
                    </span>
                  </Tooltip>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ApproveDialog
        experiment={experiment}
        variant={approving}
        onClose={() => setApproving(undefined)}
      />
    </section>
  );
}

function Approvals({
  experiment,
  variant,
  signers,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail;
  signers: string[];
}) {
  const required = experiment.approvalsRequired;
  const enough = signers.length >= required;
  return (
    <div className="grid gap-1 text-sm">
      <p data-testid="variant-approvals" className={enough ? 'text-slate-700' : 'text-amber-900'}>
        {required === 0
          ? `No approvals required${signers.length ? ` (${signers.length} given)` : ''}`
          : `${Math.min(signers.length, required)} of ${required} approval${required === 1 ? '' : 's'}${enough ? '' : ' before it can start'}`}
      </p>
      {variant.approvals.length > 0 && (
        <ul className="grid gap-1 text-xs" aria-label={`Signatures of ${variant.name}`}>
          {variant.approvals.map((signature) => (
            <li
              key={signature.id}
              data-testid="signature"
              className={signature.current ? 'text-slate-800' : 'text-slate-500'}
            >
              <SignatureManifest signature={signature} />
              {signature.current ? '' : ' (for earlier content; an edit voided it)'}
              {signature.comment && <span className="block pl-3">“{signature.comment}”</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A variant's approval: the one e-signature dialog, then the experiment as it now stands. */
function ApproveDialog({
  experiment,
  variant,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  return (
    <SignatureDialog
      open={variant !== undefined}
      title={`Approve ${variant?.name ?? 'the variant'}`}
      onClose={onClose}
      sign={(body) => approveVariant(experiment.id, variant!.id, body)}
      onSigned={(detail) => {
        cacheExperiment(client, detail);
        const signature = detail.variants
          .find((v) => v.id === variant?.id)
          ?.approvals.find((s) => s.current && s.signerEmail === authGate.email);
        toast({
          title: `${variant?.name ?? 'The variant'} approved`,
          ...(signature ? { description: signatureLine(signature) } : {}),
        });
      }}
    />
  );
}
