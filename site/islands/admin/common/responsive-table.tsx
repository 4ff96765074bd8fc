// A list of records that is a table on wide screens and one card per record on narrow ones
// (the forms, redirects and experiments lists): the table's caption and the card list's name
// are one label, so both read the same to a screen reader
// (docs/decisions/0450-admin-common-kernel.md).
import type { ReactNode } from 'react';

export interface Column<Row> {
  /** What the header cell shows: a word, or an element (a tooltip's trigger, a hidden name). */
  heading: ReactNode;
  /** Unique among the columns (the header's React key). */
  key: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the body cell (default: `px-3 py-2`). */
  className?: string;
  /** Classes of the header cell, beyond the padding (default: `font-medium`). */
  headingClassName?: string;
}

const CARD = 'rounded-xl border border-slate-200 bg-white p-3 text-sm';

export function ResponsiveTable<Row>({
  rows,
  rowKey,
  label,
  columns,
  rowHeader = false,
  card,
  cardClassName = CARD,
  testIds = {},
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The table's caption and the card list's accessible name. */
  label: string;
  /** The table's columns; without them the cards show at every width (a side column's list). */
  columns?: Column<Row>[];
  /** The first column names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** What one record's card holds. */
  card: (row: Row) => ReactNode;
  cardClassName?: string;
  testIds?: { table?: string; row?: string; list?: string; card?: string };
}) {
  return (
    <>
      {columns && (
        <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
          <table className="w-full text-left text-sm" data-testid={testIds.table}>
            <caption className="sr-only">{label}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`px-3 py-2 ${column.headingClassName ?? 'font-medium'}`}
                  >
                    {column.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={testIds.row} className="align-top">
                  {columns.map((column, index) => {
                    const className = column.className ?? 'px-3 py-2';
                    return rowHeader && index === 0 ? (
                      <th key={column.key} scope="row" className={className}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ul
        className={columns ? 'grid grid-cols-1 gap-2 md:hidden' : 'grid grid-cols-1 gap-2'}
        aria-label={label}
        data-testid={testIds.list}
      >
        {rows.map((row) => (
          <li key={rowKey(row)} data-testid={testIds.card} className={cardClassName || undefined}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
