// The claim picker's insertion (issue 36): the token goes where the caret was, replacing a
// selection, and the caret lands after it; the list holds approved claims only, matched by
// key or wording.
import { describe, expect, it } from 'vitest';
import { claimToken, insertAtCaret, matchClaims } from './claim-insert.ts';

describe('insertAtCaret', () => {
  const token = claimToken('soc2-audited');

  it('puts the token at the caret and the caret after it', () => {
    expect(token).toBe('{{claim:soc2-audited}}');
    expect(insertAtCaret('We are  today', 7, 7, token)).toEqual({
      value: 'We are {{claim:soc2-audited}} today',
      caret: 7 + token.length,
    });
  });

  it('replaces the selected text', () => {
    expect(insertAtCaret('We are audited today', 7, 14, token).value).toBe(
      'We are {{claim:soc2-audited}} today',
    );
  });

  it('appends to a field without a caret, and clamps positions outside the text', () => {
    expect(insertAtCaret('Audited: ', null, null, token)).toEqual({
      value: `Audited: ${token}`,
      caret: 9 + token.length,
    });
    expect(insertAtCaret('ab', 5, 9, token).value).toBe(`ab${token}`);
    expect(insertAtCaret('ab', 2, 0, 'X').value).toBe('abX');
  });
});

describe('matchClaims', () => {
  const claims = [
    { key: 'uptime', text: '99.99% uptime on Enterprise', status: 'approved' as const },
    { key: 'soc2-audited', text: 'SOC 2 Type II audited', status: 'approved' as const },
    { key: 'latency', text: 'Validation under 100 ms', status: 'draft' as const },
    { key: 'audit-trail', text: 'A full audit trail', status: 'approved' as const },
  ];

  it('lists approved claims only, by key', () => {
    expect(matchClaims(claims, '').map((claim) => claim.key)).toEqual([
      'audit-trail',
      'soc2-audited',
      'uptime',
    ]);
    expect(matchClaims(claims, 'validation')).toEqual([]);
  });

  it('matches every word in the key or the text, keys that start with it first', () => {
    expect(matchClaims(claims, 'AUDIT').map((claim) => claim.key)).toEqual([
      'audit-trail',
      'soc2-audited',
    ]);
    expect(matchClaims(claims, 'type audited').map((claim) => claim.key)).toEqual(['soc2-audited']);
    expect(matchClaims(claims, '99.99%').map((claim) => claim.key)).toEqual(['uptime']);
  });
});
