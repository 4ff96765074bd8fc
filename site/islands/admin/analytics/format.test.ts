import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../../functions/shared/analytics.ts';
import { csvFileName, dailyCsv, pagesCsv } from './csv-export.ts';
import { countChange, formatRate, presetRange, rateChange, stepRate } from './format.ts';

describe('ranges and changes', () => {
  it('ends the presets today (UTC), today included', () => {
    const late = new Date('2026-03-31T23:30:00-05:00'); // already 1 April in UTC
    expect(presetRange(7, late)).toEqual({ from: '2026-03-26', to: '2026-04-01' });
    expect(presetRange(90, new Date('2026-03-31T12:00:00Z'))).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('says how a count and a rate changed against the previous period', () => {
    expect(countChange(12, 10, 'en')).toMatchObject({ text: '+20%', direction: 'up' });
    expect(countChange(9, 10, 'en')).toMatchObject({ text: '−10%', direction: 'down' });
    expect(countChange(101, 100, 'en').text).toBe('+1%');
    expect(countChange(5, 0, 'en')).toMatchObject({ text: 'New', direction: 'up' });
    expect(countChange(0, 0, 'en')).toMatchObject({ text: 'No change', direction: 'flat' });
    expect(rateChange(0.05, 0.04, 'en')).toMatchObject({ text: '+1 pts', direction: 'up' });
    expect(rateChange(0.031, 0.04, 'en').text).toBe('−0.9 pts');
    expect(rateChange(null, 0.04, 'en').text).toBe('No visitors');
    expect(formatRate(1 / 3, 'en')).toBe('33.3%');
    expect(formatRate(null)).toBe('–');
    expect(stepRate(3, 12, 'en')).toBe('25%');
    expect(stepRate(3, 0, 'en')).toBe('–');
  });
});

describe('CSV exports', () => {
  const period = {
    from: '2026-03-01',
    to: '2026-03-02',
    days: 2,
    daily: [
      { day: '2026-03-01', visitors: 3, pageViews: 4, leads: 1, ctaClicks: 2 },
      { day: '2026-03-02', visitors: 0, pageViews: 0, leads: 0, ctaClicks: 0 },
    ],
    pages: [
      {
        pageId: 'a',
        title: '=HYPERLINK("http://evil.example","Spring, 2026")',
        path: '/spring',
        kind: 'live',
        visitors: 3,
        pageViews: 4,
        ctaClicks: 2,
        leads: 1,
        conversionRate: 1 / 3,
      },
      {
        pageId: 'OTHER',
        title: 'Contact page and pilot form',
        path: null,
        kind: 'forms',
        visitors: 0,
        pageViews: 0,
        ctaClicks: 0,
        leads: 2,
        conversionRate: null,
      },
    ],
  } as unknown as AnalyticsResponse['current'];

  it('writes the daily series as RFC 4180 with a BOM and CRLF', () => {
    expect(dailyCsv(period)).toBe(
      '\uFEFFDay (UTC),Visitors,Page views,CTA clicks,Leads\r\n2026-03-01,3,4,2,1\r\n2026-03-02,0,0,0,0\r\n',
    );
  });

  it('writes the pages table with formulas made inert and rates as percentages', () => {
    const lines = pagesCsv(period).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFPage,Path,Status,Visitors,Page views,CTA clicks,Leads,Conversion rate (%)',
    );
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Spring, 2026"")",/spring,Live,3,4,2,1,33.3`,
    );
    expect(lines[2]).toBe('Contact page and pilot form,,Site forms,0,0,0,2,');
  });

  it('names the file after the range and the page', () => {
    const report = { current: period, page: { id: 'a', title: 'Spring', path: '/spring' } };
    expect(csvFileName('daily', report as AnalyticsResponse)).toBe(
      'analytics-daily-2026-03-01-to-2026-03-02-spring.csv',
    );
    expect(csvFileName('pages', { ...report, page: null } as AnalyticsResponse)).toBe(
      'analytics-pages-2026-03-01-to-2026-03-02.csv',
    );
  });
});
