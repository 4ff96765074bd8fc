// "Reset link" beside a colleague in the Administrators list: a one-time password reset
// link (POST /api/account/admins/:email/password-reset), made only when asked in the dialog
// and shown once to copy and pass on. Closing the dialog returns focus to the button.
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, formatTime } from '../api.ts';
import { Button, FormAlert, Modal, Tooltip } from '../ui.tsx';
import { issueResetLink } from './account-api.ts';
import { CopyableLink } from '../common/copyable-link.tsx';

export function ResetLinkButton({ email, onMade }: { email: string; onMade: () => void }) {
  const [open, setOpen] = useState(false);
  const make = useMutation({ mutationFn: () => issueResetLink(email), onSuccess: onMade });
  const link = make.data;
  const openChange = (next: boolean) => {
    setOpen(next);
    // The link is shown once: closing forgets it.
    if (!next) make.reset();
  };
  return (
    <>
      <Tooltip content="A one-time link for them to choose a new password, valid for 30 minutes">
        <Button onClick={() => setOpen(true)} aria-label={`Reset link for ${email}`}>
          Reset link
        </Button>
      </Tooltip>
      <Modal
        open={open}
        onOpenChange={openChange}
        title={`Password reset link for ${email}`}
        description={
          link
            ? undefined
            : 'They open it to choose a new password; it works once, for 30 minutes, and replaces any reset link they asked for. Their password, sessions and two-factor sign-in stay as they are until then.'
        }
      >
        {link ? (
          <div className="grid gap-4">
            <div role="status" data-testid="reset-link" className="grid gap-2">
              <p className="text-sm text-slate-700">
                Send this link to {email} yourself, by a way you trust: whoever opens it can set the
                password. It is shown only this once and works once, until{' '}
                {formatTime(link.expiresAt)}.
              </p>
              <CopyableLink id="reset-link-value" label="Reset link" url={link.url} />
            </div>
            <div className="flex justify-end">
              <Dialog.Close asChild>
                <Button variant="primary">Done</Button>
              </Dialog.Close>
            </div>
          </div>
        ) : (
          <div className="grid gap-4">
            <FormAlert message={make.isError ? describeError(make.error) : undefined} />
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button>Cancel</Button>
              </Dialog.Close>
              <Button variant="primary" onClick={() => make.mutate()} disabled={make.isPending}>
                {make.isPending ? 'Making the link...' : 'Make link'}
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}
