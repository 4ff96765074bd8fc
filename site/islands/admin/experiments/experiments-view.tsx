// The Experiments view (issue 24), a view of the Pages area at /admin/experiments?page=<id>
// (experiments-url.ts): a page's A/B experiments, a new one (experiment-dialog.tsx), and the
// chosen one's detail: its status, hypothesis and the actions its status and the role allow
// (start, pause, resume, end, delete a draft), its variants (variants-panel.tsx, with the
// variant editor of variant-editor.tsx) and its results (results.tsx). Everyone signed in
// reads; `edit` creates and edits drafts, `review` approves variants, `publish` starts,
// pauses, ends and promotes (functions/shared/roles.ts; the API refuses the rest anyway).
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  EXPERIMENT_STATUS_LABELS,
  GOAL_LABELS,
  type ExperimentStatus,
} from '../../../../functions/shared/experiments.ts';
import { DEFAULT_SLUG, publicPath } from '../../../../functions/shared/slug.ts';
import { BUILD_KEY, describeError, formatTime } from '../api.ts';
import { PAGES_KEY, type LandingPage } from '../common/pages-api.ts';
import { confirmLeave } from '../common/unsaved.ts';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import { WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { useCan } from '../permissions.ts';
import { navigate } from '../route.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, Tooltip } from '../ui.tsx';
import { ExperimentDialog } from './experiment-dialog.tsx';
import {
  cacheExperiment,
  changeStatus,
  deleteExperiment,
  EXPERIMENTS_KEY,
  experimentKey,
  experimentListKey,
  fetchExperiment,
  listExperiments,
  type Experiment,
  type ExperimentDetail,
  type LifecycleAction,
} from '../common/experiments-api.ts';
import {
  defaultPanel,
  experimentsFromUrl,
  experimentsUrl,
  type ExperimentsLocation,
  type Panel,
} from '../common/experiments-url.ts';
import { ResultsPanel } from './results.tsx';
import { VariantViewer } from './variant-editor.tsx';
import { currentSigners, VariantsPanel } from './variants-panel.tsx';

/** The note a running or paused experiment's page carries (the page's lock). */
export const LOCK_NOTE =
  "While this experiment runs, the page's live content cannot change: end the experiment to publish edits.";

const STATUS_BADGE: Record<ExperimentStatus, string> = {
  draft: 'bg-slate-200 text-slate-800',
  running: 'bg-brand-100 text-brand-900',
  paused: 'bg-amber-100 text-amber-900',
  stopped: 'bg-sky-100 text-sky-900',
};

const STATUS_DOT: Record<ExperimentStatus, string> = {
  draft: 'bg-slate-500',
  running: 'bg-brand-600',
  paused: 'bg-amber-500',
  stopped: 'bg-sky-700',
};

export function StatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <span
      data-testid="experiment-status"
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[status]}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${STATUS_DOT[status]}`} />
      {EXPERIMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** "Control 50% · B 50%" */
const sharesText = (experiment: Experiment) =>
  experiment.variants.map((v) => `${v.name} ${v.weight}%`).join(' · ');

const dateOf = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';

export function ExperimentsView({
  params,
  onBack,
}: {
  params: URLSearchParams;
  onBack: () => void;
}) {
  const here = experimentsFromUrl(params);
  const { pageId, experimentId } = here;
  const pages = useQuery<LandingPage[]>({ queryKey: PAGES_KEY });
  const page = pageId ? pages.data?.find((candidate) => candidate.id === pageId) : undefined;
  const list = useQuery({
    queryKey: experimentListKey(pageId),
    queryFn: () => listExperiments(pageId),
  });
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

  const experiments = list.data ?? [];
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
              <p className="font-medium text-slate-900">No experiments yet</p>
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
              onSelect={(experiment) =>
                go({ pageId, experimentId: experiment.id, panel: defaultPanel(experiment.status) })
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
              go({ pageId }, true);
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
          onSaved={(detail) => {
            cacheExperiment(client, detail);
            go({ pageId, experimentId: detail.id, panel: 'variants' });
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

function ExperimentList({
  experiments,
  selected,
  pages,
  onSelect,
}: {
  experiments: Experiment[];
  selected: string | undefined;
  /** Every page, when the list holds every page's experiments (each names its page). */
  pages: LandingPage[] | undefined;
  onSelect: (experiment: Experiment) => void;
}) {
  return (
    <ResponsiveTable
      rows={experiments}
      rowKey={(experiment) => experiment.id}
      label="Experiments, newest first"
      testIds={{ list: 'experiment-list', card: 'experiment-item' }}
      cardClassName=""
      card={(experiment) => {
        const current = experiment.id === selected;
        const pageTitle = pages?.find((p) => p.id === experiment.pageId)?.title;
        return (
          <a
            href={experimentsUrl({
              pageId: pages ? undefined : experiment.pageId,
              experimentId: experiment.id,
            })}
            aria-current={current ? 'true' : undefined}
            onClick={(event) => {
              event.preventDefault();
              onSelect(experiment);
            }}
            className="block rounded-xl border border-slate-200 bg-white p-3 text-sm hover:border-slate-400 aria-[current=true]:border-brand-600 aria-[current=true]:ring-1 aria-[current=true]:ring-brand-600"
          >
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-semibold break-words text-ink">{experiment.name}</span>
              <StatusBadge status={experiment.status} />
            </span>
            {pageTitle && <span className="block text-slate-700">{pageTitle}</span>}
            <span className="mt-1 block text-slate-700">Goal: {GOAL_LABELS[experiment.goal]}</span>
            <span className="block text-slate-600">
              {experiment.startedAt
                ? `Started ${dateOf(experiment.startedAt)}`
                : `Created ${dateOf(experiment.createdAt)}`}
              {experiment.stoppedAt ? `, ended ${dateOf(experiment.stoppedAt)}` : ''}
            </span>
            <span className="mt-1 block text-slate-800" data-testid="experiment-shares">
              {sharesText(experiment)}
            </span>
          </a>
        );
      }}
    />
  );
}

interface Confirmation {
  action: LifecycleAction | 'delete';
  title: string;
  message: string;
  confirmLabel: string;
}

function confirmationOf(
  action: LifecycleAction | 'delete',
  experiment: ExperimentDetail,
  address: string,
): Confirmation {
  switch (action) {
    case 'start':
      return experiment.status === 'paused'
        ? {
            action,
            title: 'Resume the experiment?',
            message:
              "From the next rebuild, visitors are split between the variants again and counting continues. The page's live content still cannot change until the experiment ends.",
            confirmLabel: 'Resume experiment',
          }
        : {
            action,
            title: 'Start the experiment?',
            message: `From the next rebuild, visitors of ${address} are split: ${sharesText(experiment)}. While it runs, the page's own content cannot be published: end the experiment to publish edits. The variants can no longer be edited.`,
            confirmLabel: 'Start experiment',
          };
    case 'pause':
      return {
        action,
        title: 'Pause the experiment?',
        message:
          "From the next rebuild, every visitor gets the live page and nothing is counted, until you resume it. The page's live content still cannot change: end the experiment to publish edits.",
        confirmLabel: 'Pause experiment',
      };
    case 'stop':
      return {
        action,
        title: 'End the experiment?',
        message:
          'From the next rebuild, every visitor gets the live page again and counting stops. The results stay readable here, and the page can be edited and published again. An ended experiment cannot start again.',
        confirmLabel: 'End experiment',
      };
    case 'delete':
      return {
        action,
        title: `Delete the draft “${experiment.name}”?`,
        message:
          "The draft, its variants' content and their approvals are deleted. Nothing visitors see changes.",
        confirmLabel: 'Delete draft',
      };
  }
}

const DONE: Record<LifecycleAction, (resumed: boolean) => { title: string; description: string }> =
  {
    start: (resumed) =>
      resumed
        ? {
            title: 'Experiment resumed',
            description: 'Visitors are split again once the site is rebuilt.',
          }
        : {
            title: 'Experiment started',
            description: 'Visitors are split between the variants once the site is rebuilt.',
          },
    pause: () => ({
      title: 'Experiment paused',
      description: 'Every visitor gets the live page once the site is rebuilt.',
    }),
    stop: () => ({
      title: 'Experiment ended',
      description: 'Its results stay readable here; the page can change again.',
    }),
  };

function ExperimentDetailView({
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
          <Button onClick={() => go({ pageId: here.pageId })}>All experiments</Button>
        </div>
      </div>
    );
  }
  const experiment = detail.data;
  const { status } = experiment;
  const page = pages?.find((candidate) => candidate.id === experiment.pageId);
  const panel: Panel = here.panel ?? defaultPanel(status);
  const address = page ? publicPath(page.slug) : 'the page';
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
          href={experimentsUrl({ pageId: here.pageId })}
          onClick={(event) => {
            event.preventDefault();
            go({ pageId: here.pageId });
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
