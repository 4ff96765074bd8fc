// Issue 21, item 13: the password rules accepted the product's own name (`PharmaBridge2026`).
// A password that is mostly a word tied to this site (the product, the company, the admin
// area) plus digits, symbols or a year is refused now, whatever its case or spacing.
import { describe, expect, it } from 'vitest';
import { contextWordProblem, CONTEXT_WORD_PROBLEM } from './password-context.ts';
import { passwordProblem } from './passwords.ts';
import { TEST_PASSWORD } from '../test/harness.ts';

describe('passwords made of the site’s own words', () => {
  it.each([
    'PharmaBridge2026',
    'pharmabridge2026!',
    'PHARMA BRIDGE 2026',
    'Pharma-Bridge_2025!!',
    'Ph@rmaBr1dge#2026',
    'pharmabridge!!!!',
    'Admin2026!!!!!',
    'Administrator#1',
    'LandingPage2026',
    'landing page manager 1',
    'Pharma-Bridge-Admin-1',
    'password-admin-2026',
    'PharmaBridgeInc2026',
    'PharmaBridgeRocks1',
    '2026pharmabridge2026',
  ])('refuses %s', (password) => {
    expect(passwordProblem(password)).toBe(CONTEXT_WORD_PROBLEM);
  });

  it.each([
    TEST_PASSWORD,
    'copper-meadow-violin-77',
    'my pharmabridge horse stable battery',
    'badminton-club-forever',
    'Badminton2026!!',
    'x9#Lq2!vR7@m',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
  });

  it('explains the refusal as a whole sentence after the field name', () => {
    expect(contextWordProblem('PharmaBridge2026')).toBe(CONTEXT_WORD_PROBLEM);
    expect(CONTEXT_WORD_PROBLEM).toMatch(/^is [^A-Z].*[a-z]$/);
  });
});
