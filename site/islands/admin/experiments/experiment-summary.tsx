// How an experiment is summed up in the list and the detail: its status as a badge, the
// variants' shares ("Control 50% · B 50%") and its dates (docs/decisions/0450-admin-common-kernel.md).
import {
  EXPERIMENT_STATUS_LABELS,
  type ExperimentStatus,
} from '../../../../functions/shared/experiments.ts';
import type { Experiment } from '../common/experiments-api.ts';

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
export const sharesText = (experiment: Experiment) =>
  experiment.variants.map((v) => `${v.name} ${v.weight}%`).join(' · ');

export const dateOf = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';
