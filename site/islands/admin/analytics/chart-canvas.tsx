// One Chart.js canvas (line or bar) for the Analytics tab, loaded on first use and read by
// keyboard: the focused chart moves through its values with the arrow keys, highlights
// the point with Chart.js's own tooltip and says the values in a live region. Every
// chart also has a data table beside it (the accessible alternative).
import type { Chart, ChartConfiguration } from 'chart.js';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ChartSeries {
  label: string;
  color: string;
  values: number[];
  /** A dashed line, so lines differ by more than their colour. */
  dashed?: boolean;
}

let chartClass: Promise<typeof Chart> | undefined;

/**
 * Chart.js, imported only when a chart is first drawn (its own chunk, never part of the
 * admin's first load), with only the controllers, elements and plugins drawn here
 * registered, so the bundler drops the rest.
 */
export function loadChartJs(): Promise<typeof Chart> {
  chartClass ??= import('chart.js').then((chartJs) => {
    chartJs.Chart.register(
      chartJs.LineController,
      chartJs.LineElement,
      chartJs.PointElement,
      chartJs.BarController,
      chartJs.BarElement,
      chartJs.CategoryScale,
      chartJs.LinearScale,
      chartJs.Tooltip,
      chartJs.Legend,
    );
    chartJs.Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    chartJs.Chart.defaults.color = '#475569';
    return chartJs.Chart;
  });
  chartClass.catch(() => {
    chartClass = undefined;
  });
  return chartClass;
}

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function configFor(
  kind: 'line' | 'bar',
  labels: string[],
  titles: string[],
  series: ChartSeries[],
): ChartConfiguration<'line' | 'bar'> {
  const datasets = series.map((s) => ({
    label: s.label,
    data: s.values,
    borderColor: s.color,
    backgroundColor: s.color,
    ...(kind === 'line'
      ? {
          borderWidth: 2,
          pointRadius: labels.length > 45 ? 0 : 2,
          pointHoverRadius: 5,
          tension: 0.25,
          ...(s.dashed ? { borderDash: [6, 4] } : {}),
        }
      : { borderRadius: 4, maxBarThickness: 28 }),
  }));
  return {
    type: kind,
    data: { labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : { duration: 250 },
      ...(kind === 'bar' ? { indexAxis: 'y' as const } : {}),
      interaction: kind === 'line' ? { mode: 'index', intersect: false } : { mode: 'nearest' },
      plugins: {
        legend: { display: series.length > 1, labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: { title: (items) => titles[items[0]?.dataIndex ?? 0] ?? '' },
        },
      },
      scales: {
        [kind === 'bar' ? 'x' : 'y']: {
          beginAtZero: true,
          ticks: { precision: 0 },
          grid: { color: '#e2e8f0' },
        },
        [kind === 'bar' ? 'y' : 'x']: {
          grid: { display: false },
          ticks: { autoSkip: true, maxRotation: 0 },
        },
      },
    },
  } as ChartConfiguration<'line' | 'bar'>;
}

export function ChartCanvas({
  kind,
  labels,
  titles,
  series,
  label,
  describe,
  hint,
  heightClass = 'h-64',
}: {
  kind: 'line' | 'bar';
  /** Axis labels ("3 Mar"). */
  labels: string[];
  /** Tooltip titles and what the keyboard reads ("Tue, 3 Mar 2026"). */
  titles: string[];
  series: ChartSeries[];
  /** The chart's accessible name. */
  label: string;
  /** The values at one index, as a sentence. */
  describe: (index: number) => string;
  /** How to read the chart by keyboard. */
  hint: string;
  heightClass?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line' | 'bar'> | null>(null);
  const latest = useRef({ labels, titles, series });
  const [active, setActive] = useState<number | undefined>();
  const [failed, setFailed] = useState(false);
  const readout = useId();
  const dataKey = JSON.stringify([labels, series]);

  // First of the effects, so the ones below (and the async load) see this render's data.
  useEffect(() => {
    latest.current = { labels, titles, series };
  });

  useEffect(() => {
    let cancelled = false;
    loadChartJs().then(
      (ChartJs) => {
        if (cancelled || !canvas.current) return;
        const { labels: l, titles: t, series: s } = latest.current;
        chart.current = new ChartJs(canvas.current, configFor(kind, l, t, s));
      },
      (error: unknown) => {
        console.error('Chart.js could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      chart.current?.destroy();
      chart.current = null;
    };
  }, [kind]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const next = configFor(
      kind,
      latest.current.labels,
      latest.current.titles,
      latest.current.series,
    );
    current.data = next.data;
    current.options = next.options ?? {};
    current.update();
    setActive(undefined);
  }, [dataKey, kind]);

  const show = (index: number | undefined) => {
    setActive(index);
    const current = chart.current;
    if (!current) return;
    if (index === undefined) {
      current.setActiveElements([]);
      current.tooltip?.setActiveElements([], { x: 0, y: 0 });
    } else {
      const elements = latest.current.series.map((_, datasetIndex) => ({ datasetIndex, index }));
      const point = current.getDatasetMeta(0).data[index];
      current.setActiveElements(elements);
      current.tooltip?.setActiveElements(elements, { x: point?.x ?? 0, y: point?.y ?? 0 });
    }
    current.update();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = labels.length - 1;
    if (last < 0) return;
    const forward = kind === 'bar' ? 'ArrowDown' : 'ArrowRight';
    const back = kind === 'bar' ? 'ArrowUp' : 'ArrowLeft';
    let next: number | undefined;
    if (event.key === forward || event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      next = active === undefined ? 0 : Math.min(last, active + 1);
    } else if (event.key === back || event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      next = active === undefined ? last : Math.max(0, active - 1);
    } else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      show(undefined);
      return;
    } else return;
    event.preventDefault();
    show(next);
  };

  return (
    <div>
      <div
        // Focusable so keyboard users can step through the values.
        tabIndex={0}
        role="group"
        aria-label={`${label}. ${hint}`}
        aria-describedby={readout}
        onKeyDown={onKeyDown}
        onBlur={() => show(undefined)}
        className={`relative rounded-md ${heightClass}`}
        data-testid={`chart-${kind}`}
      >
        {failed ? (
          <p className="p-4 text-sm text-slate-600">
            The chart could not be drawn; the table below has the same figures.
          </p>
        ) : (
          <canvas ref={canvas} role="img" aria-label={label} />
        )}
      </div>
      <p id={readout} aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700">
        {active === undefined ? <span className="text-slate-500">{hint}</span> : describe(active)}
      </p>
    </div>
  );
}
