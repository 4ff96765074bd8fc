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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  CONTROL_ID,
  GOAL_LABELS,
  type ExperimentResults,
  type VariantId,
  type VariantResult,
} from '../../../../functions/shared/experiments.ts';
import { lossPercent, WIN_CHANCE } from '../../../../functions/shared/stats/verdict.ts';
import { BUILD_KEY, describeError } from '../api.ts';
import { PAGES_KEY } from '../common/pages-api.ts';
import { WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { useCan } from '../permissions.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, Modal, Tooltip } from '../ui.tsx';
import {
  cacheExperiment,
  fetchResults,
  promoteVariant,
  resultsKey,
  type ExperimentDetail,
} from '../common/experiments-api.ts';
import {
  chanceText,
  daysText,
  percent,
  pValueText,
  rateRange,
  signedPercent,
  upliftRange,
  upliftText,
} from './format.ts';
import { ResultsChart } from './results-chart.tsx';

/** How often the panel reads a running experiment's results again. */
const REFRESH_MS = 30_000;

type Figure = 'visitors' | 'conversions' | 'rate' | 'uplift' | 'chance' | 'risk';

const FIGURE_LABELS: Record<Figure, string> = {
  visitors: 'Visitors',
  conversions: 'Conversions',
  rate: 'Conversion rate',
  uplift: 'Uplift vs control',
  chance: 'Chance to beat control',
  risk: 'Expected loss if chosen',
};

function figureHints(goal: string): Record<Figure, string> {
  return {
    visitors:
      'A visitor here is one address (an IPv6 network counts as one) with one browser family, such as Chrome on Windows, counted once for the whole experiment however often it comes back. No cookie is used: people behind one office address with the same browser count as one, and one person on a phone and a laptop as two.',
    conversions: `Visitors who reached the goal (${goal}) in this variant, each once for the whole experiment.`,
    rate: 'Conversions divided by visitors. The range is the 95% credible interval: the true rate lies in it with 95% probability, given the visitors so far (a uniform prior updated with the counts).',
    uplift:
      "How much higher or lower the rate is than the control's, relative to it: +20% means 1.2 times the control's rate (the most likely middle value). The range is the 95% credible interval from the same model as the chance to beat the control: while it includes 0%, the difference may be chance; a chance of 97.5% or more puts the whole range above 0%.",
    chance:
      "The probability that this variant's true rate is higher than the control's, from the same model as every figure here: Beta posteriors of the rates (a uniform prior updated with the counts).",
    risk: "What choosing this variant is expected to cost if another one is really better: the average shortfall of its rate against the best variant's, as a share of the control's rate. Small when the variant is likely the best or hardly worse; GrowthBook calls it risk.",
  };
}

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

/** A figure's heading: a button whose tooltip says, in plain words, what the figure is. */
function Explained({ label, hint }: { label: string; hint: string }) {
  return (
    <Tooltip content={hint}>
      <button
        type="button"
        className="cursor-help text-left font-medium underline decoration-dotted underline-offset-4"
      >
        {label}
      </button>
    </Tooltip>
  );
}

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

function figureValues(variant: VariantResult) {
  const control = variant.id === CONTROL_ID;
  return {
    visitors: variant.visitors.toLocaleString(),
    conversions: variant.conversions.toLocaleString(),
    rate: variant.visitors > 0 ? percent(variant.conversionRate) : '–',
    rateRange: variant.visitors > 0 ? rateRange(variant.rateInterval) : '',
    uplift: control ? 'Baseline' : variant.uplift ? signedPercent(variant.uplift.estimate) : '–',
    upliftRange: !control && variant.uplift ? upliftRange(variant.uplift) : '',
    chance: control ? '–' : chanceText(variant.chanceToBeatControl),
    risk: variant.visitors > 0 ? lossPercent(variant.expectedLoss.relative) : '–',
  };
}

/** Wide screens: a table. */
function VariantTable({
  results,
  hints,
}: {
  results: ExperimentResults;
  hints: Record<Figure, string>;
}) {
  const figures: Figure[] = ['visitors', 'conversions', 'rate', 'uplift', 'chance', 'risk'];
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full text-left text-sm" data-testid="results-table">
        <caption className="sr-only">Results per variant</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Variant
            </th>
            {figures.map((figure) => (
              <th
                key={figure}
                scope="col"
                className={`px-3 py-2 ${figure === 'visitors' || figure === 'conversions' ? 'text-right' : ''}`}
              >
                <Explained label={FIGURE_LABELS[figure]} hint={hints[figure]} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {results.variants.map((variant) => {
            const values = figureValues(variant);
            return (
              <tr key={variant.id} data-testid="result-row" data-variant={variant.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {variant.name}
                  <span className="block text-xs font-normal text-slate-600">
                    {variant.weight}% of traffic
                  </span>
                </th>
                <td className="px-3 py-2 text-right tabular-nums" data-figure="visitors">
                  {values.visitors}
                </td>
                <td className="px-3 py-2 text-right tabular-nums" data-figure="conversions">
                  {values.conversions}
                </td>
                <td className="px-3 py-2 tabular-nums" data-figure="rate">
                  <span className="font-medium">{values.rate}</span>
                  {values.rateRange && (
                    <span className="block text-xs text-slate-600">{values.rateRange}</span>
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums" data-figure="uplift">
                  <span className="font-medium">{values.uplift}</span>
                  {values.upliftRange && (
                    <span className="block text-xs text-slate-600">{values.upliftRange}</span>
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums" data-figure="chance">
                  {values.chance}
                </td>
                <td className="px-3 py-2 tabular-nums" data-figure="risk">
                  {values.risk}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per variant. */
function VariantCards({
  results,
  hints,
}: {
  results: ExperimentResults;
  hints: Record<Figure, string>;
}) {
  return (
    <ul className="grid gap-2 md:hidden" aria-label="Results per variant">
      {results.variants.map((variant) => {
        const values = figureValues(variant);
        const rows: [Figure, ReactNode][] = [
          ['visitors', values.visitors],
          ['conversions', values.conversions],
          [
            'rate',
            <>
              {values.rate}
              {values.rateRange && (
                <span className="block text-xs font-normal text-slate-600">{values.rateRange}</span>
              )}
            </>,
          ],
          [
            'uplift',
            <>
              {values.uplift}
              {values.upliftRange && (
                <span className="block text-xs font-normal text-slate-600">
                  {values.upliftRange}
                </span>
              )}
            </>,
          ],
          ['chance', values.chance],
          ['risk', values.risk],
        ];
        return (
          <li
            key={variant.id}
            data-testid="result-card"
            data-variant={variant.id}
            className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
          >
            <p className="font-semibold text-ink">
              {variant.name}{' '}
              <span className="font-normal text-slate-600">({variant.weight}% of traffic)</span>
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
              {rows.map(([figure, value]) => (
                <div key={figure} className="contents">
                  <dt className="text-slate-600">
                    <Explained label={FIGURE_LABELS[figure]} hint={hints[figure]} />
                  </dt>
                  <dd className="text-right font-medium tabular-nums" data-figure={figure}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function PromoteDialog({
  open,
  onOpenChange,
  experiment,
  results,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  experiment: ExperimentDetail;
  results: ExperimentResults;
}) {
  const candidates = experiment.variants.filter((v) => !v.control);
  const winner = results.verdict.winner;
  const preferred: VariantId =
    winner && winner !== CONTROL_ID ? winner : (candidates[0]?.id ?? CONTROL_ID);
  const [choice, setChoice] = useState<VariantId>(preferred);
  const [error, setError] = useState<string>();
  const [openedWith, setOpenedWith] = useState<string | undefined>();
  if (open && openedWith !== preferred) {
    setOpenedWith(preferred);
    setChoice(preferred);
    setError(undefined);
  } else if (!open && openedWith !== undefined) setOpenedWith(undefined);
  const client = useQueryClient();
  const toast = useToast();
  const ids = useId();

  const promote = useMutation({
    mutationFn: (variantId: VariantId) => promoteVariant(experiment.id, variantId),
    onSuccess: ({ published, ...detail }, variantId) => {
      cacheExperiment(client, detail);
      void client.invalidateQueries({ queryKey: PAGES_KEY });
      void client.invalidateQueries({ queryKey: BUILD_KEY });
      void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      onOpenChange(false);
      const name = detail.variants.find((v) => v.id === variantId)?.name ?? 'The variant';
      toast(
        published
          ? {
              title: `${name} is promoted and published`,
              description: 'Every visitor gets its content once the site is rebuilt.',
            }
          : {
              title: `${name} is promoted and awaits review`,
              description:
                "Its content is the page's working copy; it is published once approved in the page's Review tab.",
            },
      );
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const chosen = experiment.variants.find((v) => v.id === choice);
  const chosenResult = results.variants.find((r) => r.id === choice);
  const anyway = results.verdict.kind !== 'variant_wins' || choice !== winner;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={anyway ? 'Promote a variant anyway?' : 'Promote the winner?'}
      description="The variant's content becomes the page's working copy (replacing any working copy) and the experiment ends. With no approvals required it is published at once; otherwise it waits for review."
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          promote.mutate(choice);
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">Variant to promote</legend>
          {candidates.map((variant) => {
            const result = results.variants.find((r) => r.id === variant.id);
            return (
              <label
                key={variant.id}
                htmlFor={`${ids}-${variant.id}`}
                className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`${ids}-${variant.id}`}
                  type="radio"
                  name={`${ids}-variant`}
                  value={variant.id}
                  checked={choice === variant.id}
                  onChange={() => setChoice(variant.id)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium text-slate-900">{variant.name}</span>
                  {variant.id === winner && (
                    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">
                      The verdict's winner
                    </span>
                  )}
                  {result && (
                    <span className="block text-xs text-slate-600">
                      {result.visitors > 0 ? percent(result.conversionRate) : '–'} conversion rate
                      {result.uplift ? `, ${upliftText(result.uplift)} vs the control` : ''};{' '}
                      {chanceText(result.chanceToBeatControl)} chance to beat it; expected loss if
                      chosen {lossPercent(result.expectedLoss.relative)} of the control's rate
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
        {anyway && chosen && chosenResult && (
          <p
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="promote-risk"
          >
            {riskStatement(chosen.name, chosenResult, winner)}
          </p>
        )}
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={promote.isPending || !chosen}>
            {promote.isPending ? 'Promoting...' : `Promote ${chosen?.name ?? ''}`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The risk of promoting a variant the verdict did not name, as one sentence. */
function riskStatement(name: string, result: VariantResult, winner: VariantId | undefined) {
  const why =
    winner === CONTROL_ID
      ? "The verdict's winner is the control: every variant did worse than the live page."
      : winner
        ? "It is not the verdict's winner."
        : 'The results name no winner yet: promoting now decides on less evidence than the verdict rule asks for.';
  const worse =
    result.chanceToBeatControl === null ? null : chanceText(1 - result.chanceToBeatControl);
  return `${why} ${name} has ${worse ?? 'an unknown'} chance of converting worse than the control, and choosing it is expected to cost ${lossPercent(result.expectedLoss.relative)} of the control's conversion rate.`;
}
