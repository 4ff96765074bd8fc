// One page in the Pages tab: its title, its real public address (`/` for the default
// page), whether it is a Draft, Live or Live with changes still building, an experiment
// running on it (issue 24), a flag when it says a claim that is not approved now (issue 36),
// errors the checks before publishing found in its working copy (issue 38; the badge opens the
// editor's Review tab), the live version's job code, its review-by date and expiry with the Lifecycle dialog
// (issue 37, lifecycle-dialog.tsx), and its actions, with the destructive ones (Reset,
// Delete) set apart from View, Edit,
// Analytics and Experiments, and its languages' badges (issue 39, locales/locale-badges.tsx).
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SLUG, publicPath } from '../../../../functions/shared/slug.ts';
import { experimentListKey, listExperiments } from '../common/experiments-api.ts';
import { experimentsUrl } from '../common/experiments-url.ts';
import { navigate } from '../route.ts';
import { setEditorParams, TAB_PARAM } from '../common/editor/blocks/editor-url.ts';
import type { BuildStatus } from '../../../../functions/shared/api/build.ts';
import { formatTime } from '../api.ts';
import { jobCodeLabel } from '../../../../functions/shared/job-codes.ts';
import { publicationSummary } from '../common/publication.tsx';
import type { LandingPage } from '../common/pages-api.ts';
import { useCan } from '../permissions.ts';
import {
  localTime,
  utcTime,
  type FlaggedClaim,
  type WorkflowSummaries,
} from '../common/workflow-api.ts';

type WorkflowSummary = WorkflowSummaries[string];
import { Button, Tooltip } from '../ui.tsx';
import { LifecycleAction, LifecycleLines } from './lifecycle-dialog.tsx';
import { LocaleBadges } from './locales/locale-badges.tsx';
import {
  pageStatus,
  STATUS_HINTS,
  STATUS_LABELS,
  viewUrl,
  type PageStatus,
} from './page-status.ts';

const BADGE: Record<PageStatus, string> = {
  draft: 'bg-slate-200 text-slate-800',
  live: 'bg-brand-100 text-brand-900',
  'live-building': 'bg-amber-100 text-amber-900',
  'live-failed': 'bg-red-100 text-red-900',
};

const DOT: Record<PageStatus, string> = {
  draft: 'bg-slate-500',
  live: 'bg-brand-600',
  'live-building': 'bg-amber-500 motion-safe:animate-pulse',
  'live-failed': 'bg-red-600',
};

export function PageCard({
  page,
  build,
  workflow,
  onEdit,
  onAnalytics,
  onReset,
  onDelete,
  onSaveTemplate,
}: {
  page: LandingPage;
  build: BuildStatus | undefined;
  /** Its working copy and schedules (GET /api/admin/workflow), once read. */
  workflow?: WorkflowSummary | undefined;
  onEdit: () => void;
  onAnalytics: () => void;
  onReset: () => void;
  onDelete: () => void;
  /** Save as template (issue 27, save-template-dialog.tsx); shown to roles with publish. */
  onSaveTemplate?: (() => void) | undefined;
}) {
  const status = pageStatus(page, build);
  // A reset of a live page and a delete change what visitors get: publish (roles.ts).
  const canEdit = useCan('edit');
  const canPublish = useCan('publish');
  const mayReset = canEdit && (!page.isActive || canPublish);
  const isDefault = page.slug === DEFAULT_SLUG;
  const draft = status === 'draft';
  // Every page's experiments in one request, shared by the cards (react-query dedupes it).
  const experiments = useQuery({
    queryKey: experimentListKey(undefined),
    queryFn: () => listExperiments(),
  });
  const active = experiments.data?.find(
    (experiment) =>
      experiment.pageId === page.id &&
      (experiment.status === 'running' || experiment.status === 'paused'),
  );
  const experimentsHref = experimentsUrl({ pageId: page.id });
  return (
    <li
      data-testid="page-card"
      data-status={status}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-ink">{page.title}</h3>
          <p className="truncate font-mono text-sm text-slate-700" data-testid="page-url">
            {publicPath(page.slug)}
            {isDefault && <span className="ml-2 font-sans text-xs text-slate-600">home page</span>}
          </p>
        </div>
        <Tooltip content={STATUS_HINTS[status]}>
          <span
            tabIndex={0}
            data-testid="page-status"
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[status]}`}
          >
            <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${DOT[status]}`} />
            {STATUS_LABELS[status]}
          </span>
        </Tooltip>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Saved {formatTime(page.updatedAt)}
        {page.updatedBy ? ` by ${page.updatedBy}` : ''}
      </p>
      {page.isActive && page.publication && (
        <Tooltip content={publicationSummary(page.publication)}>
          <p
            tabIndex={0}
            data-testid="page-job-code"
            className="mt-1 w-fit text-xs text-slate-700 underline decoration-dotted"
          >
            Job code{' '}
            <span className="font-mono font-medium text-slate-900">
              {jobCodeLabel(page.publication)}
            </span>
          </p>
        </Tooltip>
      )}
      <LocaleBadges locales={workflow?.locales} title={page.title} onOpen={onEdit} />
      {workflow?.workingCopy && (
        <p className="mt-1 text-xs text-sky-900" data-testid="working-copy">
          {workflow.workingCopy.state === 'in_review'
            ? 'Changes in review'
            : 'Changes in a working copy'}{' '}
          (saved {formatTime(workflow.workingCopy.updatedAt)} by {workflow.workingCopy.updatedBy})
        </p>
      )}
      {(workflow?.workingCopy?.checkErrors ?? 0) > 0 && (
        <CheckErrorsBadge
          count={workflow!.workingCopy!.checkErrors}
          title={page.title}
          onOpen={() => {
            // The editor opens on its Review tab (?tab=review, edit-dialog.tsx).
            setEditorParams({ [TAB_PARAM]: 'review' });
            onEdit();
          }}
        />
      )}
      {workflow?.schedule.map((entry) => (
        <p key={entry.action} className="mt-1 text-xs text-sky-900" data-testid="page-schedule">
          {entry.action === 'publish' ? 'Publishes' : 'Unpublishes'}{' '}
          <Tooltip content={utcTime(entry.at)}>
            <time dateTime={entry.at} tabIndex={0} className="underline decoration-dotted">
              {localTime(entry.at)}
            </time>
          </Tooltip>
        </p>
      ))}
      {workflow && workflow.claims.length > 0 && <ClaimsFlag claims={workflow.claims} />}
      <LifecycleLines page={page} summary={workflow?.lifecycle} />
      {active && (
        <p className="mt-1 text-xs text-sky-900" data-testid="page-experiment">
          Experiment {active.status === 'paused' ? 'paused' : 'running'}: {active.name}
        </p>
      )}
      <div className="mt-4 flex flex-1 flex-wrap items-end justify-between gap-2 border-t border-slate-100 pt-3">
        <div className="flex flex-wrap gap-1">
          <a
            href={viewUrl(page, build)}
            target="_blank"
            rel="noopener"
            aria-label={`${draft ? 'Preview' : 'View'} ${page.title} (opens in a new tab)`}
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            {draft ? 'Preview' : 'View'}
          </a>
          {/* Roles that do not edit open the editor read-only (issue 35). */}
          <Button
            variant="ghost"
            aria-label={`${canEdit ? 'Edit' : 'Open'} ${page.title}`}
            onClick={onEdit}
          >
            {canEdit ? 'Edit' : 'Open'}
          </Button>
          <Button variant="ghost" aria-label={`Analytics for ${page.title}`} onClick={onAnalytics}>
            Analytics
          </Button>
          <a
            href={experimentsHref}
            data-experiments-opener={page.id}
            aria-label={`Experiments for ${page.title}`}
            onClick={(event) => {
              event.preventDefault();
              navigate(experimentsHref);
            }}
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Experiments
          </a>
          {canPublish && <LifecycleAction page={page} summary={workflow?.lifecycle} />}
          {canPublish && onSaveTemplate && (
            <Tooltip content="Saves this page's content, as the editor shows it, as a template anyone on the team can start a new page from.">
              <Button
                variant="ghost"
                aria-label={`Save as template: ${page.title}`}
                onClick={onSaveTemplate}
              >
                Save as template
              </Button>
            </Tooltip>
          )}
        </div>
        <div
          role="group"
          aria-label={`Destructive actions for ${page.title}`}
          className="ml-auto flex gap-1 border-l border-slate-200 pl-2"
        >
          {mayReset && (
            <Button
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              aria-label={`Reset ${page.title} to latest template`}
              onClick={onReset}
            >
              Reset
            </Button>
          )}
          {!isDefault && canPublish && (
            <Button
              variant="ghost"
              className="text-red-800 hover:bg-red-50"
              aria-label={`Delete ${page.title}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** "1 check error", "3 check errors". */
export const checkErrorsLabel = (count: number) => `${count} check error${count === 1 ? '' : 's'}`;

export const CHECK_ERRORS_HINT =
  'The working copy has errors the checks before publishing found; see the Review tab.';

/** The working copy's check errors: a button that opens the editor on its Review tab. */
export function CheckErrorsBadge({
  count,
  title,
  onOpen,
}: {
  count: number;
  title: string;
  onOpen: () => void;
}) {
  return (
    <Tooltip content={CHECK_ERRORS_HINT}>
      <button
        type="button"
        data-testid="page-check-errors"
        aria-label={`${checkErrorsLabel(count)} in ${title}: open the Review tab`}
        onClick={onOpen}
        className="mt-1 inline-flex w-fit items-center gap-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900 underline decoration-dotted underline-offset-2 hover:bg-red-200"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v6M12 17h.01" />
        </svg>
        {checkErrorsLabel(count)}
      </button>
    </Tooltip>
  );
}

const PROBLEMS: Record<FlaggedClaim['problem'], string> = {
  withdrawn: 'withdrawn',
  lapsed: 'no longer approved (expired, or its evidence was withdrawn)',
  draft: 'changed since it was approved, awaiting a new approval',
  unknown: 'not in the claims list',
};

/** The claims the page says that are not approved now: the live ones first, in red. */
function ClaimsFlag({ claims }: { claims: FlaggedClaim[] }) {
  const live = claims.filter((claim) => claim.live);
  const sentence = (claim: FlaggedClaim) =>
    `"${claim.key}" is ${PROBLEMS[claim.problem]}${claim.live ? '' : ' (said by the working copy only)'}`;
  return (
    <Tooltip
      content={`${claims.map(sentence).join('; ')}. Replace the claim in the editor, or take the page down.`}
    >
      <p
        tabIndex={0}
        data-testid="page-claims-flag"
        className={`mt-1 w-fit rounded px-1.5 py-0.5 text-xs font-medium ${
          live.length ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'
        }`}
      >
        {live.length
          ? `Visitors read ${live.length === 1 ? 'a claim' : `${live.length} claims`} no longer approved`
          : `The working copy says ${claims.length === 1 ? 'a claim' : `${claims.length} claims`} no longer approved`}
        : {claims.map((claim) => claim.key).join(', ')}
      </p>
    </Tooltip>
  );
}
