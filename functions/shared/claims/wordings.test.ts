import { describe, expect, it } from 'vitest';
import claimsJson from '../../../content/claims.json' with { type: 'json' };
import { compileWording, findWordings, wordingProblem } from './wordings.ts';

const words = (text: string, ...wordings: string[]) =>
  findWordings(text, wordings.map(compileWording)).map((found) => found.match);

describe('forbidden wordings', () => {
  it('matches a phrase whatever its case, spacing or hyphens, as whole words only', () => {
    expect(words('We are HIPAA-compliant and hipaa  compliant.', 'HIPAA compliant')).toEqual([
      'HIPAA-compliant',
      'hipaa  compliant',
    ]);
    expect(words('HIPAA compliantly', 'HIPAA compliant')).toEqual([]);
    expect(words('a #1 choice', '#1')).toEqual(['#1']);
  });

  it('runs /pattern/flags as a regular expression', () => {
    expect(words('Validated in 100ms and in 100 ms', '/\\b100ms/i')).toEqual(['100ms']);
  });

  it('refuses expressions that do not compile or could backtrack for ever', () => {
    expect(wordingProblem('/(unclosed/')).toMatch(/^is not a valid regular expression/);
    expect(wordingProblem('/(a+)+b/')).toMatch(/repeated group that itself repeats/);
    expect(wordingProblem('/(a|aa)*b/')).toMatch(/repeated group/);
    expect(wordingProblem('/(at rest )?with AES/i')).toBeUndefined();
    expect(wordingProblem('--')).toBe('must hold at least one letter or digit');
    expect(wordingProblem('HIPAA compliant')).toBeUndefined();
  });

  it('accepts every contradicting wording of content/claims.json, which the seed carries over', () => {
    for (const { pattern, flags } of claimsJson.variants) {
      const wording = `/${pattern}/${flags}`;
      expect(wordingProblem(wording), wording).toBeUndefined();
    }
    const seeded = claimsJson.variants.map(({ pattern, flags }) =>
      compileWording(`/${pattern}/${flags}`),
    );
    const found = (text: string) => findWordings(text, seeded).map((hit) => hit.match);
    expect(found('We are HIPAA compliant and SOC 2 certified.')).toEqual([
      'HIPAA complian',
      'SOC 2 certified',
    ]);
    expect(found('Start pilot today')).toEqual([]);
    expect(found('Join the pilot')).toEqual(['pilot']);
  });
});
