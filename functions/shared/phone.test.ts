// Issue 33: a phone field refused `(415) 555-0100` (its rule wanted a digit or + first), after
// the visitor pressed Send. The rule now takes numbers as people write them in the US, the UK
// and Germany, with extensions, and reads the E.164 number where the country is known.
import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  normalPhone,
  PHONE_CHARACTERS_PROBLEM,
  PHONE_LENGTH_PROBLEM,
} from './phone.ts';

/** Typed -> the stored normal form (undefined: kept as typed only, no country to tell). */
const ACCEPTED: [typed: string, normal: string | undefined][] = [
  // United States and Canada
  ['(415) 555-0100', '+14155550100'],
  ['415-555-0100', '+14155550100'],
  ['415.555.0100', '+14155550100'],
  ['415 555 0100', '+14155550100'],
  ['4155550100', '+14155550100'],
  ['1-415-555-0100', '+14155550100'],
  ['+1 (415) 555-0100', '+14155550100'],
  ['+1 415-555-0100 ext. 12', '+14155550100;ext=12'],
  ['(415) 555-0100 x12', '+14155550100;ext=12'],
  ['(415) 555-0100 #12', '+14155550100;ext=12'],
  ['415-555-0100, ext 4021', '+14155550100;ext=4021'],
  ['415 555 0100 extension 7', '+14155550100;ext=7'],
  // United Kingdom
  ['+44 20 7946 0958', '+442079460958'],
  ['+44 (0)20 7946 0958', '+442079460958'],
  ['020 7946 0958', undefined],
  ['0044 20 7946 0958', '+442079460958'],
  ['+44 7700 900123 ext. 5', '+447700900123;ext=5'],
  // Germany
  ['+49 30 901820', '+4930901820'],
  ['+49 (0)30 90 18 20', '+4930901820'],
  ['030 901820', undefined],
  ['030/901820', undefined],
  ['0049 30 901820', '+4930901820'],
  ['(030) 901820-12', undefined],
  ['+49 89 636-48018 x3', '+498963648018;ext=3'],
];

const REFUSED: [typed: string, problem: string][] = [
  ['call me', PHONE_CHARACTERS_PROBLEM],
  ['555', PHONE_LENGTH_PROBLEM],
  ['1-800-FLOWERS', PHONE_CHARACTERS_PROBLEM],
  ['415 + 555 0100', PHONE_CHARACTERS_PROBLEM],
  ['((415) 555-0100', PHONE_CHARACTERS_PROBLEM],
  ['(415 555-0100', PHONE_CHARACTERS_PROBLEM],
  ['+0 415 555 0100', PHONE_CHARACTERS_PROBLEM],
  ['+1 415 555 0100 1234 5678', PHONE_LENGTH_PROBLEM],
  ['ext. 12', PHONE_CHARACTERS_PROBLEM],
  ['415 555 0100 ext. 1234567', PHONE_CHARACTERS_PROBLEM],
];

describe('checkPhone', () => {
  it.each(ACCEPTED)('takes %s, stored as %s', (typed, normal) => {
    const check = checkPhone(typed);
    if (!check.ok) throw new Error(`refused ${typed}: ${check.problem}`);
    expect(check.phone.display).toBe(typed);
    expect(normalPhone(check.phone)).toBe(normal);
  });

  it.each(REFUSED)('refuses %s: %s', (typed, problem) => {
    expect(checkPhone(typed)).toEqual({ ok: false, problem });
  });

  it('keeps what was typed, with its outer and doubled spaces tidied', () => {
    const check = checkPhone('  (415)   555-0100  ');
    expect(check).toEqual({ ok: true, phone: { display: '(415) 555-0100', e164: '+14155550100' } });
  });
});
