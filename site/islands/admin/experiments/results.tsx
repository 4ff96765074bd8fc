// An experiment's Results panel (GET /api/admin/experiments/:id/results; the statistics are
// functions/shared/stats/: every figure from the variants' Beta posteriors): the verdict as a
// sentence first, the sample ratio check and the days running, then per variant its
// visitors, conversions, conversion rate with its 95% credible interval, uplift over the
// control with its 95% credible interval, chance to beat the control and the expected loss of
// choosing it, each figure's heading explained in plain words in a tooltip, and the
// cumulative conversion rate per day (results-chart.tsx). Publishers promote a variant from
// here ("Promote winner" only when the verdict names one, else "Promote anyway" with the
// risk stated): its content becomes the page's working copy and the experiment ends. An
// ended experiment's results stay readable.
// The figures per variant are variant-figures.tsx, promoting is promote-dialog.tsx. Governed
// by docs/decisions/0370-experiment-figures-from-one-posterior.md.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { GOAL_LABELS, type ExperimentResults } from '../../../../functions/shared/experiments.ts';
import { WIN_CHANCE } from '../../../../functions/shared/stats/verdict.ts';
import { describeError } from '../api.ts';
import { useCan } from '../permissions.ts';
import { Button } from '../ui.tsx';
import { fetchResults, resultsKey, type ExperimentDetail } from '../common/experiments-api.ts';
import { daysText, pValueText } from './format.ts';
import { PromoteDialog } from './promote-dialog.tsx';
import { ResultsChart } from './results-chart.tsx';
import { Explained, figureHints, VariantCards, VariantTable } from './variant-figures.tsx';

/** How often the panel reads a running experiment's results again. */
const REFRESH_MS = 30_000;

const SRM_HINT =
  'Sample ratio check: a chi-square test of the visitors per variant against the traffic shares. Below p = 0.001 it is a mismatch: something sends visitors unevenly (a redirect, a cache, bots), and the results cannot be trusted until it is found.';

const DAYS_HINT =
  'Whole days since the experiment started, up to its end (or, while paused, the pause).';

const verdictHint = (experiment: ExperimentDetail) =>
  `A winner is named only after ${daysText(experiment.minDays)} and ${experiment.minVisitors.toLocaleString()} visitors per variant, when its chance to beat the control is ${WIN_CHANCE * 100}% or more (so its whole uplift interval is above 0%) and an always-valid sequential test agrees, so looking at the results every day does not make false winners more likely.`;

const VERDICT_STYLES: Record<ExperimentResults['verdict']['kind'], string> = {
  keep_running: 'border-slate-300 bg-white text-slate-900',
  variant_wins: 'border-brand-600 bg-brand-50 text-brand-900',
  control_wins: 'border-sky-600 bg-sky-50 text-sky-900',
  no_difference: 'border-slate-400 bg-slate-50 text-slate-900',
  sample_ratio_mismatch: 'border-red-600 bg-red-50 text-red-900',
};

export function ResultsPanel({ experiment }: { experiment: ExperimentDetail }) {
  const started = experiment.status !== 'draft';
  const results = useQuery({
    queryKey: resultsKey(experiment.id),
    queryFn: () => fetchResults(experiment.id),
    enabled: started,
    refetchInterval: experiment.status === 'running' ? REFRESH_MS : false,
  });
  const canPublish = useCan('publish');
  const [promoting, setPromoting] = useState(false);

  if (!started) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
        Results appear here once the experiment starts.
      </p>
    );
  }
  if (results.isPending) return <p role="status">Loading results...</p>;
  if (results.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        The results could not be loaded: {describeError(results.error)}
      </p>
    );
  }
  const data = results.data;
  const hints = figureHints(GOAL_LABELS[data.goal]);
  const promoted = experiment.variants.find((v) => v.id === experiment.promotedVariantId);
  const mayPromote = canPublish && !experiment.promotedVariantId;
  // "Promote winner" only when the verdict names a variant; otherwise promoting is a choice
  // against the rule, made behind a confirmation that states its risk.
  const hasWinner = data.verdict.kind === 'variant_wins';

  return (
    <section aria-labelledby="results-heading" className="grid gap-4" data-testid="results-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="results-heading" className="text-lg font-semibold text-ink">
          Results
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void results.refetch()} disabled={results.isFetching}>
            {results.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
          {mayPromote && (
            <Button
              variant={hasWinner ? 'primary' : 'secondary'}
              onClick={() => setPromoting(true)}
            >
              {hasWinner ? 'Promote winner...' : 'Promote anyway...'}
            </Button>
          )}
        </div>
      </div>

      <div
        role="status"
        data-testid="verdict"
        data-kind={data.verdict.kind}
        className={`rounded-xl border-l-4 p-4 shadow-sm ${VERDICT_STYLES[data.verdict.kind]}`}
      >
        <p className="text-lg leading-snug font-semibold">{data.verdict.message}</p>
      </div>
      <p className="-mt-2 text-sm">
        <Explained label="How the verdict is reached" hint={verdictHint(experiment)} />
      </p>
      {promoted && (
        <p className="text-sm text-slate-800" data-testid="promoted-note">
          {promoted.name} was promoted{' '}
          {experiment.promotedAt
            ? `on ${new Date(experiment.promotedAt).toLocaleDateString()}`
            : ''}
          : its content became the page's working copy.
        </p>
      )}

      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <Fact label={<Explained label="Running for" hint={DAYS_HINT} />}>
          <span data-testid="days-running">{daysText(data.daysRunning)}</span>
        </Fact>
        <Fact label="Goal">{GOAL_LABELS[data.goal]}</Fact>
        <Fact label={<Explained label="Sample ratio check" hint={SRM_HINT} />}>
          <span
            data-testid="srm"
            className={data.srm.mismatch ? 'font-semibold text-red-800' : 'text-slate-900'}
          >
            {data.srm.mismatch
              ? `Mismatch (${pValueText(data.srm.pValue)})`
              : `OK: visitors match the shares (${pValueText(data.srm.pValue)})`}
          </span>
        </Fact>
      </dl>

      <VariantTable results={data} hints={hints} />
      <VariantCards results={data} hints={hints} />
      <ResultsChart results={data} />

      <PromoteDialog
        open={promoting}
        onOpenChange={setPromoting}
        experiment={experiment}
        results={data}
      />
    </section>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}
