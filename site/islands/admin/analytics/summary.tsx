// The headline tiles (with their change against the previous period) and the funnel as the
// server counts it, in order: the default steps or the team's goals (issue 25,
// docs/decisions/0160-goal-breakdowns-and-funnels.md, docs/decisions/0411-funnels-in-order.md).
import type { AnalyticsPeriod, AnalyticsResponse } from '../../../../functions/shared/analytics.ts';
import { InfoTip } from '../ui.tsx';
import {
  countChange,
  formatCount,
  formatRate,
  rateChange,
  stepRate,
  type Change,
} from './format.ts';

export const TILE_HELP = {
  visitors:
    'People who viewed a landing page, counted once a day without cookies (a daily changing, anonymous hash). Someone who comes back on another day counts again. Crawlers and browsers that send Do Not Track or Global Privacy Control are not counted.',
  pageViews: 'Every load of a landing page, repeat views by the same visitor included.',
  leads:
    'Contact submissions: the landing-page dialogs, the contact page and the pilot form. Spam caught by the form trap is not counted.',
  conversionRate: 'Leads divided by visitors in the same days.',
} as const;

const CHANGE_STYLE: Record<Change['direction'], string> = {
  up: 'text-brand-800',
  down: 'text-red-700',
  flat: 'text-slate-600',
};
const ARROW: Record<Change['direction'], string> = { up: '▲', down: '▼', flat: '' };

function Tile({
  id,
  label,
  value,
  change,
  help,
  days,
}: {
  id: string;
  label: string;
  value: string;
  change: Change;
  help: string;
  days: number;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {label}
        <InfoTip about={label.toLowerCase()}>{help}</InfoTip>
      </dt>
      <dd className="mt-1 text-3xl font-semibold text-ink tabular-nums" data-testid={`tile-${id}`}>
        {value}
      </dd>
      <dd className={`mt-1 text-sm ${CHANGE_STYLE[change.direction]}`} data-testid={`change-${id}`}>
        <span aria-hidden="true">
          {ARROW[change.direction]} {change.text}
        </span>
        <span className="sr-only">{change.description}</span>
        <span className="text-slate-600"> vs previous {days} days</span>
      </dd>
    </div>
  );
}

export function HeadlineTiles({
  current,
  previous,
}: {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
}) {
  const now = current.totals;
  const before = previous.totals;
  const counts = [
    ['visitors', 'Visitors', 'visitors'],
    ['page-views', 'Page views', 'pageViews'],
    ['leads', 'Leads', 'leads'],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Headline figures">
      {counts.map(([id, label, key]) => (
        <Tile
          key={id}
          id={id}
          label={label}
          value={formatCount(now[key])}
          change={countChange(now[key], before[key])}
          help={TILE_HELP[key]}
          days={previous.days}
        />
      ))}
      <Tile
        id="conversion-rate"
        label="Conversion rate"
        value={formatRate(now.conversionRate)}
        change={rateChange(now.conversionRate, before.conversionRate)}
        help={TILE_HELP.conversionRate}
        days={previous.days}
      />
    </dl>
  );
}

/**
 * The funnel as the server counts it (GET /api/admin/analytics `funnel`,
 * docs/decisions/0411-funnels-in-order.md): each step's visitors who reached it after every
 * step before it, in order, the same day, and their share of the step before. The team's goals
 * in order, or the default steps (a page viewed, a call-to-action pressed, a form sent).
 */
export function Funnel({ report }: { report: AnalyticsResponse }) {
  return (
    <FunnelSteps
      goals={report.goalFunnel.length > 0}
      steps={report.funnel.map((step) => ({ label: step.name, value: step.visitors }))}
    />
  );
}

function FunnelSteps({
  steps,
  goals,
}: {
  steps: { label: string; value: number }[];
  goals: boolean;
}) {
  const widest = Math.max(1, ...steps.map((step) => step.value));
  return (
    <ol className="space-y-3" data-testid="funnel" data-funnel={goals ? 'goals' : 'default'}>
      {steps.map((step, index) => {
        const before = steps[index - 1];
        const share = step.value / widest;
        return (
          <li key={`${index}-${step.label}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-slate-900">{step.label}</span>
              <span className="text-slate-700 tabular-nums">
                <span className="font-semibold text-ink" data-testid="funnel-visitors">
                  {formatCount(step.value)}
                </span>
                <span className="text-slate-600"> {step.value === 1 ? 'visitor' : 'visitors'}</span>
                {before && (
                  <>
                    {' · '}
                    {stepRate(step.value, before.value)} of {before.label}
                  </>
                )}
              </span>
            </div>
            <div className="mt-1 h-3 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-3 rounded-full bg-brand-600"
                // Set through the DOM (CSSOM), which the CSP's style-src-attr does not govern.
                style={{ width: `${step.value > 0 ? Math.max(2, share * 100) : 0}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
