// The Analytics tab's tables: the sortable pages table, referrers, campaigns, devices,
// and the data tables that stand beside the charts. Referrers and devices end with an
// "Unattributed" row when some leads have neither (unattributed.ts).
import { InfoTip } from '../ui.tsx';
import { useState, type ReactNode } from 'react';
import type {
  AnalyticsPageRow,
  CampaignRow,
  DeviceRow,
  ReferrerRow,
} from '../../../../functions/shared/analytics.ts';
import { PAGE_KIND_LABELS } from './csv-export.ts';
import { formatCount, formatRate } from './format.ts';
import { UNATTRIBUTED_HELP, UNATTRIBUTED_LABEL, unattributedLeads } from './unattributed.ts';

export interface Column {
  label: string;
  numeric?: boolean;
}

/**
 * A plain table with a caption (read by screen readers; the card's heading shows it).
 * Wide tables scroll sideways in a focusable region, so a keyboard can scroll it too.
 */
export function DataTable({
  caption,
  columns,
  rows,
  empty,
  captionHidden = true,
  testId,
}: {
  caption: string;
  columns: Column[];
  rows: ReactNode[][];
  empty?: string;
  captionHidden?: boolean;
  testId?: string;
}) {
  return (
    <div
      className="overflow-x-auto rounded-md border border-slate-200"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className={captionHidden ? 'sr-only' : 'px-3 pt-3 text-left font-medium text-ink'}>
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-2 py-2 font-semibold whitespace-nowrap sm:px-3 ${column.numeric ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-slate-600">
                {empty ?? 'Nothing in this range.'}
              </td>
            </tr>
          ) : (
            rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, column) =>
                  column === 0 ? (
                    <th
                      key={column}
                      scope="row"
                      className="px-2 py-2 font-medium text-slate-900 sm:px-3"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={column}
                      className={`px-2 py-2 whitespace-nowrap text-slate-800 sm:px-3 ${
                        columns[column]?.numeric ? 'text-right tabular-nums' : ''
                      }`}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

type PageSortKey = 'title' | 'visitors' | 'pageViews' | 'ctaClicks' | 'leads' | 'conversionRate';

const PAGE_COLUMNS: { key: PageSortKey; label: string; numeric: boolean }[] = [
  { key: 'title', label: 'Page', numeric: false },
  { key: 'visitors', label: 'Visitors', numeric: true },
  { key: 'pageViews', label: 'Page views', numeric: true },
  { key: 'ctaClicks', label: 'CTA clicks', numeric: true },
  { key: 'leads', label: 'Leads', numeric: true },
  { key: 'conversionRate', label: 'Conversion rate', numeric: true },
];

function comparePages(key: PageSortKey) {
  return (a: AnalyticsPageRow, b: AnalyticsPageRow): number => {
    if (key === 'title') return a.title.localeCompare(b.title);
    // Pages without a rate (no visitors) sort below every page with one.
    const left = a[key] ?? -1;
    const right = b[key] ?? -1;
    return left - right || a.title.localeCompare(b.title);
  };
}

/** The pages table, sortable by every column (header buttons; aria-sort says how). */
export function PagesTable({ pages }: { pages: AnalyticsPageRow[] }) {
  const [sort, setSort] = useState<{ key: PageSortKey; descending: boolean }>({
    key: 'visitors',
    descending: true,
  });
  const sorted = [...pages].sort(comparePages(sort.key));
  if (sort.descending) sorted.reverse();
  const choose = (key: PageSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, descending: !current.descending }
        : { key, descending: key !== 'title' },
    );
  return (
    <div
      className="overflow-x-auto rounded-md border border-slate-200"
      role="region"
      aria-label="Pages"
      tabIndex={0}
    >
      <table className="w-full text-left text-sm" data-testid="pages-table">
        <caption className="sr-only">
          Pages, sorted by {PAGE_COLUMNS.find((c) => c.key === sort.key)?.label.toLowerCase()}{' '}
          {sort.descending ? 'descending' : 'ascending'}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {PAGE_COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  className={`px-1 py-1 font-semibold whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => choose(column.key)}
                    className="inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-slate-200"
                  >
                    {column.label}
                    <span
                      aria-hidden="true"
                      className={active ? 'text-slate-900' : 'text-slate-400'}
                    >
                      {active ? (sort.descending ? '▼' : '▲') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sorted.map((page) => (
            <tr key={page.pageId}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                <span className="block">{page.title}</span>
                <span className="block text-xs font-normal text-slate-600">
                  {page.path ?? '/contact, /demo, /pilot'}
                  {page.kind !== 'live' && ` · ${PAGE_KIND_LABELS[page.kind]}`}
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.visitors)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.pageViews)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.ctaClicks)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(page.leads)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatRate(page.conversionRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const REFERRER_NAMES: Record<ReferrerRow['kind'], string> = {
  value: '',
  direct: 'Direct or unknown',
  other: 'Other sources',
};

/**
 * The "Unattributed" label with its tooltip, a row's first cell. The button wraps under the
 * word when a phone's table has no room for both on one line.
 */
function UnattributedLabel() {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {UNATTRIBUTED_LABEL}
      <InfoTip about="unattributed leads">{UNATTRIBUTED_HELP}</InfoTip>
    </span>
  );
}

/**
 * `totalLeads`: the period's Leads total; what the rows do not carry is the final
 * "Unattributed" row (no visitors, those leads), shown when there is any.
 */
export function ReferrersTable({ rows, totalLeads }: { rows: ReferrerRow[]; totalLeads: number }) {
  const unattributed = unattributedLeads(totalLeads, rows);
  return (
    <DataTable
      caption="Referrers"
      testId="referrers-table"
      columns={[
        { label: 'Source' },
        { label: 'Visitors', numeric: true },
        { label: 'Leads', numeric: true },
      ]}
      rows={[
        ...rows.map((row) => [
          row.kind === 'value' ? row.host : REFERRER_NAMES[row.kind],
          formatCount(row.visitors),
          formatCount(row.leads),
        ]),
        ...(unattributed > 0
          ? [[<UnattributedLabel key="label" />, formatCount(0), formatCount(unattributed)]]
          : []),
      ]}
      empty="No visits with a known source in this range."
    />
  );
}

export function CampaignsTable({ rows }: { rows: CampaignRow[] }) {
  const orNone = (value: string) => value || <span className="text-slate-500">(none)</span>;
  return (
    <DataTable
      caption="Campaigns (UTM tags)"
      testId="campaigns-table"
      columns={[
        { label: 'Campaign' },
        { label: 'Source' },
        { label: 'Medium' },
        { label: 'Visitors', numeric: true },
        { label: 'Leads', numeric: true },
      ]}
      rows={rows.map((row) =>
        row.kind === 'other'
          ? ['Other campaigns', '', '', formatCount(row.visitors), formatCount(row.leads)]
          : [
              orNone(row.campaign),
              orNone(row.source),
              orNone(row.medium),
              formatCount(row.visitors),
              formatCount(row.leads),
            ],
      )}
      empty="No visits tagged with utm_source, utm_medium or utm_campaign in this range."
    />
  );
}

const DEVICE_NAMES: Record<DeviceRow['device'], string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
};

/** As ReferrersTable: the leads without a device make the final "Unattributed" row. */
export function DevicesTable({ rows, totalLeads }: { rows: DeviceRow[]; totalLeads: number }) {
  const total = rows.reduce((sum, row) => sum + row.visitors, 0);
  const unattributed = unattributedLeads(totalLeads, rows);
  return (
    <DataTable
      caption="Devices"
      testId="devices-table"
      columns={[
        { label: 'Device' },
        { label: 'Visitors', numeric: true },
        { label: 'Share', numeric: true },
        { label: 'Leads', numeric: true },
      ]}
      rows={[
        ...rows.map((row) => [
          DEVICE_NAMES[row.device],
          formatCount(row.visitors),
          formatRate(total > 0 ? row.visitors / total : null),
          formatCount(row.leads),
        ]),
        // No visitors, so no share of them.
        ...(unattributed > 0
          ? [
              [
                <UnattributedLabel key="label" />,
                formatCount(0),
                formatRate(null),
                formatCount(unattributed),
              ],
            ]
          : []),
      ]}
    />
  );
}
