import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DeviceRow, ReferrerRow } from '../../../../functions/shared/analytics.ts';
import { TooltipProvider } from '../ui.tsx';
import { DevicesTable, ReferrersTable } from './tables.tsx';
import { UNATTRIBUTED_LABEL, unattributedLeads } from './unattributed.ts';

// Seven leads in the total: four came with a source and a device (one direct, one past the
// top hosts), three from a GPC visitor, a DNT one and a crawler, which have neither.
const REFERRERS: ReferrerRow[] = [
  { kind: 'value', host: 'news.example.com', visitors: 12, leads: 2 },
  { kind: 'direct', host: null, visitors: 30, leads: 1 },
  { kind: 'other', host: null, visitors: 4, leads: 1 },
];
const DEVICES: DeviceRow[] = [
  { device: 'desktop', visitors: 35, leads: 3 },
  { device: 'mobile', visitors: 10, leads: 1 },
  { device: 'tablet', visitors: 1, leads: 0 },
];

const render = (table: ReactElement) =>
  renderToStaticMarkup(createElement(TooltipProvider, null, table));

/** The cells of each body row, as text. */
const bodyRows = (html: string) =>
  [...html.split('<tbody')[1]!.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      cell[1]!
        .replace(/<button[^>]*>.*?<\/button>/g, '')
        .replace(/<[^>]+>/g, '')
        .trim(),
    ),
  );

describe('unattributed leads', () => {
  it('are the total less every row’s leads, "other" and "direct" rows included', () => {
    expect(unattributedLeads(7, REFERRERS)).toBe(3);
    expect(unattributedLeads(7, DEVICES)).toBe(3);
  });

  it('are none when every lead has a source, and without any row', () => {
    expect(unattributedLeads(4, REFERRERS)).toBe(0);
    expect(unattributedLeads(0, [])).toBe(0);
    expect(unattributedLeads(2, [])).toBe(2);
  });

  it('are never negative (rows that claim more than the total)', () => {
    expect(unattributedLeads(3, REFERRERS)).toBe(0);
  });

  it('end the referrers and devices tables as one row: no visitors, those leads', () => {
    const referrers = bodyRows(
      render(createElement(ReferrersTable, { rows: REFERRERS, totalLeads: 7 })),
    );
    expect(referrers).toEqual([
      ['news.example.com', '12', '2'],
      ['Direct or unknown', '30', '1'],
      ['Other sources', '4', '1'],
      [UNATTRIBUTED_LABEL, '0', '3'],
    ]);
    const devices = bodyRows(render(createElement(DevicesTable, { rows: DEVICES, totalLeads: 7 })));
    expect(devices.at(-1)).toEqual([UNATTRIBUTED_LABEL, '0', '–', '3']);
    expect(devices).toHaveLength(4);
    // Each table's leads add up to the total.
    for (const rows of [referrers, devices]) {
      expect(rows.reduce((sum, row) => sum + Number(row.at(-1)), 0)).toBe(7);
    }
  });

  it('leave the tables as they were when every lead is attributed', () => {
    const html = render(createElement(ReferrersTable, { rows: REFERRERS, totalLeads: 4 }));
    expect(html).not.toContain(UNATTRIBUTED_LABEL);
    expect(
      bodyRows(render(createElement(DevicesTable, { rows: DEVICES, totalLeads: 4 }))),
    ).toHaveLength(3);
  });

  it('label their row with an explaining button', () => {
    const html = render(createElement(ReferrersTable, { rows: [], totalLeads: 1 }));
    expect(html).toContain('aria-label="About unattributed leads"');
    expect(bodyRows(html)).toEqual([[UNATTRIBUTED_LABEL, '0', '1']]);
  });
});
