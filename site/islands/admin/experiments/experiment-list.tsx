// The Experiments view's list: one card per experiment, newest first, naming its page when
// the list holds every page's experiments; choosing one opens its detail
// (docs/decisions/0450-admin-common-kernel.md: the kernel's ResponsiveTable, cards only).
import { GOAL_LABELS } from '../../../../functions/shared/experiments.ts';
import { localeName } from '../../../../functions/shared/locales.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import type { Experiment } from '../common/experiments-api.ts';
import { experimentsUrl } from '../common/experiments-url.ts';
import { dateOf, sharesText, StatusBadge } from './experiment-summary.tsx';

export function ExperimentList({
  experiments,
  selected,
  pages,
  showLanguage = false,
  onSelect,
}: {
  experiments: Experiment[];
  selected: string | undefined;
  /** Every page, when the list holds every page's experiments (each names its page). */
  pages: LandingPage[] | undefined;
  /** Names each experiment's language (more than one locale is configured, issue 39). */
  showLanguage?: boolean;
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
            {showLanguage && (
              <span className="block text-slate-700" data-testid="experiment-language">
                Language: {localeName(experiment.locale, 'en')} ({experiment.locale})
              </span>
            )}
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
