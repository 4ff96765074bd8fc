import { describe, expect, it } from 'vitest';
import {
  claimPlainText,
  claimSegments,
  numberReferences,
  type ClaimWording,
  type EvidenceCitation,
} from './references.ts';

const evidence = new Map<string, EvidenceCitation>(
  [
    {
      id: 'e-audit',
      title: 'SOC 2 Type II report',
      source: 'Example Auditors LLP',
      date: '2026-03-01',
    },
    { id: 'e-bench', title: 'Validation benchmark', source: 'PharmaBridge QA', date: '2026-06-30' },
    {
      id: 'e-sla',
      title: 'Enterprise agreement',
      source: 'PharmaBridge Legal',
      date: '2026-01-15',
    },
  ].map((entry) => [entry.id, entry]),
);
const claims = new Map<string, ClaimWording>(
  [
    {
      key: 'accuracy',
      text: '99.8% validation accuracy',
      references: [{ evidenceId: 'e-bench', locator: 'Table 2' }],
    },
    {
      key: 'soc2',
      text: 'SOC 2 Type II audited',
      references: [{ evidenceId: 'e-audit', locator: 'p. 4' }],
    },
    {
      key: 'uptime',
      text: '99.99% uptime SLA on Enterprise',
      references: [
        { evidenceId: 'e-sla', locator: '§ 7.1' },
        { evidenceId: 'e-bench', locator: 'Appendix B' },
      ],
    },
  ].map((claim) => [claim.key, claim]),
);

describe('page references', () => {
  it('numbers evidence in the order the page first uses it, once per piece', () => {
    const refs = numberReferences(['soc2', 'uptime', 'soc2', 'accuracy'], claims, evidence);
    expect(refs.entries.map((entry) => [entry.number, entry.evidence.id, entry.locators])).toEqual([
      [1, 'e-audit', ['p. 4']],
      [2, 'e-sla', ['§ 7.1']],
      [3, 'e-bench', ['Appendix B', 'Table 2']],
    ]);
    expect(refs.numbers.get('uptime')).toEqual([2, 3]);
    expect(refs.numbers.get('accuracy')).toEqual([3]);
  });

  it('leaves out unknown claims and missing evidence, and marks an unknown claim in text', () => {
    const refs = numberReferences(['ghost', 'accuracy'], claims, new Map());
    expect(refs.entries).toEqual([]);
    expect(claimSegments('Our {{claim:ghost}} and {{claim:accuracy}}.', claims, refs)).toEqual([
      { kind: 'text', text: 'Our ' },
      { kind: 'missing', key: 'ghost' },
      { kind: 'text', text: ' and ' },
      { kind: 'claim', key: 'accuracy', text: '99.8% validation accuracy', numbers: [] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('gives the plain wording for meta text', () => {
    expect(claimPlainText('We are {{claim:soc2}} ({{claim:nope}})', claims)).toBe(
      'We are SOC 2 Type II audited ([nope])',
    );
  });
});
