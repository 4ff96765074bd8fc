// The editor's Review tab (issue 23, docs/decisions/0132-working-copy.md): which copy
// is being edited, what changed from the live version, the approvals (electronic
// signatures), and the actions the role may take: submit, approve, reject, publish now or
// at a time, unpublish, discard the working copy, preview links for reviewers without an
// account, and the comment thread. The API enforces every permission; this hides what the
// role cannot do.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  PREVIEW_LINK_DEFAULT_DAYS,
  PREVIEW_LINK_MAX_DAYS,
} from '../../../../functions/shared/workflow.ts';
import { SignatureDialog } from '../common/signature-dialog.tsx';
import { signatureLine } from '../common/signatures.ts';
import { CopyableLink } from '../common/copyable-link.tsx';
import { authGate, describeError, HttpError, type FieldErrors } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import {
  Button,
  ConfirmDialog,
  FieldError,
  FormAlert,
  inputClass,
  Modal,
  Tooltip,
} from '../ui.tsx';
import { ChangeList, pageChanges } from './change-list.tsx';
import { cachePage, PAGES_KEY, pageKey, type LandingPage } from '../common/pages-api.ts';
import type { PageEditor } from './use-page-editor.ts';
import {
  addComment,
  approve,
  cancelSchedule,
  createPreviewLink,
  discardWorkingCopy,
  localTime,
  publish,
  reject,
  revokePreviewLink,
  submitForReview,
  unpublish,
  utcTime,
  WORKFLOW_SUMMARY_KEY,
  type ScheduleEntry,
} from '../common/workflow-api.ts';

type Dialog = 'submit' | 'approve' | 'reject' | 'schedule' | 'unpublish' | 'discard' | undefined;

const STATE_TEXT = {
  draft: 'Working copy, not submitted',
  in_review: 'Working copy in review',
} as const;

export function WorkflowPanel({ page, editor }: { page: LandingPage; editor: PageEditor }) {
  const { workflow, live } = editor;
  const client = useQueryClient();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialog>();
  const canEdit = useCan('edit');
  const canReview = useCan('review');
  const canPublish = useCan('publish');
  const me = authGate.email ?? '';

  const refresh = () => {
    void client.invalidateQueries({ queryKey: pageKey(page.id) });
    void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
    void client.invalidateQueries({ queryKey: PAGES_KEY });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: describeError(error), variant: 'destructive' });

  const publishNow = useMutation({
    mutationFn: () => publish(page.id),
    onSuccess: (result) => {
      if ('id' in result) {
        cachePage(client, result);
        editor.resetTo(result);
      }
      refresh();
      toast({
        title: 'Published',
        description: 'Visitors get this version once the site is rebuilt.',
      });
    },
    onError: failed('Not published'),
  });
  const cancel = useMutation({
    mutationFn: (action: ScheduleEntry['action']) => cancelSchedule(page.id, action),
    onSuccess: () => {
      refresh();
      toast({ title: 'Schedule cancelled' });
    },
    onError: failed('The schedule was not cancelled'),
  });
  const discard = useMutation({
    mutationFn: () => discardWorkingCopy(page.id),
    onSuccess: () => {
      setDialog(undefined);
      if (live) editor.resetTo(live);
      refresh();
      toast({ title: 'Working copy discarded', description: 'The live version is unchanged.' });
    },
    onError: (error) => {
      setDialog(undefined);
      failed('The working copy was not discarded')(error);
    },
  });

  if (!workflow || !live) {
    return <p role="status">Loading the page&apos;s review state...</p>;
  }
  const copy = workflow.workingCopy;
  const isAuthor = copy?.authors.includes(me) ?? false;
  const blockedByEdits = editor.dirty
    ? 'Save your edits to the working copy first: reviews and publishing act on what is saved.'
    : undefined;
  const current = workflow.approvals.filter((signature) => signature.current);
  const publishable = (copy !== null || !live.isActive) && workflow.approvalsMissing === 0;
  const changes = copy ? pageChanges(live, { ...copy, isActive: live.isActive }) : [];

  return (
    <div className="grid gap-5 text-sm" data-testid="workflow-panel">
      <section aria-labelledby="wf-state" className="grid gap-2">
        <h3 id="wf-state" className="font-semibold text-ink">
          {copy ? STATE_TEXT[copy.state] : live.isActive ? 'Live version' : 'Not published'}
        </h3>
        <p className="text-slate-700">
          {/* One revision, the header's (editor.revision): issue 35. */}
          {copy
            ? `You are ${canEdit ? 'editing' : 'reading'} the working copy, revision ${editor.revision}. Visitors see the live version until it is published.`
            : live.isActive
              ? canEdit
                ? 'There is no working copy: saving your edits makes one, and visitors keep the live version until it is published.'
                : 'There is no working copy: this is the version visitors see.'
              : canEdit
                ? 'This page is not on the site yet. Submit it for review or publish it when it is ready.'
                : 'This page is a draft: visitors cannot see it yet.'}
        </p>
        {copy && (
          <details className="rounded-md border border-slate-200 p-2">
            <summary className="cursor-pointer font-medium">
              Compared with the live version: {changes.length} change
              {changes.length === 1 ? '' : 's'}
            </summary>
            <ChangeList changes={changes} emptyText="Same as the live version." />
          </details>
        )}
        {workflow.schedule.map((entry) => (
          <p
            key={entry.action}
            className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 p-2 text-sky-950"
            data-testid="scheduled"
          >
            <span>
              {entry.action === 'publish' ? 'Publish' : 'Unpublish'} scheduled for{' '}
              <Tooltip content={utcTime(entry.at)}>
                <time
                  dateTime={entry.at}
                  tabIndex={0}
                  className="font-medium underline decoration-dotted"
                >
                  {localTime(entry.at)}
                </time>
              </Tooltip>{' '}
              by {entry.by}
              {entry.redirectTo ? `, then redirecting to ${entry.redirectTo}` : ''}.
              {entry.action === 'publish' && ' Editing the working copy cancels it.'}
            </span>
            {canPublish && (
              <Button
                onClick={() => cancel.mutate(entry.action)}
                disabled={cancel.isPending}
                aria-label={`Cancel the scheduled ${entry.action}`}
              >
                Cancel
              </Button>
            )}
          </p>
        ))}
      </section>

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
                {signatureLine(signature)}
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

      <section aria-labelledby="wf-actions" className="grid gap-2">
        <h3 id="wf-actions" className="font-semibold text-ink">
          Actions
        </h3>
        {blockedByEdits && <p className="text-amber-900">{blockedByEdits}</p>}
        {/* A read-only role with nothing to do now is told so (issue 35), not shown a gap. */}
        {!canEdit && !canPublish && !(canReview && copy?.state === 'in_review') && (
          <p className="text-slate-600">
            {canReview
              ? 'Nothing to approve now: approving and rejecting are for a working copy in review.'
              : 'Your role reads and shares pages: reviewing and publishing are for other roles.'}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {canEdit && (copy?.state === 'draft' || (!copy && !live.isActive)) && (
            <Button disabled={Boolean(blockedByEdits)} onClick={() => setDialog('submit')}>
              Submit for review
            </Button>
          )}
          {canReview && copy?.state === 'in_review' && (
            <>
              <Tooltip
                content={
                  isAuthor
                    ? 'You edited this working copy, so another reviewer must approve it.'
                    : 'Sign with your password: recorded with your name, the time and the exact content.'
                }
              >
                <span tabIndex={isAuthor ? 0 : -1}>
                  <Button
                    variant="primary"
                    disabled={isAuthor || Boolean(blockedByEdits)}
                    onClick={() => setDialog('approve')}
                  >
                    Approve...
                  </Button>
                </span>
              </Tooltip>
              <Button disabled={Boolean(blockedByEdits)} onClick={() => setDialog('reject')}>
                Reject...
              </Button>
            </>
          )}
          {canPublish && (copy !== null || !live.isActive) && (
            <>
              <Tooltip
                content={
                  publishable
                    ? 'Replaces the live version now; the site rebuilds.'
                    : `${workflow.approvalsMissing} more approval${workflow.approvalsMissing === 1 ? '' : 's'} of the current content needed first.`
                }
              >
                <span tabIndex={publishable ? -1 : 0}>
                  <Button
                    variant="primary"
                    disabled={!publishable || publishNow.isPending || Boolean(blockedByEdits)}
                    onClick={() => publishNow.mutate()}
                  >
                    {publishNow.isPending ? 'Publishing...' : 'Publish now'}
                  </Button>
                </span>
              </Tooltip>
              <Button
                disabled={!publishable || Boolean(blockedByEdits)}
                onClick={() => setDialog('schedule')}
              >
                Schedule publish...
              </Button>
            </>
          )}
          {canPublish && live.isActive && !editor.isDefault && (
            <Button onClick={() => setDialog('unpublish')}>Unpublish...</Button>
          )}
          {canEdit && copy && (
            <Button variant="danger" onClick={() => setDialog('discard')}>
              Discard working copy
            </Button>
          )}
        </div>
      </section>

      {canEdit && <PreviewLinks page={page} links={workflow.previewLinks} onChanged={refresh} />}
      <Comments
        page={page}
        comments={workflow.comments}
        mayComment={canEdit || canReview}
        onChanged={refresh}
      />

      <SubmitDialog
        open={dialog === 'submit'}
        page={page}
        onDone={refresh}
        onClose={() => setDialog(undefined)}
      />
      <SignatureDialog
        open={dialog === 'approve'}
        title="Approve the working copy"
        onClose={() => setDialog(undefined)}
        sign={(body) => approve(page.id, body)}
        onSigned={(signature) => {
          refresh();
          toast({ title: 'Approved', description: signatureLine(signature) });
        }}
      />
      <RejectDialog
        open={dialog === 'reject'}
        page={page}
        onDone={refresh}
        onClose={() => setDialog(undefined)}
      />
      <WhenDialog
        open={dialog === 'schedule'}
        title="Schedule the publish"
        description="The working copy as it is now goes live at this time. Editing it before then cancels the schedule."
        confirmLabel="Schedule"
        onClose={() => setDialog(undefined)}
        run={(at) => publish(page.id, at)}
        onDone={(entry) => {
          refresh();
          toast({ title: 'Publish scheduled', description: localTime(entry.at ?? '') });
        }}
      />
      <WhenDialog
        open={dialog === 'unpublish'}
        title="Unpublish the page"
        description="Visitors stop getting this page; its address answers 404, or redirects where you say."
        confirmLabel="Unpublish"
        allowNow
        withRedirect
        onClose={() => setDialog(undefined)}
        run={(at, redirectTo) =>
          unpublish(page.id, { ...(at ? { at } : {}), ...(redirectTo ? { redirectTo } : {}) })
        }
        onDone={(result) => {
          if ('id' in result && result.id) {
            cachePage(client, result as LandingPage);
            editor.resetTo(result as LandingPage);
          }
          refresh();
          toast({
            title: 'at' in result && result.at ? 'Unpublish scheduled' : 'Unpublished',
            ...('at' in result && result.at ? { description: localTime(result.at) } : {}),
          });
        }}
      />
      <ConfirmDialog
        open={dialog === 'discard'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title="Discard the working copy?"
        message="Its changes are deleted; the live version stays as it is. Approvals on it stay on record."
        confirmLabel="Discard working copy"
        onConfirm={() => discard.mutate()}
        busy={discard.isPending}
      />
    </div>
  );
}

function DialogButtons({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Working...' : label}
      </Button>
    </div>
  );
}

interface ActionDialogProps {
  open: boolean;
  page: LandingPage;
  onDone: () => void;
  onClose: () => void;
}

function SubmitDialog({ open, page, onDone, onClose }: ActionDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const toast = useToast();
  const submit = useMutation({
    mutationFn: () => submitForReview(page.id, note.trim() || undefined),
    onSuccess: () => {
      setNote('');
      onClose();
      onDone();
      toast({ title: 'Submitted for review', description: 'Reviewers can approve it now.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title="Submit for review">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          submit.mutate();
        }}
      >
        <LabelledText
          id="submit-note"
          label="Note for the reviewers (optional)"
          rows={3}
          value={note}
          onChange={setNote}
        />
        <FormAlert message={error} />
        <DialogButtons busy={submit.isPending} label="Submit" />
      </form>
    </Modal>
  );
}

function RejectDialog({ open, page, onDone, onClose }: ActionDialogProps) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string[]>();
  const [error, setError] = useState<string>();
  const toast = useToast();
  const send = useMutation({
    mutationFn: () => reject(page.id, comment.trim()),
    onSuccess: () => {
      setComment('');
      onClose();
      onDone();
      toast({ title: 'Rejected', description: 'The author sees your comment in the thread.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Reject the working copy"
      description="It goes back to its authors as a draft, with your comment."
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          if (!comment.trim()) return setProblem(['is required: say what must change']);
          setProblem(undefined);
          send.mutate();
        }}
      >
        <LabelledText
          id="reject-comment"
          label="What must change"
          rows={3}
          errors={problem}
          value={comment}
          onChange={setComment}
        />
        <FormAlert message={error} />
        <DialogButtons busy={send.isPending} label="Reject" />
      </form>
    </Modal>
  );
}

const isFuture = (date: Date) => date.getTime() > Date.now();

/** A time in the admin's own time zone (datetime-local), sent as UTC. */
function WhenDialog({
  open,
  title,
  description,
  confirmLabel,
  allowNow = false,
  withRedirect = false,
  onClose,
  run,
  onDone,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  allowNow?: boolean;
  withRedirect?: boolean;
  onClose: () => void;
  run: (at: string | undefined, redirectTo: string | undefined) => Promise<unknown>;
  onDone: (result: { at?: string } & Partial<LandingPage>) => void;
}) {
  const [when, setWhen] = useState(allowNow ? 'now' : 'later');
  const [local, setLocal] = useState('');
  const [redirectTo, setRedirectTo] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = local ? new Date(local) : undefined;
  const go = useMutation({
    mutationFn: () =>
      run(when === 'now' ? undefined : at?.toISOString(), redirectTo.trim() || undefined),
    onSuccess: (result) => {
      setLocal('');
      setRedirectTo('');
      onClose();
      onDone(result as { at?: string });
    },
    onError: (failure) => {
      setFields(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
    },
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          if (when === 'later' && (!at || Number.isNaN(at.getTime()) || !isFuture(at))) {
            setFields({ at: ['must be a date and time in the future'] });
            return;
          }
          setFields({});
          go.mutate();
        }}
      >
        {allowNow && (
          <fieldset className="grid gap-1">
            <legend className="font-medium">When</legend>
            {(['now', 'later'] as const).map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="when"
                  value={option}
                  checked={when === option}
                  onChange={() => setWhen(option)}
                />
                {option === 'now' ? 'Now' : 'At a date and time'}
              </label>
            ))}
          </fieldset>
        )}
        {when === 'later' && (
          <Labelled id="when-at" label={`Date and time in ${zone}`} errors={fields['at']}>
            <input
              id="when-at"
              type="datetime-local"
              value={local}
              onChange={(event) => setLocal(event.target.value)}
              aria-invalid={Boolean(fields['at'])}
              aria-describedby={`when-at-utc${fields['at'] ? ' when-at-error' : ''}`}
              className={inputClass}
            />
            <p id="when-at-utc" className="mt-1 text-xs text-slate-600">
              {/* The field and its hint name the same zone (issue 35). */}
              {at && !Number.isNaN(at.getTime())
                ? `${local.replace('T', ' ')} in ${zone} is ${utcTime(at.toISOString())}.`
                : `Enter it in ${zone} time, this browser's time zone; it is stored in UTC.`}
            </p>
          </Labelled>
        )}
        {withRedirect && (
          <Labelled
            id="when-redirect"
            label="Send visitors to (optional)"
            hint="A path on this site, such as /demo, or an https:// address. Empty: the address answers 404."
            errors={fields['redirectTo']}
          >
            <input
              id="when-redirect"
              value={redirectTo}
              onChange={(event) => setRedirectTo(event.target.value)}
              aria-invalid={Boolean(fields['redirectTo'])}
              aria-describedby={`when-redirect-hint${fields['redirectTo'] ? ' when-redirect-error' : ''}`}
              className={inputClass}
            />
          </Labelled>
        )}
        <FormAlert message={Object.keys(fields).length ? undefined : error} />
        <DialogButtons busy={go.isPending} label={confirmLabel} />
      </form>
    </Modal>
  );
}

/** A labelled text area (2,000 characters at most, as the API takes) with its error. */
function LabelledText({
  id,
  label,
  value,
  onChange,
  rows = 2,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  errors?: string[] | undefined;
}) {
  return (
    <Labelled id={id} label={label} errors={errors}>
      <textarea
        id={id}
        rows={rows}
        maxLength={2000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(errors)}
        aria-describedby={errors ? `${id}-error` : undefined}
        className={inputClass}
      />
    </Labelled>
  );
}

function Labelled({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messages={errors} label={label} />
    </div>
  );
}

function PreviewLinks({
  page,
  links,
  onChanged,
}: {
  page: LandingPage;
  links: { id: string; createdBy: string; expiresAt: string }[];
  onChanged: () => void;
}) {
  const [days, setDays] = useState(PREVIEW_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<string>();
  const toast = useToast();
  const create = useMutation({
    mutationFn: () => createPreviewLink(page.id, days),
    onSuccess: (link) => {
      // On this admin's own origin, as the invitation links are (SITE_URL may name
      // another port locally).
      const url = new URL(link.url);
      setMade(`${window.location.origin}${url.pathname}${url.hash}`);
      onChanged();
    },
    onError: (error) =>
      toast({
        title: 'No link was made',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokePreviewLink(page.id, linkId),
    onSuccess: () => {
      onChanged();
      toast({ title: 'Preview link revoked' });
    },
    onError: (error) =>
      toast({
        title: 'The link was not revoked',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  return (
    <section aria-labelledby="wf-links" className="grid gap-2">
      <h3 id="wf-links" className="font-semibold text-ink">
        Preview links
      </h3>
      <p className="text-slate-600">
        For reviewers without an account: the working copy as visitors would see it, marked as a
        preview, never indexed or counted.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="link-days" className="font-medium">
            Valid for
          </label>
          <select
            id="link-days"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className={inputClass}
          >
            {[1, 3, 7, 14, PREVIEW_LINK_MAX_DAYS].map((n) => (
              <option key={n} value={n}>
                {n} day{n === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          Create preview link
        </Button>
      </div>
      {made && (
        <div
          role="status"
          className="grid gap-1 rounded-md border border-amber-200 bg-amber-50 p-2"
        >
          <p className="text-amber-900">Shown only now: copy it and send it to the reviewer.</p>
          <CopyableLink id="preview-link-value" label="Preview link" url={made} />
        </div>
      )}
      {links.length > 0 && (
        <ul className="grid gap-1" aria-label="Active preview links">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                Made by {link.createdBy}, valid until {localTime(link.expiresAt)}
              </span>
              <Button
                onClick={() => revoke.mutate(link.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke the preview link made by ${link.createdBy}, valid until ${localTime(link.expiresAt)}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Comments({
  page,
  comments,
  mayComment,
  onChanged,
}: {
  page: LandingPage;
  comments: {
    id: string;
    author: string;
    at: string;
    body: string;
    revision?: number | undefined;
    kind: string;
  }[];
  mayComment: boolean;
  onChanged: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () => addComment(page.id, body.trim()),
    onSuccess: () => {
      setBody('');
      onChanged();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const KIND: Record<string, string> = {
    rejection: 'rejected it',
    submission: 'submitted it',
    comment: 'commented',
  };
  return (
    <section aria-labelledby="wf-comments" className="grid gap-2">
      <h3 id="wf-comments" className="font-semibold text-ink">
        Comments
      </h3>
      {comments.length === 0 ? (
        <p className="text-slate-600">No comments yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Comment thread">
          {comments.map((comment) => (
            <li key={comment.id} data-testid="comment" className="rounded-md bg-slate-50 p-2">
              <p className="text-xs text-slate-600">
                {comment.author} {KIND[comment.kind] ?? 'commented'} on{' '}
                {comment.revision ? `revision ${comment.revision}` : 'the live version'},{' '}
                {localTime(comment.at)}
              </p>
              <p className="whitespace-pre-wrap text-slate-900">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {mayComment && (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            if (body.trim()) send.mutate();
            else setError('Write a comment first.');
          }}
        >
          <LabelledText id="new-comment" label="Add a comment" value={body} onChange={setBody} />
          <FormAlert message={error} />
          <div>
            <Button type="submit" disabled={send.isPending}>
              Comment
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
