// "Discard unsaved changes?": asked before anything drops an edit form (a page, a lead
// note) with edits.
import * as Dialog from '@radix-ui/react-dialog';
import { useDialogCloser } from '../dialog-stack.ts';
import { Button, useReturnFocus } from '../ui.tsx';

export function DiscardDialog({
  open,
  onKeep,
  onDiscard,
  description = 'Your edits to this page have not been saved. Discarding them cannot be undone.',
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  description?: string;
}) {
  const returnFocus = useReturnFocus(open);
  useDialogCloser(open, onKeep);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-ink">
            Discard unsaved changes?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Button onClick={onKeep}>Keep editing</Button>
            <Button variant="danger" onClick={onDiscard}>
              Discard changes
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
