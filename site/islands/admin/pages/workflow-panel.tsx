// The editor's Review tab (issue 23, docs/decisions/0132-working-copy.md): its panels in
// order, which copy is being edited and what changed (workflow/state-section.tsx), the
// approvals (workflow/approvals-section.tsx), the actions the role may take here (submit,
// approve, reject, publish now or at a time, unpublish, discard the working copy, with their
// dialogs in workflow/), preview links for reviewers without an account
// (workflow/preview-links.tsx) and the comment threads (workflow/comments.tsx). The checks
// before publishing (workflow/checks-section.tsx, issue 38) list what the server found; while
// their errors refuse submit and publish, a publisher may publish over them with a reason
// (workflow/override-dialog.tsx). The API
// enforces every permission; this hides what the role cannot do.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SignatureDialog } from '../common/signature-dialog.tsx';
import { signatureLine } from '../common/signatures.tsx';
import { authGate, describeError } from '../api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, Tooltip } from '../ui.tsx';
import { pageChanges } from './change-list.tsx';
import { cachePage, PAGES_KEY, pageKey, type LandingPage } from '../common/pages-api.ts';
import type { PageEditor } from './use-page-editor.ts';
import {
  approve,
  discardWorkingCopy,
  localTime,
  publish,
  unpublish,
  WORKFLOW_SUMMARY_KEY,
} from '../common/workflow-api.ts';
import { ApprovalsSection } from './workflow/approvals-section.tsx';
import { ClaimsSection } from './workflow/claims-section.tsx';
import { ChecksSection, checksRefuse } from './workflow/checks-section.tsx';
import { OverrideDialog } from './workflow/override-dialog.tsx';
import { AxeCheck } from './workflow/axe-check.tsx';
import { errorsOf } from '../../../../functions/shared/page-checks.ts';
import { Comments } from './workflow/comments.tsx';
import { editorLayout } from '../common/editor/blocks/layout-ops.ts';
import { PreviewLinks } from './workflow/preview-links.tsx';
import { RejectDialog, SubmitDialog } from './workflow/review-dialogs.tsx';
import { StateSection } from './workflow/state-section.tsx';
import { WhenDialog } from './workflow/when-dialog.tsx';

type Dialog =
  'submit' | 'approve' | 'reject' | 'schedule' | 'unpublish' | 'discard' | 'override' | undefined;

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

  const published = (result: Awaited<ReturnType<typeof publish>>) => {
    if ('id' in result) {
      cachePage(client, result);
      editor.resetTo(result);
    }
    refresh();
    toast({
      title: 'Published',
      description: 'Visitors get this version once the site is rebuilt.',
    });
  };
  const publishNow = useMutation({
    mutationFn: () => publish(page.id),
    onSuccess: published,
    onError: failed('Not published'),
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
  const publishable = (copy !== null || !live.isActive) && workflow.approvalsMissing === 0;
  const changes = copy ? pageChanges(live, { ...copy, isActive: live.isActive }) : [];
  // The checks' errors refuse submit and publish while the setting says so (the server's 409).
  const checks = workflow.checks as typeof workflow.checks | undefined;
  const checkErrors = errorsOf(checks?.checks ?? []);
  const blockedByChecks = checksRefuse(checks)
    ? 'The checks before publishing found errors: fix them first (see the list above).'
    : undefined;

  return (
    <div className="grid gap-5 text-sm" data-testid="workflow-panel">
      <StateSection
        page={page}
        workflow={workflow}
        live={live}
        revision={editor.revision}
        changes={changes}
        onChanged={refresh}
        failed={failed}
      />
      <ApprovalsSection workflow={workflow} />
      <ClaimsSection check={workflow.claimsCheck} />
      <ChecksSection
        checks={checks}
        blocks={editorLayout(copy?.content ?? live.content)}
        stale={editor.dirty}
        live={live.isActive}
      >
        {/* axe in the browser over the page as the preview renders it (unsaved edits too). */}
        <AxeCheck content={editor.previewContent ?? undefined} />
      </ChecksSection>

      <section aria-labelledby="wf-actions" className="grid gap-2">
        <h3 id="wf-actions" className="font-semibold text-ink">
          Actions
        </h3>
        {blockedByEdits && <p className="text-amber-900">{blockedByEdits}</p>}
        {blockedByChecks && (canEdit || canPublish) && (
          <p className="text-red-800" data-testid="blocked-by-checks">
            {blockedByChecks}
          </p>
        )}
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
            <Button
              disabled={Boolean(blockedByEdits || blockedByChecks)}
              onClick={() => setDialog('submit')}
            >
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
                  !publishable
                    ? `${workflow.approvalsMissing} more approval${workflow.approvalsMissing === 1 ? '' : 's'} of the current content needed first.`
                    : blockedByChecks
                      ? 'The checks before publishing found errors: fix them, or publish over them.'
                      : 'Replaces the live version now; the site rebuilds.'
                }
              >
                <span tabIndex={publishable && !blockedByChecks ? -1 : 0}>
                  <Button
                    variant="primary"
                    disabled={
                      !publishable ||
                      publishNow.isPending ||
                      Boolean(blockedByEdits || blockedByChecks)
                    }
                    onClick={() => publishNow.mutate()}
                  >
                    {publishNow.isPending ? 'Publishing...' : 'Publish now'}
                  </Button>
                </span>
              </Tooltip>
              <Button
                disabled={!publishable || Boolean(blockedByEdits || blockedByChecks)}
                onClick={() => setDialog('schedule')}
              >
                Schedule publish...
              </Button>
              {blockedByChecks && (
                <Tooltip
                  content={
                    publishable
                      ? 'Publishes now despite the errors; you say why, and the version keeps your reason.'
                      : 'The approvals are needed first, errors or not.'
                  }
                >
                  <span tabIndex={publishable && !blockedByEdits ? -1 : 0}>
                    <Button
                      variant="danger"
                      data-control="publish-over-errors"
                      disabled={!publishable || Boolean(blockedByEdits)}
                      onClick={() => setDialog('override')}
                    >
                      Publish over errors...
                    </Button>
                  </span>
                </Tooltip>
              )}
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
        blocks={editorLayout(copy?.content ?? live.content)}
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
        onDone={(result) => {
          // A time only seconds ahead when it reaches the server is published at once (the
          // route's slack, functions/routes/workflow.ts): the page answer says so, not a schedule.
          if ('id' in result && result.id) {
            cachePage(client, result as LandingPage);
            editor.resetTo(result as LandingPage);
            refresh();
            toast({
              title: 'Published',
              description:
                'The time you chose had come when it reached the server, so it went live now. Visitors get it once the site is rebuilt.',
            });
            return;
          }
          refresh();
          toast({ title: 'Publish scheduled', description: localTime(result.at ?? '') });
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
      <OverrideDialog
        open={dialog === 'override'}
        page={page}
        errors={checkErrors}
        onClose={() => setDialog(undefined)}
        onPublished={published}
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
