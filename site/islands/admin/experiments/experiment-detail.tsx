// The Experiments view's detail of one experiment: its status, hypothesis and the actions
// its status and the role allow (start, pause, resume, end, delete a draft), and its panels:
// variants (variants-panel.tsx) and results (results.tsx).
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { GOAL_LABELS } from '../../../../functions/shared/experiments.ts';
import { DEFAULT_SLUG, publicPath } from '../../../../functions/shared/slug.ts';
import { DEFAULT_LOCALE, localeName } from '../../../../functions/shared/locales.ts';
import { BUILD_KEY, describeError, formatTime } from '../api.ts';
import { PAGES_KEY, type LandingPage } from '../common/pages-api.ts';
import { confirmLeave } from '../common/unsaved.ts';
import { WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, Tooltip } from '../ui.tsx';
import { ExperimentDialog } from './experiment-dialog.tsx';
import {
  cacheExperiment,
  changeStatus,
  deleteExperiment,
  EXPERIMENTS_KEY,
  experimentKey,
  fetchExperiment,
  type ExperimentDetail,
  type LifecycleAction,
} from '../common/experiments-api.ts';
import {
  defaultPanel,
  experimentsUrl,
  type ExperimentsLocation,
  type Panel,
} from '../common/experiments-url.ts';
import { ResultsPanel } from './results.tsx';
import { VariantViewer } from './variant-editor.tsx';
import { currentSigners, VariantsPanel } from './variants-panel.tsx';
import { sharesText, StatusBadge } from './experiment-summary.tsx';
import { confirmationOf, DONE, type Confirmation } from './lifecycle-text.ts';

/** The note a running or paused experiment's page carries (the page's lock). */
const LOCK_NOTE =
  "While this experiment runs, the page's live content cannot change: end the experiment to publish edits.";

export function ExperimentDetailView({
  here,
  pages,
  go,
  onDeleted,
}: {
  here: ExperimentsLocation;
  pages: LandingPage[] | undefined;
  go: (next: ExperimentsLocation, replace?: boolean) => void;
  onDeleted: (experiment: ExperimentDetail) => void;
}) {
  const experimentId = here.experimentId!;
  const detail = useQuery({
    queryKey: experimentKey(experimentId),
    queryFn: () => fetchExperiment(experimentId),
  });
  const canEdit = useCan('edit');
  const canPublish = useCan('publish');
  const [asking, setAsking] = useState<Confirmation | undefined>();
  const [editing, setEditing] = useState(false);
  const client = useQueryClient();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After an action its button may be gone (Start, Pause): the experiment's heading takes
  // focus once the confirmation has let go.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    const timer = setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) {
        headingRef.current?.focus();
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [refocus]);

  // The variant on screen follows ?variant=, except that Back away from unsaved edits asks
  // first and puts the variant back in the URL when the administrator keeps editing.
  const [shownVariant, setShownVariant] = useState(here.variantId);
  const pushedOpen = useRef(false);
  const latest = useRef(here);
  useEffect(() => {
    latest.current = here;
  });
  useEffect(() => {
    if (here.variantId === shownVariant) return;
    let live = true;
    void confirmLeave().then((leave) => {
      if (!live) return;
      if (leave) setShownVariant(here.variantId);
      else go({ ...latest.current, variantId: shownVariant }, true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL only
  }, [here.variantId]);

  const act = useMutation({
    mutationFn: (action: LifecycleAction) => changeStatus(experimentId, action),
    onSuccess: (next, action) => {
      const resumed = action === 'start' && detail.data?.status === 'paused';
      setAsking(undefined);
      cacheExperiment(client, next);
      void client.invalidateQueries({ queryKey: BUILD_KEY });
      void client.invalidateQueries({ queryKey: PAGES_KEY });
      void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      toast(DONE[action](resumed));
      setRefocus((count) => count + 1);
      if (action === 'start' && !resumed) go({ ...latest.current, panel: 'results' }, true);
    },
    onError: (failure) => {
      setAsking(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });
  const remove = useMutation({
    mutationFn: (experiment: ExperimentDetail) =>
      deleteExperiment(experiment.id).then(() => experiment),
    onSuccess: (experiment) => {
      setAsking(undefined);
      client.removeQueries({ queryKey: experimentKey(experiment.id) });
      void client.invalidateQueries({ queryKey: EXPERIMENTS_KEY });
      onDeleted(experiment);
    },
    onError: (failure) => {
      setAsking(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });

  if (detail.isPending) return <p role="status">Loading the experiment...</p>;
  if (detail.isError) {
    return (
      <div className="grid content-start gap-3">
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          The experiment could not be loaded: {describeError(detail.error)}
        </p>
        <div>
          <Button onClick={() => go({ pageId: here.pageId, locale: here.locale })}>
            All experiments
          </Button>
        </div>
      </div>
    );
  }
  const experiment = detail.data;
  const { status } = experiment;
  const page = pages?.find((candidate) => candidate.id === experiment.pageId);
  const panel: Panel = here.panel ?? defaultPanel(status);
  const address =
    experiment.locale !== DEFAULT_LOCALE
      ? `the page's ${localeName(experiment.locale, 'en')} version`
      : page
        ? publicPath(page.slug)
        : 'the page';
  const openVariant = shownVariant
    ? experiment.variants.find((v) => v.id === shownVariant)
    : undefined;

  const openEditor = (variantId: ExperimentDetail['variants'][number]['id']) => {
    pushedOpen.current = true;
    setShownVariant(variantId);
    go({ ...here, panel: 'variants', variantId });
  };
  const closeEditor = () => {
    setShownVariant(undefined);
    // Closing undoes the opening in the history, so Back does not reopen the editor.
    if (pushedOpen.current) window.history.back();
    else go({ ...latest.current, variantId: undefined }, true);
    pushedOpen.current = false;
  };

  // Why Start cannot be pressed, when it cannot.
  const unapproved =
    experiment.approvalsRequired > 0
      ? experiment.variants.filter(
          (v) => !v.control && currentSigners(v).length < experiment.approvalsRequired,
        )
      : [];
  const startBlocked =
    page && !page.isActive
      ? 'The page is not live: publish it first, an experiment compares versions of a live page.'
      : unapproved.length > 0
        ? `Every variant needs ${experiment.approvalsRequired} approval${experiment.approvalsRequired === 1 ? '' : 's'} of its current content first: ${unapproved.map((v) => v.name).join(', ')} ${unapproved.length === 1 ? 'does' : 'do'} not have ${experiment.approvalsRequired === 1 ? 'it' : 'them'} yet.`
        : undefined;

  const ask = (action: LifecycleAction | 'delete') =>
    setAsking(confirmationOf(action, experiment, address));

  return (
    <section
      aria-labelledby="experiment-heading"
      className="grid min-w-0 content-start gap-4"
      data-testid="experiment-detail"
    >
      <div className="lg:hidden">
        <a
          href={experimentsUrl({ pageId: here.pageId, locale: here.locale })}
          onClick={(event) => {
            event.preventDefault();
            go({ pageId: here.pageId, locale: here.locale });
          }}
          className="text-sm font-medium text-brand-800 underline underline-offset-4"
        >
          <span aria-hidden="true">← </span>All experiments of this page
        </a>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3
            id="experiment-heading"
            ref={headingRef}
            tabIndex={-1}
            className="min-w-0 text-xl font-semibold break-words text-ink outline-none"
          >
            {experiment.name}
          </h3>
          <StatusBadge status={status} />
        </div>
        {experiment.hypothesis && (
          <p className="mt-2 text-slate-800" data-testid="experiment-hypothesis">
            <span className="font-medium">Hypothesis:</span> {experiment.hypothesis}
          </p>
        )}
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Language</dt>
            <dd className="text-slate-900" data-testid="experiment-detail-language">
              {localeName(experiment.locale, 'en')} ({experiment.locale})
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Goal</dt>
            <dd className="text-slate-900">{GOAL_LABELS[experiment.goal]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Traffic</dt>
            <dd className="text-slate-900">{sharesText(experiment)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{experiment.startedAt ? 'Started' : 'Created'}</dt>
            <dd className="text-slate-900">
              {formatTime(experiment.startedAt ?? experiment.createdAt)}
              {!experiment.startedAt && ` by ${experiment.createdBy}`}
            </dd>
          </div>
          {(experiment.stoppedAt || experiment.pausedAt) && (
            <div>
              <dt className="text-slate-600">{experiment.stoppedAt ? 'Ended' : 'Paused'}</dt>
              <dd className="text-slate-900">
                {formatTime(experiment.stoppedAt ?? experiment.pausedAt)}
              </dd>
            </div>
          )}
          <div className="sm:col-span-2">
            <dt className="text-slate-600">Verdict rule</dt>
            <dd className="text-slate-900">
              No winner before {experiment.minDays} day{experiment.minDays === 1 ? '' : 's'} and{' '}
              {experiment.minVisitors.toLocaleString()} visitors per variant
            </dd>
          </div>
        </dl>
        {(status === 'running' || status === 'paused') && (
          <p
            className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="lock-note"
          >
            {LOCK_NOTE}
            {status === 'paused' && ' While paused, every visitor gets the live page.'}
          </p>
        )}
        {status === 'stopped' && (
          <p className="mt-3 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
            This experiment has ended; its results stay readable. Every visitor gets the live page.
          </p>
        )}

        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Experiment actions">
          {status === 'draft' && canEdit && (
            <Button onClick={() => setEditing(true)}>Edit settings</Button>
          )}
          {status === 'draft' && canPublish && (
            <Tooltip content={startBlocked ?? "Splits the page's visitors between the variants."}>
              <span tabIndex={startBlocked ? 0 : -1}>
                <Button
                  variant="primary"
                  disabled={Boolean(startBlocked) || act.isPending}
                  onClick={() => ask('start')}
                >
                  Start experiment...
                </Button>
              </span>
            </Tooltip>
          )}
          {status === 'running' && canPublish && (
            <Button onClick={() => ask('pause')}>Pause...</Button>
          )}
          {status === 'paused' && canPublish && (
            <Button variant="primary" onClick={() => ask('start')}>
              Resume...
            </Button>
          )}
          {(status === 'running' || status === 'paused') && canPublish && (
            <Button variant="danger" onClick={() => ask('stop')}>
              End experiment...
            </Button>
          )}
          {status === 'draft' && canEdit && (
            <Button
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              onClick={() => ask('delete')}
            >
              Delete draft...
            </Button>
          )}
        </div>
      </div>

      <Tabs.Root value={panel} onValueChange={(value) => go({ ...here, panel: value as Panel })}>
        <Tabs.List
          aria-label="Experiment panels"
          className="inline-flex rounded-lg bg-slate-200 p-1"
        >
          {(
            [
              ['variants', 'Variants'],
              ['results', 'Results'],
            ] as const
          ).map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="variants" className="mt-4">
          <VariantsPanel experiment={experiment} onOpen={(variant) => openEditor(variant.id)} />
        </Tabs.Content>
        <Tabs.Content value="results" className="mt-4">
          <ResultsPanel experiment={experiment} />
        </Tabs.Content>
      </Tabs.Root>

      {openVariant && (
        <VariantViewer
          key={`${experiment.id}:${openVariant.id}`}
          experiment={experiment}
          variant={openVariant}
          editable={status === 'draft' && !openVariant.control && canEdit}
          isDefaultPage={page?.slug === DEFAULT_SLUG}
          onClose={closeEditor}
        />
      )}
      <ExperimentDialog
        open={editing}
        onOpenChange={setEditing}
        pageId={experiment.pageId}
        pageTitle={page?.title ?? ''}
        experiment={experiment}
        onSaved={(next) => {
          cacheExperiment(client, next);
          toast({ title: 'Settings saved' });
        }}
      />
      <ConfirmDialog
        open={asking !== undefined}
        onOpenChange={(open) => !open && setAsking(undefined)}
        title={asking?.title ?? ''}
        message={asking?.message ?? ''}
        confirmLabel={asking?.confirmLabel ?? ''}
        busy={act.isPending || remove.isPending}
        onConfirm={() => {
          if (!asking) return;
          if (asking.action === 'delete') remove.mutate(experiment);
          else act.mutate(asking.action);
        }}
      />
    </section>
  );
}

/**
 * Focus goes back to what opened the view (a page card's Experiments link) when the view
 * closes, by Back to pages or the browser's Back; after a reload, to the card's link of the
 * page the view showed.
 */
