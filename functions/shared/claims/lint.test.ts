import { describe, expect, it } from 'vitest';
import { lintClaims } from './lint.ts';
import { textFields } from './text-fields.ts';

const approved = [
  { key: 'accuracy', text: '99.8% validation accuracy' },
  { key: 'uptime', text: '99.99% uptime SLA on Enterprise' },
  { key: 'soc2', text: 'SOC 2 Type II audited' },
];

describe('claims lint', () => {
  it('finds figures beside words of measure and absolute words, with path and candidates', () => {
    const content = {
      hero: { headline: 'Validation with 99.8% accuracy', cta: { href: '/best-price' } },
      layout: [
        {
          id: 'intro',
          type: 'rich-text',
          body: 'The only platform that is [certified](/best). Cut errors by 40%.',
        },
        {
          id: 'stats',
          type: 'stats',
          items: [{ label: 'Founded in 2019' }, { label: '{{claim:uptime}}' }],
        },
      ],
    };
    const findings = lintClaims(textFields(content), approved);
    expect(findings.map(({ path, words, why }) => [path, words, why])).toEqual([
      ['hero.headline', '99.8%', 'figure'],
      ['layout.0.body', '40%', 'figure'],
      ['layout.0.body', 'only', 'absolute'],
      ['layout.0.body', 'certified', 'absolute'],
    ]);
    expect(findings[0]!.candidates).toEqual(['accuracy']);
    expect(findings[0]!.excerpt).toBe('Validation with 99.8% accuracy');
    expect(findings[1]!.excerpt).toBe('Cut errors by 40%.');
  });

  it('does not read a claim token’s wording, link targets, ids or settings', () => {
    const content = {
      layout: [
        {
          id: 'best',
          type: 'hero',
          headline: 'Say {{claim:accuracy}} here',
          href: 'https://x.test/only',
        },
      ],
    };
    expect(lintClaims(textFields(content), approved)).toEqual([]);
  });

  it('misses claims made without its words, as its documentation says', () => {
    expect(
      lintClaims(textFields({ t: 'Trusted by the top ten pharma companies' }), approved),
    ).toEqual([]);
  });
});
