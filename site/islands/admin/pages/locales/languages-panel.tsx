// The page editor's Languages tab (issue 39, docs/decisions/0572-admin-localization.md): for
// each configured locale other than the default, the page's version in it (none, a draft, in
// review, live at /de/... with its job code), the "source changed" flag with the field diff of
// the English source since the approved translation's base, and what the role may do: start or
// edit the translation (translator-view.tsx), download and upload XLIFF
// (translation-section.tsx), submit, approve (the same e-signature dialog as the default
// locale), reject, publish, unpublish and discard the draft; publish at a time to come, and
// cancel it (the dialogs in locale-action-dialogs.tsx). The chosen locale is in the URL
// (`?tab=languages&locale=de-DE`, locale-url.ts), so a reload comes back to it. The API enforces
// every permission; this hides what the role cannot do.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { jobCodeLabel } from '../../../../../functions/shared/job-codes.ts';
import { DEFAULT_LOCALE } from '../../../../../functions/shared/locales.ts';
import { authGate, describeError } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { PAGES_KEY, pageKey } from '../../common/pages-api.ts';
import { WORKFLOW_SUMMARY_KEY } from '../../common/workflow-api.ts';
import { useCan } from '../../permissions.ts';
import { useToast } from '../../toast.tsx';
import { Button, FormAlert, Tooltip } from '../../ui.tsx';
import { ApprovalsSection } from '../workflow/approvals-section.tsx';
import { ScheduledLine } from '../workflow/scheduled-line.tsx';
import {
  cancelLocaleSchedule,
  pageLocalesQuery,
  type LocaleVersion,
  type PageWithLocales,
} from './locales-api.ts';
import { LocaleActionDialogs, type LocaleAction } from './locale-action-dialogs.tsx';
import { localeLabel } from './locale-label.ts';
import { setLocaleParams, useLocaleParam } from './locale-url.ts';
import { TranslationSection } from './translation-section.tsx';
import { TranslatorView } from './translator-view.tsx';

/** A locale version's state in a few words, for the status line and the page card. */
export function localeStatus(version: LocaleVersion): string {
  const copy = version.workingCopy;
  const parts: string[] = [];
  if (version.live) parts.push(`Live at ${version.path ?? `/${version.prefix}/`}`);
  if (copy) parts.push(copy.state === 'in_review' ? 'In review' : 'Draft');
  return parts.length ? parts.join(' · ') : 'No version yet';
}

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
  const [action, setAction] = useState<LocaleAction>();
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

  const cancelSchedule = useMutation({
    mutationFn: (entry: 'publish' | 'unpublish') => cancelLocaleSchedule(page.id, locale, entry),
    onSuccess: () => {
      refresh();
      toast({ title: 'Schedule cancelled' });
    },
    onError: failed('The schedule was not cancelled'),
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

      <TranslationSection
        ids={ids}
        page={page}
        source={source}
        locale={locale}
        version={version}
        name={name}
        canEdit={canEdit}
        refresh={refresh}
        failed={failed}
      />

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

      <LocaleActionDialogs
        action={action}
        close={close}
        page={page}
        locale={locale}
        version={version}
        name={name}
        refresh={refresh}
        failed={failed}
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
