// The Review tab's submit and reject dialogs: a working copy sent to reviewers with an
// optional note, or sent back to its authors with a required comment
// (docs/decisions/0132-working-copy.md).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { reject, submitForReview } from '../../common/workflow-api.ts';
import { useToast } from '../../toast.tsx';
import { FormAlert, Modal } from '../../ui.tsx';
import { DialogButtons, LabelledText } from './form-parts.tsx';

interface ActionDialogProps {
  open: boolean;
  page: LandingPage;
  onDone: () => void;
  onClose: () => void;
}

export function SubmitDialog({ open, page, onDone, onClose }: ActionDialogProps) {
  return (
    <SubmitNoteDialog
      open={open}
      id="submit-note"
      title="Submit for review"
      send={(note) => submitForReview(page.id, note)}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/**
 * Sends something to the reviewers with an optional note: the Review tab's working copy
 * (SubmitDialog) and a locale's translation (pages/locales/locale-action-dialogs.tsx).
 */
export function SubmitNoteDialog({
  open,
  id,
  title,
  send,
  onDone,
  onClose,
}: {
  open: boolean;
  /** The note field's id. */
  id: string;
  title: string;
  send: (note: string | undefined) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const toast = useToast();
  const submit = useMutation({
    mutationFn: () => send(note.trim() || undefined),
    onSuccess: () => {
      setNote('');
      onClose();
      onDone();
      toast({ title: 'Submitted for review', description: 'Reviewers can approve it now.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title}>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          submit.mutate();
        }}
      >
        <LabelledText
          id={id}
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

export function RejectDialog({ open, page, onDone, onClose }: ActionDialogProps) {
  return (
    <RejectCommentDialog
      open={open}
      id="reject-comment"
      title="Reject the working copy"
      toastDescription="The author sees your comment in the thread."
      send={(comment) => reject(page.id, comment)}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

/**
 * A rejection with its comment (required): the page's working copy (RejectDialog) or a
 * locale's (pages/locales/locale-action-dialogs.tsx), each sending it with its own call.
 */
export function RejectCommentDialog({
  open,
  id,
  title,
  toastDescription,
  send: sendComment,
  onDone,
  onClose,
}: {
  open: boolean;
  /** The comment box's id, unique on the screen. */
  id: string;
  title: string;
  toastDescription: string;
  send: (comment: string) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string[]>();
  const [error, setError] = useState<string>();
  const toast = useToast();
  const send = useMutation({
    mutationFn: () => sendComment(comment.trim()),
    onSuccess: () => {
      setComment('');
      onClose();
      onDone();
      toast({ title: 'Rejected', description: toastDescription });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
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
          id={id}
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
