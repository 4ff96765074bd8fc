// The form editor's dialogs: delete a custom form, reset a built-in one to its defaults,
// "someone else saved this form" (the 409 of common/use-revisioned-editor.ts) and "discard
// your edits?" (docs/decisions/0165-form-editor.md).
import * as Dialog from '@radix-ui/react-dialog';
import { DiscardDialog } from '../common/discard-dialog.tsx';
import { useDialogCloser } from '../dialog-stack.ts';
import { Button, ConfirmDialog, useReturnFocus } from '../ui.tsx';
import type { useFormEditor } from './use-form-editor.ts';

export function FormEditorDialogs({
  editor,
  title,
  reviewed,
  asking,
  onAnswered,
}: {
  editor: ReturnType<typeof useFormEditor>;
  title: string;
  /** Saves go to a working copy under review (the reset says so). */
  reviewed: boolean;
  asking: 'delete' | 'reset' | undefined;
  onAnswered: () => void;
}) {
  return (
    <>
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => !open && onAnswered()}
        title={`Delete ${title}?`}
        message="Leads already sent keep their answers. A landing page that uses this form must choose another first."
        confirmLabel="Delete form"
        busy={editor.remove.isPending}
        onConfirm={() => {
          onAnswered();
          editor.remove.mutate();
        }}
      />
      <ConfirmDialog
        open={asking === 'reset'}
        onOpenChange={(open) => !open && onAnswered()}
        title={`Reset ${title} to its defaults?`}
        message={
          reviewed
            ? 'Its fields, texts and settings go back to those the site was built with, saved to the working copy; visitors get them once it is approved and published.'
            : 'Its fields, texts and settings go back to those the site was built with, and are saved at once. Every change made to it is discarded.'
        }
        confirmLabel="Reset to defaults"
        busy={editor.reset.isPending}
        onConfirm={() => {
          onAnswered();
          editor.reset.mutate();
        }}
      />
      {editor.conflict !== undefined && (
        <ConflictDialog
          message={editor.conflict}
          busy={editor.reloading}
          onReload={editor.reloadTheirs}
          onKeep={editor.keepEditing}
        />
      )}
      <DiscardDialog
        open={editor.discardAsked}
        onKeep={() => editor.answerDiscard(false)}
        onDiscard={() => editor.answerDiscard(true)}
        description="Your edits to this form have not been saved. Discarding them cannot be undone."
      />
    </>
  );
}

function ConflictDialog({
  message,
  busy,
  onReload,
  onKeep,
}: {
  message: string;
  busy: boolean;
  onReload: () => void;
  onKeep: () => void;
}) {
  const returnFocus = useReturnFocus(true);
  useDialogCloser(true, onKeep);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={returnFocus}
          data-testid="form-conflict-dialog"
          className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink">
            Someone else saved this form
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {message} Reload their version to continue from it (your edits here are discarded), or
            keep editing and copy what you need first.
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button onClick={onKeep}>Keep editing</Button>
            <Button variant="primary" onClick={onReload} disabled={busy}>
              Reload their version
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
