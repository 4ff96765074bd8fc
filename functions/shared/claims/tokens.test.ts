import { describe, expect, it } from 'vitest';
import {
  claimKeysIn,
  claimToken,
  claimTokenProblem,
  parseClaimText,
  replaceClaimTokens,
} from './tokens.ts';

describe('claim tokens', () => {
  it('cuts text into plain runs and claims, keeping a malformed token as text', () => {
    expect(parseClaimText('We are {{claim:soc2-audited}}, and {{claim:Bad}} stays.')).toEqual([
      { kind: 'text', text: 'We are ' },
      { kind: 'claim', key: 'soc2-audited' },
      { kind: 'text', text: ', and {{claim:Bad}} stays.' },
    ]);
    expect(parseClaimText('{{claim:a1}}{{claim:b2}}')).toEqual([
      { kind: 'claim', key: 'a1' },
      { kind: 'claim', key: 'b2' },
    ]);
    expect(parseClaimText('no token')).toEqual([{ kind: 'text', text: 'no token' }]);
  });

  it('lists the keys a text says, repeats included, and leaves dynamic text alone', () => {
    expect(claimKeysIn('{{claim:uptime}} {{param:utm_term|teams}} {{claim:uptime}}')).toEqual([
      'uptime',
      'uptime',
    ]);
    expect(claimKeysIn('plain')).toEqual([]);
  });

  it('names what is wrong with a malformed token', () => {
    expect(claimTokenProblem('fine {{claim:soc2}}')).toBeUndefined();
    expect(claimTokenProblem('{{claim:soc2')).toMatch(/not closed: write \{\{claim:key\}\}/);
    expect(claimTokenProblem('{{claim:SOC 2}}')).toMatch(/key is not a claim key/);
    expect(claimTokenProblem('{{claim:x}}')).toMatch(/2 to 64 lowercase/);
  });

  it('replaces tokens with what the caller says, and builds the picker token', () => {
    expect(replaceClaimTokens(`A ${claimToken('uptime')}.`, (key) => key.toUpperCase())).toBe(
      'A UPTIME.',
    );
  });
});
