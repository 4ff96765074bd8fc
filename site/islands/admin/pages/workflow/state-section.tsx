// The Review tab's first panel: which copy is being edited (the working copy or the live
// version), what changed from the live version, and the scheduled publish or unpublish with
// Cancel (docs/decisions/0132-working-copy.md).
import { useMutation } from '@tanstack/react-query';
import type { LandingPage } from '../../common/pages-api.ts';
import {
  cancelSchedule,
  type ScheduleEntry,
  type WorkflowStatus,
} from '../../common/workflow-api.ts';
import { useCan } from '../../permissions.ts';
import { useToast } from '../../toast.tsx';
import { ChangeList } from '../change-list.tsx';
import { ScheduledLine } from './scheduled-line.tsx';
import type { ContentChange } from '../../../../../functions/shared/content-diff.ts';

const STATE_TEXT = {
  draft: 'Working copy, not submitted',
  in_review: 'Working copy in review',
} as const;

export function StateSection({
  page,
  workflow,
  live,
  revision,
  changes,
  onChanged,
  failed,
}: {
  page: LandingPage;
  workflow: WorkflowStatus;
  live: LandingPage;
  /** The header's revision (editor.revision): one revision shown, issue 35. */
  revision: number;
  changes: ContentChange[];
  onChanged: () => void;
  failed: (title: string) => (error: unknown) => void;
}) {
  const toast = useToast();
  const canEdit = useCan('edit');
  const canPublish = useCan('publish');
  const cancel = useMutation({
    mutationFn: (action: ScheduleEntry['action']) => cancelSchedule(page.id, action),
    onSuccess: () => {
      onChanged();
      toast({ title: 'Schedule cancelled' });
    },
    onError: failed('The schedule was not cancelled'),
  });
  const copy = workflow.workingCopy;
  return (
    <section aria-labelledby="wf-state" className="grid gap-2">
      <h3 id="wf-state" className="font-semibold text-ink">
        {copy ? STATE_TEXT[copy.state] : live.isActive ? 'Live version' : 'Not published'}
      </h3>
      <p className="text-slate-700">
        {/* One revision, the header's (editor.revision): issue 35. */}
        {copy
          ? `You are ${canEdit ? 'editing' : 'reading'} the working copy, revision ${revision}. Visitors see the live version until it is published.`
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
        <ScheduledLine
          key={entry.action}
          entry={entry}
          what={entry.action === 'publish' ? 'Publish' : 'Unpublish'}
          after={`${entry.redirectTo ? `, then redirecting to ${entry.redirectTo}` : ''}.${
            entry.action === 'publish' ? ' Editing the working copy cancels it.' : ''
          }`}
          testId="scheduled"
          cancel={
            canPublish
              ? {
                  label: `Cancel the scheduled ${entry.action}`,
                  busy: cancel.isPending,
                  run: () => cancel.mutate(entry.action),
                }
              : undefined
          }
        />
      ))}
    </section>
  );
}
