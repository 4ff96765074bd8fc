// The New experiment form's rules: default names, even shares, the live total, and the API's
// field errors sorted to the form's fields.
import { describe, expect, it } from 'vitest';
import {
  addRow,
  defaultRows,
  defaultVariantName,
  equalShares,
  removeRow,
  sharesTotal,
  sortErrors,
  totalProblem,
} from './form-rules.ts';

describe('variant defaults', () => {
  it('names the control, then B, C and D', () => {
    expect([0, 1, 2, 3].map(defaultVariantName)).toEqual(['Control', 'B', 'C', 'D']);
  });

  it('splits 100% as evenly as whole percents allow, the first variants taking the rest', () => {
    expect(equalShares(2)).toEqual([50, 50]);
    expect(equalShares(3)).toEqual([34, 33, 33]);
    expect(equalShares(4)).toEqual([25, 25, 25, 25]);
    for (const count of [1, 2, 3, 4, 6, 7]) {
      expect(equalShares(count).reduce((a, b) => a + b, 0)).toBe(100);
    }
    expect(equalShares(0)).toEqual([]);
  });

  it('starts with the control and B at 50/50', () => {
    expect(defaultRows()).toEqual([
      { name: 'Control', weight: '50' },
      { name: 'B', weight: '50' },
    ]);
  });

  it('adds up to four variants and removes down to two, never the control, splitting evenly', () => {
    let rows = addRow(defaultRows());
    expect(rows).toEqual([
      { name: 'Control', weight: '34' },
      { name: 'B', weight: '33' },
      { name: 'C', weight: '33' },
    ]);
    rows = addRow(rows);
    expect(rows.map((row) => row.name)).toEqual(['Control', 'B', 'C', 'D']);
    expect(addRow(rows)).toHaveLength(4);
    expect(removeRow(rows, 0)).toEqual(rows);
    const three = removeRow(rows, 2);
    expect(three.map((row) => `${row.name}:${row.weight}`)).toEqual(['Control:34', 'B:33', 'D:33']);
    expect(removeRow(removeRow(three, 1), 1)).toHaveLength(2);
  });
});

describe('the live total', () => {
  it('is silent at 100% and says the total otherwise', () => {
    expect(totalProblem(defaultRows())).toBeUndefined();
    const rows = [
      { name: 'Control', weight: '60' },
      { name: 'B', weight: '30' },
    ];
    expect(sharesTotal(rows)).toBe(90);
    expect(totalProblem(rows)).toBe('Shares must add up to 100% (now 90%).');
  });

  it('asks for whole numbers while a share is empty or not one', () => {
    for (const weight of ['', '12.5', 'ten', '-5']) {
      const rows = [
        { name: 'Control', weight: '50' },
        { name: 'B', weight },
      ];
      expect(sharesTotal(rows)).toBeUndefined();
      expect(totalProblem(rows)).toMatch(/whole number of percent/);
    }
  });
});

describe('the API field errors', () => {
  it('go to the field, the variant row or the variants together', () => {
    const sorted = sortErrors(
      {
        name: ['is required'],
        variants: ['weights must add up to 100 (%), not 90'],
        'variants.1.weight': ['must be at least 1 (%)'],
        'variants.0.name': ['is required'],
        'variants.0.content': ["must be left out: the control is the page's live version"],
        pageId: ['must be a page id'],
      },
      2,
    );
    expect(sorted.fields).toEqual({ name: ['is required'] });
    expect(sorted.variants).toEqual(['weights must add up to 100 (%), not 90']);
    expect(sorted.rows).toEqual([
      {
        name: ['is required'],
        other: ["content must be left out: the control is the page's live version"],
      },
      { weight: ['must be at least 1 (%)'] },
    ]);
    expect(sorted.other).toEqual(['pageId must be a page id']);
  });

  it('keeps a row the form does not have among the others', () => {
    expect(sortErrors({ 'variants.5.name': ['is required'] }, 2).other).toEqual([
      'variants.5.name is required',
    ]);
  });
});
