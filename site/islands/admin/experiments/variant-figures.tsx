// The results' figures per variant, each heading explained in plain words in a tooltip:
// visitors, conversions, conversion rate with its 95% credible interval, uplift over the
// control with its interval, chance to beat the control and expected loss; a table on wide
// screens, one card per variant on narrow ones. Governed by
// docs/decisions/0370-experiment-figures-from-one-posterior.md and
// docs/decisions/0320-experiment-visitor-key.md (what a visitor is).
import type { ReactNode } from 'react';
import {
  CONTROL_ID,
  type ExperimentResults,
  type VariantResult,
} from '../../../../functions/shared/experiments.ts';
import { lossPercent } from '../../../../functions/shared/stats/verdict.ts';
import { Tooltip } from '../ui.tsx';
import { chanceText, percent, rateRange, signedPercent, upliftRange } from './format.ts';

export type Figure = 'visitors' | 'conversions' | 'rate' | 'uplift' | 'chance' | 'risk';

const FIGURE_LABELS: Record<Figure, string> = {
  visitors: 'Visitors',
  conversions: 'Conversions',
  rate: 'Conversion rate',
  uplift: 'Uplift vs control',
  chance: 'Chance to beat control',
  risk: 'Expected loss if chosen',
};

export function figureHints(goal: string): Record<Figure, string> {
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

/** A figure's heading: a button whose tooltip says, in plain words, what the figure is. */
export function Explained({ label, hint }: { label: string; hint: string }) {
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
export function VariantTable({
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
export function VariantCards({
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
