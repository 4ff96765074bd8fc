// The Experiments view (issue 24), a view of the Pages area at /admin/experiments?page=<id>
// (common/experiments-url.ts): a page's A/B experiments (experiment-list.tsx), a new one
// (experiment-dialog.tsx), and the chosen one's detail (experiment-detail.tsx): its status,
// hypothesis and the actions its status and the role allow (start, pause, resume, end, delete
// a draft; lifecycle-text.ts), its variants (variants-panel.tsx, with the variant editor of
// variant-editor.tsx) and its results (results.tsx). Everyone signed in
// reads; `edit` creates and edits drafts, `review` approves variants, `publish` starts,
// pauses, ends and promotes (functions/shared/roles.ts; the API refuses the rest anyway).
// With more than one locale configured, a Language choice filters the list (`&locale=`) and
// sets a new experiment's (docs/decisions/0576-experiments-per-locale.md).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { publicPath } from '../../../../functions/shared/slug.ts';
import { describeError } from '../api.ts';
import { pagesQuery } from '../common/pages-api.ts';
import { useCan } from '../permissions.ts';
import { navigate } from '../route.ts';
import { useToast } from '../toast.tsx';
import { Button, InfoTip } from '../ui.tsx';
import { localeName } from '../../../../functions/shared/locales.ts';
import { ExperimentDialog } from './experiment-dialog.tsx';
import {
  cacheExperiment,
  EXPERIMENTS_KEY,
  experimentListKey,
  listExperiments,
  pageLanguages,
  pageLanguagesKey,
} from '../common/experiments-api.ts';
import {
  defaultPanel,
  experimentsFromUrl,
  experimentsUrl,
  type ExperimentsLocation,
} from '../common/experiments-url.ts';
import { ExperimentDetailView } from './experiment-detail.tsx';
import { ExperimentList } from './experiment-list.tsx';

export function ExperimentsView({
  params,
  onBack,
}: {
  params: URLSearchParams;
  onBack: () => void;
}) {
  const here = experimentsFromUrl(params);
  const { pageId, experimentId, locale } = here;
  const pages = useQuery(pagesQuery);
  const page = pageId ? pages.data?.find((candidate) => candidate.id === pageId) : undefined;
  const list = useQuery({
    queryKey: experimentListKey(pageId),
    queryFn: () => listExperiments(pageId),
  });
  const languages = useQuery({
    queryKey: pageLanguagesKey(pageId ?? ''),
    queryFn: () => pageLanguages(pageId!),
    enabled: pageId !== undefined,
  });
  const choices = languages.data && languages.data.length > 1 ? languages.data : undefined;
  const canEdit = useCan('edit');
  const [creating, setCreating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const client = useQueryClient();
  const toast = useToast();

  // Opening the view moves focus to its heading, as the Redirects view does.
  useEffect(() => heading.current?.focus(), []);
  // Opening it shows what changed meanwhile (the admin's queries never go stale).
  useEffect(() => {
    void client.invalidateQueries({ queryKey: EXPERIMENTS_KEY });
  }, [client]);

  const go = (next: ExperimentsLocation, replace = false) =>
    navigate(experimentsUrl(next), { replace });

  // After a deletion the experiment and its buttons are gone: the heading takes focus once
  // the confirmation has let go (Radix returns focus on a timer of its own).
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    const timer = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refocus]);

  const all = list.data ?? [];
  const experiments = locale ? all.filter((experiment) => experiment.locale === locale) : all;
  const title = pageId ? (page?.title ?? (pages.isPending ? '...' : 'A deleted page')) : undefined;
  return (
    <section aria-labelledby="experiments-heading" data-testid="experiments-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2
            id="experiments-heading"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold text-ink outline-none"
          >
            Experiments
            {title && (
              <span className="block text-base font-normal break-words text-slate-700">
                {title}
                {page && (
                  <span className="block font-mono text-sm break-all sm:ml-2 sm:inline">
                    {publicPath(page.slug)}
                  </span>
                )}
              </span>
            )}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            A/B tests of a live page: visitors are split between its live version (the control) and
            other versions of its content, at the page's own address, and the results say which one
            brings more conversions.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onBack}>
            <span aria-hidden="true">←</span> Back to pages
          </Button>
          {canEdit && pageId && page && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New experiment
            </Button>
          )}
        </div>
      </div>

      {choices && (
        <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="experiments-language">
          <label htmlFor="experiments-locale" className="text-sm font-medium text-slate-800">
            Language
          </label>
          <select
            id="experiments-locale"
            value={locale ?? ''}
            onChange={(event) =>
              go({ pageId, experimentId, locale: event.target.value || undefined }, true)
            }
            className="rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600"
          >
            <option value="">All languages</option>
            {choices.map((choice) => (
              <option key={choice.locale} value={choice.locale}>
                {localeName(choice.locale, 'en')} ({choice.locale})
              </option>
            ))}
          </select>
          <InfoTip about="Language">
            Each language's version of the page runs its own experiments, at its own address. This
            shows the experiments of one language, and a new experiment starts in it.
          </InfoTip>
        </div>
      )}

      <div
        className={`mt-6 grid gap-6 ${experiments.length > 0 || experimentId ? 'lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]' : ''}`}
      >
        <div className={experimentId ? 'hidden lg:block' : ''}>
          {list.isPending && <p role="status">Loading experiments...</p>}
          {list.isError && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              The experiments could not be loaded: {describeError(list.error)}
            </p>
          )}
          {list.isSuccess && experiments.length === 0 && (
            <div
              data-testid="experiments-empty"
              className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center"
            >
              <p className="font-medium text-slate-900">
                {locale && all.length > 0
                  ? `No experiments in ${localeName(locale, 'en')} yet`
                  : 'No experiments yet'}
              </p>
              <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">
                {pageId
                  ? "Create one to test another headline, offer or layout against the live page. Visitors keep the page's address; each one gets the same version on every visit that day."
                  : "Open Experiments from a page's card to create one."}
              </p>
            </div>
          )}
          {experiments.length > 0 && (
            <ExperimentList
              experiments={experiments}
              selected={experimentId}
              pages={pageId ? undefined : pages.data}
              showLanguage={choices !== undefined || all.some((e) => e.locale !== 'en-US')}
              onSelect={(experiment) =>
                go({
                  pageId,
                  experimentId: experiment.id,
                  panel: defaultPanel(experiment.status),
                  locale,
                })
              }
            />
          )}
        </div>
        {experimentId ? (
          <ExperimentDetailView
            key={experimentId}
            here={here}
            pages={pages.data}
            go={go}
            onDeleted={(experiment) => {
              go({ pageId, locale }, true);
              setRefocus((count) => count + 1);
              toast({
                title: `The draft “${experiment.name}” is deleted`,
                description: 'Nothing visitors see has changed.',
              });
            }}
          />
        ) : (
          experiments.length > 0 && (
            <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600 lg:block">
              Choose an experiment to see its variants and results.
            </p>
          )
        )}
      </div>

      {pageId && page && (
        <ExperimentDialog
          open={creating}
          onOpenChange={setCreating}
          pageId={pageId}
          pageTitle={page.title}
          languages={choices}
          initialLocale={locale}
          onSaved={(detail) => {
            cacheExperiment(client, detail);
            go({
              pageId,
              experimentId: detail.id,
              panel: 'variants',
              locale: locale && locale !== detail.locale ? detail.locale : locale,
            });
            toast({
              title: `Experiment “${detail.name}” created`,
              description: "Edit the variants' content, then start it.",
            });
          }}
        />
      )}
    </section>
  );
}

export function useReturnFocusFromView(open: boolean, pageId: string | undefined): void {
  const opener = useRef<HTMLElement | null>(null);
  const shownPage = useRef<string | undefined>(undefined);
  const wasOpen = useRef(false);
  // A layout effect runs before the view's own effect moves focus to its heading.
  useLayoutEffect(() => {
    if (!open) return;
    if (!wasOpen.current) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    wasOpen.current = true;
    shownPage.current = pageId;
  }, [open, pageId]);
  useEffect(() => {
    if (open || !wasOpen.current) return;
    wasOpen.current = false;
    const page = shownPage.current;
    const target =
      opener.current?.isConnected &&
      opener.current.closest('[data-testid="experiments-view"]') === null
        ? opener.current
        : page
          ? document.querySelector<HTMLElement>(`[data-experiments-opener="${CSS.escape(page)}"]`)
          : null;
    opener.current = null;
    target?.focus();
  }, [open]);
}
