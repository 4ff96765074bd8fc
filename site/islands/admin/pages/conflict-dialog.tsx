// The answer to a save refused as stale (409: the page was saved by someone else after
// this form was opened): reload their version (dropping these edits), see what changed
// between theirs and these edits, or overwrite theirs with these edits.
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, formatTime, HttpError } from '../api.ts';
import { fetchPage, type LandingPage } from '../common/pages-api.ts';
import { useDialogCloser } from '../dialog-stack.ts';
import { Button, useReturnFocus } from '../ui.tsx';
import { ChangeList, pageChanges, type PageSnapshot } from './change-list.tsx';

export function ConflictDialog({
  pageId,
  message,
  mine,
  busy,
  onReload,
  onOverwrite,
  onCancel,
}: {
  pageId: string;
  /** The server's explanation (who saved, when). */
  message: string;
  /** The edits in the form. */
  mine: PageSnapshot;
  busy: boolean;
  onReload: (theirs: LandingPage) => void;
  onOverwrite: (theirs: LandingPage) => void;
  onCancel: () => void;
}) {
  const [comparing, setComparing] = useState(false);
  // The page as saved now; read afresh each time the dialog opens.
  const theirs = useQuery({
    queryKey: ['/api/admin/pages', pageId, 'conflict'],
    queryFn: () => fetchPage(pageId),
    gcTime: 0,
  });
  const deleted = theirs.error instanceof HttpError && theirs.error.status === 404;
  const returnFocus = useReturnFocus(true);
  useDialogCloser(true, onCancel);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={returnFocus}
          data-testid="conflict-dialog"
          className="fixed top-1/2 left-1/2 z-[60] flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink">
            {deleted ? 'This page was deleted' : 'This page was changed by someone else'}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {deleted
              ? 'Another administrator deleted the page after you opened it. It can be restored from Deleted pages; your edits are still in the form.'
              : theirs.data
                ? `It was saved ${formatTime(theirs.data.updatedAt)}${
                    theirs.data.updatedBy ? ` by ${theirs.data.updatedBy}` : ''
                  } after you opened it. Your edits are still here: reload their version, compare the two, or overwrite theirs with yours.`
                : message}
          </Dialog.Description>
          {theirs.isError && !deleted && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              Their version could not be loaded: {describeError(theirs.error)}
            </p>
          )}
          {comparing && theirs.data && (
            <section
              aria-labelledby="conflict-changes"
              // Scrolls when the changes are long (block edits list the layout and the section).
              tabIndex={0}
              className="mt-4 min-h-0 flex-1 overflow-y-auto rounded-md bg-slate-50 p-3"
            >
              <h3 id="conflict-changes" className="mb-2 text-sm font-semibold text-ink">
                Your edits compared with their saved version
              </h3>
              <ChangeList
                testId="conflict-changes"
                changes={pageChanges(theirs.data, mine)}
                emptyText="Your edits and their version are the same."
              />
            </section>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button onClick={onCancel}>Keep editing</Button>
            {!deleted && (
              <>
                <Button
                  disabled={!theirs.data}
                  aria-expanded={comparing}
                  onClick={() => setComparing(!comparing)}
                >
                  {comparing ? 'Hide what changed' : 'See what changed'}
                </Button>
                <Button
                  disabled={!theirs.data}
                  onClick={() => theirs.data && onReload(theirs.data)}
                >
                  Reload their version
                </Button>
                <Button
                  variant="danger"
                  disabled={!theirs.data || busy}
                  onClick={() => theirs.data && onOverwrite(theirs.data)}
                >
                  {busy ? 'Saving...' : 'Overwrite with my version'}
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
