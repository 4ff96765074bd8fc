// The page editor's Languages tab (issue 39, docs/decisions/0572-admin-localization.md): for
// each configured locale other than the default, the page's version in it (none, a draft, in
// review, live at /de/... with its job code), the "source changed" flag with the field diff of
// the English source since the approved translation's base, and what the role may do: start or
// edit the translation (translator-view.tsx), download and upload XLIFF, submit, approve (the
// same e-signature dialog as the default locale), reject, publish, unpublish and discard the
// draft; publish at a time to come, and cancel it. The chosen locale is in the URL (`?tab=languages&locale=de-DE`, locale-url.ts), so a
// reload comes back to it. The API enforces every permission; this hides what the role cannot do.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { jobCodeLabel } from '../../../../../functions/shared/job-codes.ts';
import { DEFAULT_LOCALE } from '../../../../../functions/shared/locales.ts';
import { authGate, describeError, saveFile } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { SignatureDialog } from '../../common/signature-dialog.tsx';
import { signatureLine } from '../../common/signatures.tsx';
import { PAGES_KEY, pageKey } from '../../common/pages-api.ts';
import { localTime, WORKFLOW_SUMMARY_KEY } from '../../common/workflow-api.ts';
import { useCan } from '../../permissions.ts';
import { useToast } from '../../toast.tsx';
import { Button, ConfirmDialog, FormAlert, Modal, Tooltip } from '../../ui.tsx';
import { ApprovalsSection } from '../workflow/approvals-section.tsx';
import { DialogButtons, LabelledText } from '../workflow/form-parts.tsx';
import { RejectCommentDialog } from '../workflow/review-dialogs.tsx';
import { ScheduledLine } from '../workflow/scheduled-line.tsx';
import { WhenDialog } from '../workflow/when-dialog.tsx';
import {
  approveLocale,
  cancelLocaleSchedule,
  discardLocaleDraft,
  downloadXliff,
  pageLocalesQuery,
  publishLocale,
  rejectLocale,
  submitLocale,
  unpublishLocale,
  uploadXliff,
  type LocaleVersion,
  type PageWithLocales,
} from './locales-api.ts';
import { localeLabel } from './locale-label.ts';
import { setLocaleParams, useLocaleParam } from './locale-url.ts';
import { TranslatorView } from './translator-view.tsx';

/** A locale version's state in a few words, for the status line and the page card. */
export function localeStatus(version: LocaleVersion): string {
  const copy = version.workingCopy;
  const parts: string[] = [];
  if (version.live) parts.push(`Live at ${version.path ?? `/${version.prefix}/`}`);
  if (copy) parts.push(copy.state === 'in_review' ? 'In review' : 'Draft');
  return parts.length ? parts.join(' · ') : 'No version yet';
}

type Action =
  | 'submit'
  | 'approve'
  | 'reject'
  | 'publish'
  | 'schedule'
  | 'scheduleUnpublish'
  | 'unpublish'
  | 'discard'
  | undefined;

export function LanguagesPanel({ page }: { page: LandingPage }) {
  const query = useQuery(pageLocalesQuery(page.id));
  const { locale: wanted } = useLocaleParam();
  const locales = Object.keys(query.data?.locales ?? {}).filter((l) => l !== DEFAULT_LOCALE);
  const chosen = wanted && locales.includes(wanted) ? wanted : locales[0];

  if (query.isPending) return <p role="status">Loading the page&apos;s languages...</p>;
  if (query.isError) {
    return (
      <FormAlert message={`The languages could not be loaded: ${describeError(query.error)}`} />
    );
  }
  if (locales.length === 0 || !chosen) {
    return (
      <p className="text-sm text-slate-600" data-testid="languages-panel">
        The site has only its default language. An administrator adds languages in Account,
        Languages; then each page can be translated here.
      </p>
    );
  }
  return (
    <div className="grid gap-4 text-sm" data-testid="languages-panel">
      {locales.length > 1 && (
        <div role="group" aria-label="Language" className="flex flex-wrap gap-1">
          {locales.map((locale) => (
            <Button
              key={locale}
              aria-pressed={locale === chosen}
              variant={locale === chosen ? 'primary' : 'secondary'}
              onClick={() => setLocaleParams({ locale })}
            >
              {locale}
            </Button>
          ))}
        </div>
      )}
      <LocaleVersionPanel
        key={chosen}
        page={page}
        source={query.data}
        locale={chosen}
        version={query.data.locales[chosen]!}
      />
    </div>
  );
}

function LocaleVersionPanel({
  page,
  source,
  locale,
  version,
}: {
  page: LandingPage;
  source: PageWithLocales;
  locale: string;
  version: LocaleVersion;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const ids = useId();
  const [action, setAction] = useState<Action>();
  const [uploadResult, setUploadResult] = useState<{ ok: boolean; text: string }>();
  /** The file to upload was exported with the English working copy as its source. */
  const [uploadFromDraft, setUploadFromDraft] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const canEdit = useCan('edit');
  const canReview = useCan('review');
  const canPublish = useCan('publish');
  const { translate } = useLocaleParam();
  const me = authGate.email ?? '';
  const copy = version.workingCopy;
  const workflow = version.workflow;
  const name = localeLabel(locale);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: pageKey(page.id) });
    void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
    void client.invalidateQueries({ queryKey: PAGES_KEY });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: describeError(error), variant: 'destructive' });
  const close = () => setAction(undefined);

  const download = useMutation({
    mutationFn: (draft: boolean) => downloadXliff(page.id, locale, page.slug, draft),
    onSuccess: ({ name: file, blob }) => saveFile(file, blob),
    onError: failed('The XLIFF file was not downloaded'),
  });
  const upload = useMutation({
    mutationFn: async (file: File) =>
      uploadXliff(
        page.id,
        locale,
        await file.text(),
        copy?.revision ?? version.revision ?? 0,
        uploadFromDraft && source.workflow.workingCopy !== null,
      ),
    onSuccess: ({ units }) => {
      setUploadResult({
        ok: true,
        text: `${units} translated text${units === 1 ? '' : 's'} written into the ${name} working copy.`,
      });
      refresh();
    },
    onError: (error) => setUploadResult({ ok: false, text: describeError(error) }),
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });
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
  const cancelSchedule = useMutation({
    mutationFn: (entry: 'publish' | 'unpublish') => cancelLocaleSchedule(page.id, locale, entry),
    onSuccess: () => {
      refresh();
      toast({ title: 'Schedule cancelled' });
    },
    onError: failed('The schedule was not cancelled'),
  });
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

  const isAuthor = copy?.authors.includes(me) ?? false;
  const approvalsMissing = workflow?.approvalsMissing ?? 0;
  const publishable = copy !== null && approvalsMissing === 0;
  const jobCode = version.live?.publication ? jobCodeLabel(version.live.publication) : undefined;

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid gap-4" data-locale-panel={locale}>
      <div className="grid gap-1">
        <h3 id={`${ids}-heading`} className="text-base font-semibold text-ink">
          {name} <span className="font-mono text-sm font-normal text-slate-600">{locale}</span>
        </h3>
        <p data-testid="locale-status">
          <span className="font-medium">{localeStatus(version)}</span>
          {jobCode && <span className="text-slate-600"> · job code {jobCode}</span>}
        </p>
        {!version.live && version.path && (
          <p className="text-slate-600">
            Once published it is at <span className="font-mono">{version.path}</span>.
          </p>
        )}
      </div>

      {version.sourceChanged && (
        <div
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="source-changed"
        >
          <p>
            <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold">
              Source changed
            </span>{' '}
            The English page changed after this translation was approved: update the texts below and
            have the {name} version approved again.
          </p>
          {version.sourceDiff.length > 0 && (
            <details>
              <summary className="w-fit cursor-pointer underline underline-offset-2">
                {version.sourceDiff.length} changed text{version.sourceDiff.length === 1 ? '' : 's'}
              </summary>
              <dl className="mt-2 grid gap-2">
                {version.sourceDiff.map((entry) => (
                  <div key={entry.path} className="grid gap-0.5">
                    <dt className="font-mono text-xs">{entry.path}</dt>
                    <dd className="break-words">
                      <span className="text-red-800 line-through">{entry.before ?? '(none)'}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> now </span>
                      <span className="text-green-900">{entry.after ?? '(removed)'}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
        </div>
      )}

      <section aria-labelledby={`${ids}-translate`} className="grid gap-2">
        <h4 id={`${ids}-translate`} className="font-semibold text-ink">
          Translation
        </h4>
        <div className="flex flex-wrap gap-2">
          {canEdit && (
            <Button
              variant="primary"
              data-opens-translator=""
              onClick={() => setLocaleParams({ locale, translate: true })}
            >
              {copy || version.live ? 'Edit translation' : 'Start translation'}
            </Button>
          )}
          <Tooltip content="The English texts of the live page, with this language's translations filled in, for a translation vendor.">
            <Button disabled={download.isPending} onClick={() => download.mutate(false)}>
              Download XLIFF
            </Button>
          </Tooltip>
          <Tooltip content="The same, with the English texts of the page's working copy instead of its live version.">
            <Button disabled={download.isPending} onClick={() => download.mutate(true)}>
              XLIFF from the working copy
            </Button>
          </Tooltip>
        </div>
        {canEdit && (
          <div className="grid gap-1">
            {source.workflow.workingCopy && (
              <div className="flex items-center gap-2">
                <input
                  id={`${ids}-upload-draft`}
                  type="checkbox"
                  checked={uploadFromDraft}
                  onChange={(event) => setUploadFromDraft(event.target.checked)}
                />
                <label htmlFor={`${ids}-upload-draft`} className="text-slate-800">
                  The file was made from the working copy (XLIFF from the working copy)
                </label>
              </div>
            )}
            <label htmlFor={`${ids}-upload`} className="font-medium text-slate-800">
              Upload a translated XLIFF file
            </label>
            <input
              id={`${ids}-upload`}
              ref={fileInput}
              type="file"
              accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
              disabled={upload.isPending}
              aria-describedby={uploadResult ? `${ids}-upload-result` : undefined}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              onChange={(event) => {
                const file = event.target.files?.[0];
                setUploadResult(undefined);
                if (file) upload.mutate(file);
              }}
            />
            {upload.isPending && <p role="status">Reading the file...</p>}
            {uploadResult && (
              <p
                id={`${ids}-upload-result`}
                role={uploadResult.ok ? 'status' : 'alert'}
                data-testid="xliff-result"
                className={
                  uploadResult.ok
                    ? 'rounded-md bg-green-50 p-2 text-green-900'
                    : 'rounded-md bg-red-50 p-2 text-red-800'
                }
              >
                {uploadResult.text}
              </p>
            )}
          </div>
        )}
      </section>

      {workflow && <ApprovalsSection workflow={workflow} />}

      <section aria-labelledby={`${ids}-actions`} className="grid gap-2">
        <h4 id={`${ids}-actions`} className="font-semibold text-ink">
          Review and publishing
        </h4>
        <div className="flex flex-wrap gap-2">
          {canEdit && copy?.state === 'draft' && (
            <Button onClick={() => setAction('submit')}>Submit for review</Button>
          )}
          {canReview && copy?.state === 'in_review' && (
            <>
              <Tooltip
                content={
                  isAuthor
                    ? 'You edited this translation, so another reviewer must approve it.'
                    : 'Sign with your password: recorded with your name, the time and the exact content.'
                }
              >
                <span tabIndex={isAuthor ? 0 : -1}>
                  <Button
                    variant="primary"
                    disabled={isAuthor}
                    onClick={() => setAction('approve')}
                  >
                    Approve...
                  </Button>
                </span>
              </Tooltip>
              <Button onClick={() => setAction('reject')}>Reject...</Button>
            </>
          )}
          {canPublish && copy && (
            <Tooltip
              content={
                publishable
                  ? `Makes this ${name} version live; the site rebuilds.`
                  : `${approvalsMissing} more approval${approvalsMissing === 1 ? '' : 's'} of the current translation needed first.`
              }
            >
              <span tabIndex={publishable ? -1 : 0}>
                <Button
                  variant="primary"
                  disabled={!publishable}
                  onClick={() => setAction('publish')}
                >
                  Publish...
                </Button>
              </span>
            </Tooltip>
          )}
          {canPublish && copy && publishable && (
            <Tooltip
              content={`Makes this ${name} version live at a time you choose; editing its draft before then cancels it.`}
            >
              <Button onClick={() => setAction('schedule')}>Schedule publish...</Button>
            </Tooltip>
          )}
          {canPublish && version.live && (
            <Button onClick={() => setAction('unpublish')}>Unpublish...</Button>
          )}
          {canPublish && version.live && (
            <Tooltip
              content={`Takes this ${name} version off the site at a time you choose; the English page stays live.`}
            >
              <Button onClick={() => setAction('scheduleUnpublish')}>Schedule unpublish...</Button>
            </Tooltip>
          )}
          {canEdit && copy && (
            <Button variant="danger" onClick={() => setAction('discard')}>
              Discard draft
            </Button>
          )}
        </div>
        {workflow?.schedule.map((entry) => (
          <ScheduledLine
            key={entry.action}
            entry={entry}
            what={`${entry.action === 'publish' ? 'Publish' : 'Unpublish'} of the ${name} version`}
            after={`.${entry.action === 'publish' ? ' Editing its draft cancels it.' : ''}`}
            testId="locale-scheduled"
            cancel={
              canPublish
                ? {
                    label: `Cancel the scheduled ${entry.action} of the ${name} version`,
                    busy: cancelSchedule.isPending,
                    run: () => cancelSchedule.mutate(entry.action),
                  }
                : undefined
            }
          />
        ))}
        {!copy && !version.live && (
          <p className="text-slate-600">
            Nothing to review yet: the translation is submitted once its draft is saved.
          </p>
        )}
        {(copy || version.live) &&
          !canEdit &&
          !canPublish &&
          !(canReview && copy?.state === 'in_review') && (
            <p className="text-slate-600">Nothing for your role to do on this language now.</p>
          )}
      </section>

      <LocaleSubmitDialog
        open={action === 'submit'}
        pageId={page.id}
        locale={locale}
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
      {translate && (
        <TranslatorView
          page={page}
          source={source}
          locale={locale}
          version={version}
          onClose={() => setLocaleParams({ locale, translate: false })}
          onSaved={refresh}
        />
      )}
    </section>
  );
}

interface LocaleDialogProps {
  open: boolean;
  pageId: string;
  locale: string;
  onDone: () => void;
  onClose: () => void;
}

function LocaleSubmitDialog({ open, pageId, locale, onDone, onClose }: LocaleDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const toast = useToast();
  const submit = useMutation({
    mutationFn: () => submitLocale(pageId, locale, note.trim() || undefined),
    onSuccess: () => {
      setNote('');
      onClose();
      onDone();
      toast({ title: 'Submitted for review', description: 'Reviewers can approve it now.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={`Submit the ${localeLabel(locale)} translation for review`}
    >
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          submit.mutate();
        }}
      >
        <LabelledText
          id="locale-submit-note"
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
