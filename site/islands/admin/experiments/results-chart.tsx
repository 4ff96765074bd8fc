// The cumulative conversion rate of each variant, day by day since the start: a small SVG
// (drawn at the width it is given, so it stays sharp from 390 px up), its lines told apart
// by dash as well as colour, with a legend, an accessible name saying the latest figures, and
// the same figures as a table for screen readers and anyone who wants the numbers.
import { useEffect, useRef, useState } from 'react';
import type { ExperimentResults } from '../../../../functions/shared/experiments.ts';
import { longDay, shortDay } from '../common/day-range.ts';
import { percent, rateAxis } from './format.ts';

/** Per variant, in order: the control's slate, then brand, amber, violet; dashes for B..D. */
export const SERIES_STYLES = [
  { color: '#334155', dash: undefined },
  { color: '#0f766e', dash: '6 4' },
  { color: '#b45309', dash: '2 3' },
  { color: '#7c3aed', dash: '10 3 2 3' },
] as const;

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 26, left: 44 };

export function ResultsChart({ results }: { results: ExperimentResults }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const days = results.daily;
  const names = new Map(results.variants.map((v) => [v.id, v.name]));
  const series = results.variants.map((variant, index) => ({
    id: variant.id,
    name: variant.name,
    style: SERIES_STYLES[index] ?? SERIES_STYLES[0],
    rates: days.map((day) => {
      const counts = day.variants.find((v) => v.id === variant.id);
      return counts && counts.visitors > 0 ? counts.conversions / counts.visitors : null;
    }),
  }));
  const highest = Math.max(0, ...series.flatMap((s) => s.rates.filter((r) => r !== null)));
  const axis = rateAxis(highest);
  const plotWidth = Math.max(40, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (days.length <= 1 ? plotWidth / 2 : (index / (days.length - 1)) * plotWidth);
  const y = (rate: number) => PAD.top + plotHeight - (rate / axis.top) * plotHeight;

  // Day labels: the first, the last, and a few between as the width allows.
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(plotWidth / 70))));
  const labelled = days
    .map((day, index) => ({ day: day.day, index }))
    .filter(({ index }) => index === 0 || index === days.length - 1 || index % labelEvery === 0)
    // Not so close to the last that the two overlap.
    .filter(({ index }) => index === days.length - 1 || days.length - 1 - index >= labelEvery);

  const last = days.at(-1);
  const summary = last
    ? `Cumulative conversion rate per day, ${shortDay(days[0]!.day)} to ${shortDay(last.day)}. On ${longDay(last.day)}: ${series
        .map(
          (s) => `${s.name} ${s.rates.at(-1) === null ? 'no visitors' : percent(s.rates.at(-1)!)}`,
        )
        .join(', ')}.`
    : 'Cumulative conversion rate per day: no days yet.';

  return (
    <figure className="grid gap-2" data-testid="results-chart">
      <figcaption className="text-sm font-semibold text-ink">
        Conversion rate so far, day by day
      </figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.id} className="inline-flex items-center gap-1.5">
            <svg width="24" height="8" className="shrink-0">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={s.style.color}
                strokeWidth="2.5"
                strokeDasharray={s.style.dash}
              />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <div ref={box} className="w-full">
        <svg
          role="img"
          aria-label={summary}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full"
        >
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={PAD.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#e2e8f0"
              />
              <text
                x={PAD.left - 6}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                fontSize="11"
                fill="#475569"
              >
                {percent(tick, 1)}
              </text>
            </g>
          ))}
          {labelled.map(({ day, index }) => (
            <text
              key={day}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={
                days.length > 1 && index === 0
                  ? 'start'
                  : days.length > 1 && index === days.length - 1
                    ? 'end'
                    : 'middle'
              }
              fontSize="11"
              fill="#475569"
            >
              {shortDay(day)}
            </text>
          ))}
          {series.map((s) => {
            const points = s.rates
              .map((rate, index) => (rate === null ? null : `${x(index)},${y(rate)}`))
              .filter((point): point is string => point !== null);
            return (
              <g key={s.id}>
                {points.length > 1 && (
                  <polyline
                    points={points.join(' ')}
                    fill="none"
                    stroke={s.style.color}
                    strokeWidth="2.5"
                    strokeLinejoin="round"
                    strokeDasharray={s.style.dash}
                  />
                )}
                {points.length <= 3 &&
                  points.map((point) => {
                    const [cx, cy] = point.split(',');
                    return <circle key={point} cx={cx} cy={cy} r="3.5" fill={s.style.color} />;
                  })}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700">The figures per day</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs" data-testid="results-daily">
            <caption className="sr-only">
              Cumulative visitors, conversions and conversion rate per variant and day
            </caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day (UTC)
                </th>
                {results.variants.map((v) => (
                  <th key={v.id} scope="col" className="py-1 pr-3 font-medium">
                    {v.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    {longDay(day.day)}
                  </th>
                  {day.variants.map((counts) => (
                    <td key={counts.id} className="py-1 pr-3 whitespace-nowrap tabular-nums">
                      {counts.visitors > 0 ? percent(counts.conversions / counts.visitors) : '–'}{' '}
                      <span className="text-slate-600">
                        ({counts.conversions.toLocaleString()} of {counts.visitors.toLocaleString()}
                        <span className="sr-only"> visitors of {names.get(counts.id)}</span>)
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
