// An experiment's Variants panel: each variant with its name, its share of the traffic, its
// approvals (electronic signatures of its exact content, as a page's working copy has on the
// Review tab: pages/workflow-panel.tsx) and its actions: Edit content (a draft's variants,
// for roles that edit), View (the control, which is the live page, and every variant once
// the experiment started), Approve (roles that review; never one's own edits).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import type { Account } from '../../../../functions/shared/account.ts';
import {
  MEANING_LABELS,
  SIGNATURE_MEANINGS,
  type SignatureMeaning,
} from '../../../../functions/shared/workflow.ts';
import { ACCOUNT_KEY } from '../account/account-api.ts';
import { authGate, describeError, formatTime, HttpError, type FieldErrors } from '../api.ts';
import { signatureLine } from '../pages/workflow-panel.tsx';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, FieldError, FormAlert, inputClass, Modal, TextField, Tooltip } from '../ui.tsx';
import {
  approveVariant,
  cacheExperiment,
  type ExperimentDetail,
  type VariantDetail,
} from './experiments-api.ts';

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
              {signatureLine(signature)}
              {signature.current ? '' : ' (for earlier content; an edit voided it)'}
              {signature.comment && <span className="block pl-3">“{signature.comment}”</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An approval is an electronic signature: the password again, a code when enrolled. */
function ApproveDialog({
  experiment,
  variant,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail | undefined;
  onClose: () => void;
}) {
  const open = variant !== undefined;
  const account = useQuery<Account>({ queryKey: ACCOUNT_KEY, enabled: open });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [meaning, setMeaning] = useState<SignatureMeaning>('approved');
  const [comment, setComment] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const toast = useToast();
  const ids = useId();
  const twoFactor = account.data?.twoFactor.enabled ?? false;

  const close = () => {
    setPassword('');
    setCode('');
    setComment('');
    setMeaning('approved');
    setFields({});
    setError(undefined);
    onClose();
  };

  const sign = useMutation({
    mutationFn: (target: VariantDetail) =>
      approveVariant(experiment.id, target.id, {
        password,
        meaning,
        ...(twoFactor ? { code } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }),
    onSuccess: (detail, target) => {
      cacheExperiment(client, detail);
      const signature = detail.variants
        .find((v) => v.id === target.id)
        ?.approvals.find((s) => s.current && s.signerEmail === authGate.email);
      close();
      toast({
        title: `${target.name} approved`,
        ...(signature ? { description: signatureLine(signature) } : {}),
      });
    },
    onError: (failure) => {
      setFields(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!variant) return;
    setError(undefined);
    const missing: FieldErrors = {};
    if (!password) missing['password'] = ['is required to sign'];
    if (twoFactor && !code.trim()) {
      missing['code'] = ['is required: your account uses two-factor codes'];
    }
    setFields(missing);
    if (Object.keys(missing).length === 0) sign.mutate(variant);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={`Approve ${variant?.name ?? 'the variant'}`}
      description="Your approval is an electronic signature: it records your name, the time (UTC), what it means, and a fingerprint of exactly this content. An edit afterwards voids it."
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${ids}-meaning`} className="text-sm font-medium text-slate-800">
            Meaning
          </label>
          <select
            id={`${ids}-meaning`}
            value={meaning}
            onChange={(event) => setMeaning(event.target.value as SignatureMeaning)}
            className={inputClass}
          >
            {SIGNATURE_MEANINGS.map((option) => (
              <option key={option} value={option}>
                {MEANING_LABELS[option].replace(/^approved/, 'Approved')}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          errors={fields['password']}
          onChange={(event) => setPassword(event.target.value)}
        />
        {twoFactor && (
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            errors={fields['code']}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <div>
          <label htmlFor={`${ids}-comment`} className="text-sm font-medium text-slate-800">
            Comment (optional)
          </label>
          <textarea
            id={`${ids}-comment`}
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            aria-invalid={Boolean(fields['comment'])}
            aria-describedby={fields['comment'] ? `${ids}-comment-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${ids}-comment-error`} messages={fields['comment']} label="Comment" />
        </div>
        <FormAlert
          message={fields['password'] || fields['code'] || fields['comment'] ? undefined : error}
        />
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={sign.isPending}>
            {sign.isPending ? 'Working...' : 'Sign and approve'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
