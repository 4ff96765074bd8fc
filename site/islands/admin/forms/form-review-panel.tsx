// A form's review (issue 33, docs/decisions/0310-forms-under-review.md), beside the form
// editor and on the reviewers' read-only view: which definition visitors get, the working
// copy's state and what it changes, the approvals (electronic signatures, each with the
// consent text's version it signed) and the actions the role may take, as the page
// editor's Review tab offers them (pages/workflow-panel.tsx): Submit for review (edit),
// Approve (review, never one's own edits: the one signature dialog of common/), Publish
// (publish, once the approvals are there). Each action the role has but cannot take now
// says why; the API's refusals are shown as sentences. The API enforces every rule.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { authGate, describeError } from '../api.ts';
import { SignatureDialog } from '../common/signature-dialog.tsx';
import { SignatureManifest, signatureLine } from '../common/signatures.tsx';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, Tooltip } from '../ui.tsx';
import { formChanges } from './form-changes.ts';
import {
  approveForm,
  cacheForm,
  fetchForm,
  formKey,
  publishForm,
  submitForm,
  type FormSignature,
  type FormState,
} from '../common/forms-api.ts';

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Whether the form has a review to show: approvals are required, or a copy exists. */
export const underReview = (state: FormState) =>
  state.workflow.approvalsRequired > 0 || state.workingCopy !== null;

function stateText(state: FormState): { badge: string; text: string } {
  const copy = state.workingCopy;
  const live = state.live;
  const visitors = live
    ? `Visitors get the live form (revision ${live.revision})`
    : 'Visitors do not get this form yet (it was never published)';
  if (!copy) {
    return {
      badge: 'Live',
      text: `${visitors}. Saving your edits makes a working copy, which reaches visitors once it is approved and published.`,
    };
  }
  const badge =
    copy.state === 'draft'
      ? 'Working copy, not submitted'
      : state.workflow.approvalsMissing > 0
        ? 'In review'
        : 'Approved, ready to publish';
  return {
    badge,
    text: `You are looking at the working copy (revision ${copy.revision}). ${visitors} until it is published.`,
  };
}

function SignatureItem({
  signature,
  liveHash,
}: {
  signature: FormSignature;
  liveHash: string | null;
}) {
  const note = signature.current
    ? ''
    : signature.contentHash === liveHash
      ? ' (signed the live version)'
      : ' (for earlier content; an edit voided it)';
  return (
    <li data-testid="signature" className={signature.current ? 'text-slate-900' : 'text-slate-600'}>
      <SignatureManifest signature={signature} />
      {note}.{' '}
      {signature.consentVersion
        ? `Consent text version ${signature.consentVersion}.`
        : 'No consent text.'}
      <Tooltip
        content={`SHA-256 of the whole signed definition (fields, consent, auto-reply, texts): ${signature.contentHash}`}
      >
        <span tabIndex={0} className="ml-1 cursor-help font-mono text-xs text-slate-600">
          #{signature.contentHash.slice(0, 8)}
        </span>
      </Tooltip>
      {signature.comment && <span className="block pl-4">“{signature.comment}”</span>}
    </li>
  );
}

interface ActionProps {
  label: string;
  /** Why it cannot be taken now (shown under the buttons too); undefined: it can. */
  why: string | undefined;
  tip: string;
  primary?: boolean;
  onClick: () => void;
}

/** A button the role may use, with the sentence that says why it cannot be used now. */
function Action({
  label,
  why,
  tip,
  busy,
  primary = false,
  onClick,
}: ActionProps & { busy: boolean }) {
  return (
    <Tooltip content={why ?? tip}>
      <span tabIndex={why ? 0 : -1}>
        <Button
          variant={primary ? 'primary' : 'secondary'}
          disabled={Boolean(why) || busy}
          onClick={onClick}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

export function FormReviewPanel({
  initial,
  dirty = false,
  onState,
}: {
  initial: FormState;
  /** The editor has unsaved edits: the actions wait for a save. */
  dirty?: boolean;
  /** The form as it stands after an action (the editor adopts it). */
  onState?: (state: FormState) => void;
}) {
  const id = initial.id;
  const { data } = useQuery({ queryKey: formKey(id), queryFn: () => fetchForm(id) });
  const state = data ?? initial;
  const client = useQueryClient();
  const toast = useToast();
  const canEdit = useCan('edit');
  const canReview = useCan('review');
  const canPublish = useCan('publish');
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string>();
  const me = authGate.email ?? '';

  const heading = useRef<HTMLHeadingElement>(null);
  const approvalsLine = useRef<HTMLParagraphElement>(null);
  /**
   * The form as it now stands. The button just used may be gone or disabled by then, so
   * the focus goes to what shows the result: the heading, or the approvals after a signature.
   */
  const refresh = async (focus: HTMLElement | null = heading.current) => {
    const next = await fetchForm(id);
    cacheForm(client, next);
    onState?.(next);
    focus?.focus();
  };
  // A refusal (someone changed the copy meanwhile, say) is a sentence, and the panel shows
  // the form as it stands now.
  const failed = (failure: unknown) => {
    setError(describeError(failure));
    void refresh(null).catch(() => undefined);
  };
  const submit = useMutation({
    mutationFn: () => submitForm(id),
    onSuccess: async () => {
      setError(undefined);
      await refresh();
      toast({ title: 'Submitted for review', description: 'Reviewers can approve it now.' });
    },
    onError: failed,
  });
  const publish = useMutation({
    mutationFn: () => publishForm(id),
    onSuccess: async (live) => {
      setError(undefined);
      await refresh();
      toast({
        title: `${live.form.title} published`,
        description:
          'Visitors get it within a minute; pages built with the form show it after the rebuild.',
      });
    },
    onError: failed,
  });

  const copy = state.workingCopy;
  const { approvals, approvalsRequired, approvalsMissing, liveHash } = state.workflow;
  const current = approvals.filter((signature) => signature.current);
  const changes = copy ? formChanges(state.live?.form ?? null, copy.form) : [];
  const unsaved = dirty
    ? 'Save your edits first: review and publishing act on the saved working copy.'
    : undefined;
  const isAuthor = copy?.authors.includes(me) ?? false;
  const signed = current.some((signature) => signature.signerEmail === me);
  const { badge, text } = stateText(state);
  const busy = submit.isPending || publish.isPending;

  // The actions the role has for the copy's state, each with why it cannot be taken now.
  const actions: ActionProps[] = [
    ...(canEdit && copy?.state === 'draft'
      ? [
          {
            label: submit.isPending ? 'Submitting...' : 'Submit for review',
            why: unsaved,
            tip: 'Reviewers can approve it once it is submitted; an edit afterwards sends it back to draft.',
            onClick: () => submit.mutate(),
          },
        ]
      : []),
    ...(canReview && copy?.state === 'in_review'
      ? [
          {
            label: 'Approve...',
            why: isAuthor
              ? 'You edited this working copy, so another reviewer must approve it.'
              : signed
                ? 'You have approved this content already.'
                : unsaved,
            tip: 'Sign with your password: recorded with your name, the time and a fingerprint of the whole form.',
            primary: true,
            onClick: () => setSigning(true),
          },
        ]
      : []),
    ...(canPublish && copy
      ? [
          {
            label: publish.isPending ? 'Publishing...' : 'Publish',
            why:
              unsaved ??
              (approvalsMissing > 0
                ? `${plural(approvalsMissing, 'more approval')} of the current working copy ${approvalsMissing === 1 ? 'is' : 'are'} needed before it can be published.`
                : undefined),
            tip: 'Replaces the live form now; visitors get it within a minute.',
            primary: true,
            onClick: () => publish.mutate(),
          },
        ]
      : []),
  ];
  const reasons = [...new Set(actions.map((action) => action.why).filter(Boolean))] as string[];

  return (
    <section
      aria-labelledby="form-review-heading"
      data-testid="form-review"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id="form-review-heading"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink outline-none"
        >
          Review
        </h3>
        <span
          data-testid="form-review-state"
          className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
        >
          {badge}
        </span>
      </div>
      <p className="text-slate-700">{text}</p>
      {copy && (
        <details className="rounded-md border border-slate-200 p-2" data-testid="form-changes">
          <summary className="cursor-pointer font-medium">
            Compared with the live form: {plural(changes.length, 'change')}
          </summary>
          {changes.length === 0 ? (
            <p className="mt-2 text-slate-600">Same as the live form.</p>
          ) : (
            <ul className="mt-2 grid gap-2">
              {changes.map((change) => (
                <li key={change.what} className="break-words">
                  <span className="font-medium">{change.what}</span>
                  {change.before && (
                    <span className="block text-slate-600">
                      Before: <q>{change.before}</q>
                    </span>
                  )}
                  {change.after && (
                    <span className="block">
                      After: <q>{change.after}</q>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </details>
      )}
      <div>
        <p ref={approvalsLine} tabIndex={-1} className="font-medium text-ink outline-none">
          Approvals{' '}
          <span className="font-normal text-slate-600" data-testid="form-approval-count">
            {approvalsRequired === 0
              ? '(none required)'
              : `${current.length} of ${approvalsRequired} required`}
          </span>
        </p>
        {approvals.length === 0 ? (
          <p className="text-slate-600">No one has approved a version of this form yet.</p>
        ) : (
          <ul className="mt-1 grid gap-1" aria-label="Signatures">
            {approvals.map((signature) => (
              <SignatureItem key={signature.id} signature={signature} liveHash={liveHash} />
            ))}
          </ul>
        )}
      </div>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2" data-testid="form-review-actions">
          {actions.map((action) => (
            <Action key={action.tip} {...action} busy={busy} />
          ))}
        </div>
      )}
      {reasons.length > 0 && (
        <ul className="grid gap-1 text-amber-900" data-testid="form-review-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <FormAlert message={error} />
      <SignatureDialog
        open={signing}
        title="Approve the form's working copy"
        onClose={() => setSigning(false)}
        sign={(body) => approveForm(id, body)}
        onSigned={(signature) => {
          setError(undefined);
          void refresh(approvalsLine.current);
          toast({ title: 'Approved', description: signatureLine(signature) });
        }}
      />
    </section>
  );
}
