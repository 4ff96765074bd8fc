// The browser accessibility check's list (axe-check.tsx): axe's violations, the most serious
// first, each with its rule, impact, help and number of elements, and the summary sentence.
import type { Result } from 'axe-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, axeSummary } from './axe-check.tsx';

const violation = (id: string, impact: Result['impact'], nodes: number) =>
  ({
    id,
    impact,
    help: `Help for ${id}`,
    helpUrl: `https://dequeuniversity.com/rules/axe/4.14/${id}`,
    nodes: Array.from({ length: nodes }, () => ({})),
  }) as unknown as Result;

describe('the browser accessibility check', () => {
  it('lists the most serious problems first, with how many elements break each', () => {
    const findings = axeFindings([
      violation('region', 'moderate', 3),
      violation('image-alt', 'critical', 1),
      violation('color-contrast', 'serious', 2),
    ]);
    expect(findings.map((finding) => [finding.id, finding.impact, finding.nodes])).toEqual([
      ['image-alt', 'critical', 1],
      ['color-contrast', 'serious', 2],
      ['region', 'moderate', 3],
    ]);
    expect(findings[0]!.help).toBe('Help for image-alt');
  });

  it('sums them up in a sentence', () => {
    expect(axeSummary([])).toBe('axe found no problems.');
    expect(axeSummary(axeFindings([violation('image-alt', 'critical', 1)]))).toBe(
      'axe found 1 problem (1 element).',
    );
    expect(
      axeSummary(axeFindings([violation('a', 'minor', 2), violation('b', 'serious', 3)])),
    ).toBe('axe found 2 problems (5 elements).');
  });
});
