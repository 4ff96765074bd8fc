// The dialogs of a locale's Review and publishing buttons (languages-panel.tsx shows the
// buttons): submit with a note for the reviewers, approve with an e-signature, reject with a
// comment, publish, unpublish and discard the draft after a confirmation, and publish or
// unpublish at a time to come. Each says in a toast what happened; a failure says why.
import { useMutation } from '@tanstack/react-query';
import type { LandingPage } from '../../common/pages-api.ts';
import { SignatureDialog } from '../../common/signature-dialog.tsx';
import { signatureLine } from '../../common/signatures.tsx';
import { localTime } from '../../common/workflow-api.ts';
import { useToast } from '../../toast.tsx';
import { ConfirmDialog } from '../../ui.tsx';
import { RejectCommentDialog, SubmitNoteDialog } from '../workflow/review-dialogs.tsx';
import { WhenDialog } from '../workflow/when-dialog.tsx';
import {
  approveLocale,
  discardLocaleDraft,
  publishLocale,
  rejectLocale,
  submitLocale,
  unpublishLocale,
  type LocaleVersion,
} from './locales-api.ts';
import { localeLabel } from './locale-label.ts';

/** The dialog open, if any. */
export type LocaleAction =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'publish'
  | 'schedule'
  | 'scheduleUnpublish'
  | 'unpublish'
  | 'discard'
  | undefined;

export function LocaleActionDialogs({
  action,
  close,
  page,
  locale,
  version,
  name,
  refresh,
  failed,
}: {
  action: LocaleAction;
  close: () => void;
  page: LandingPage;
  locale: string;
  version: LocaleVersion;
  /** The locale's name (locale-label.ts). */
  name: string;
  /** Reloads the page, its locales and the workflow counts after a change. */
  refresh: () => void;
  /** A toast saying what failed and why. */
  failed: (title: string) => (error: unknown) => void;
}) {
  const toast = useToast();
  const publish = useMutation({
    mutationFn: () => publishLocale(page.id, locale),
    onSuccess: (result) => {
      close();
      refresh();
      toast({
        title: 'at' in result ? 'Publish scheduled' : 'Published',
        description: `The ${name} version goes live once the site is rebuilt.`,
      });
    },
    onError: (error) => {
      close();
      failed('Not published')(error);
    },
  });
  const address = version.path ?? `/${version.prefix}/`;
  /** The two time dialogs: a publish and an unpublish at a time to come. */
  const scheduling = [
    {
      action: 'schedule',
      verb: 'publish',
      Verb: 'Publish',
      done: 'Published',
      goes: 'goes live',
      went: 'went live',
      description: `The ${name} draft as it is now goes live at ${address} at this time. Editing it before then cancels the schedule.`,
      run: (at: string | undefined) => publishLocale(page.id, locale, at),
    },
    {
      action: 'scheduleUnpublish',
      verb: 'unpublish',
      Verb: 'Unpublish',
      done: 'Unpublished',
      goes: 'goes off the site',
      went: 'was taken off',
      description: `At this time ${address} answers 404 after the rebuild; the English page stays live.`,
      run: (at: string | undefined) => unpublishLocale(page.id, locale, at),
    },
  ] as const;
  const unpublish = useMutation({
    mutationFn: () => unpublishLocale(page.id, locale),
    onSuccess: () => {
      close();
      refresh();
      toast({ title: 'Unpublished', description: `The ${name} version is no longer served.` });
    },
    onError: (error) => {
      close();
      failed('Not unpublished')(error);
    },
  });
  const discard = useMutation({
    mutationFn: () => discardLocaleDraft(page.id, locale),
    onSuccess: () => {
      close();
      refresh();
      toast({ title: 'Draft discarded', description: `The live ${name} version is unchanged.` });
    },
    onError: (error) => {
      close();
      failed('The draft was not discarded')(error);
    },
  });

  return (
    <>
      <SubmitNoteDialog
        open={action === 'submit'}
        id="locale-submit-note"
        title={`Submit the ${name} translation for review`}
        send={(note) => submitLocale(page.id, locale, note)}
        onDone={refresh}
        onClose={close}
      />
      <SignatureDialog
        open={action === 'approve'}
        title={`Approve the ${name} translation`}
        onClose={close}
        sign={(body) => approveLocale(page.id, locale, body)}
        onSigned={(signature) => {
          refresh();
          toast({ title: 'Approved', description: signatureLine(signature) });
        }}
      />
      <RejectCommentDialog
        open={action === 'reject'}
        id="locale-reject-comment"
        title={`Reject the ${localeLabel(locale)} translation`}
        toastDescription="The translation goes back to its authors."
        send={(comment) => rejectLocale(page.id, locale, comment)}
        onDone={refresh}
        onClose={close}
      />
      <ConfirmDialog
        open={action === 'publish'}
        onOpenChange={(open) => !open && close()}
        title={`Publish the ${name} version?`}
        message={`Visitors get it at ${version.path ?? `/${version.prefix}/`} once the site is rebuilt.`}
        confirmLabel="Publish"
        onConfirm={() => publish.mutate()}
        busy={publish.isPending}
      />
      {scheduling.map((kind) => (
        <WhenDialog
          key={kind.action}
          open={action === kind.action}
          title={`Schedule the ${name} ${kind.verb}`}
          description={kind.description}
          confirmLabel="Schedule"
          onClose={close}
          run={kind.run}
          onDone={(result) => {
            refresh();
            // A time only seconds ahead when it reached the server is carried out at once.
            toast(
              'at' in result && result.at
                ? {
                    title: `${kind.Verb} scheduled`,
                    description: `The ${name} version ${kind.goes} at ${localTime(result.at)}.`,
                  }
                : {
                    title: kind.done,
                    description: `The time you chose had come when it reached the server, so the ${name} version ${kind.went} now.`,
                  },
            );
          }}
        />
      ))}
      <ConfirmDialog
        open={action === 'unpublish'}
        onOpenChange={(open) => !open && close()}
        title={`Unpublish the ${name} version?`}
        message={`Its address ${version.path ?? ''} answers 404 after the rebuild; the English page stays live.`}
        confirmLabel="Unpublish"
        onConfirm={() => unpublish.mutate()}
        busy={unpublish.isPending}
      />
      <ConfirmDialog
        open={action === 'discard'}
        onOpenChange={(open) => !open && close()}
        title={`Discard the ${name} draft?`}
        message="Its texts are deleted; a live version stays as it is. Approvals on it stay on record."
        confirmLabel="Discard draft"
        onConfirm={() => discard.mutate()}
        busy={discard.isPending}
      />
    </>
  );
}
