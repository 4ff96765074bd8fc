// The publishing settings screen's own checks (issue 36): the reviewer checklist's empty,
// too long and repeated items are named by index in sentences before anything is sent, and
// Save sends only the settings that changed (the PUT takes any subset).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../functions/shared/workflow.ts';
import { changedSettings, checklistProblems } from './settings-section.tsx';
import { jobCodePrefixProblem } from './job-code-setting.tsx';
import { CHECKS, checksChoice } from './settings-choices.ts';

describe('the publishing settings screen', () => {
  it('names empty, too long and repeated checklist items', () => {
    const problems = checklistProblems(['Fair balance', '  ', 'x'.repeat(201), ' Fair balance ']);
    expect([...problems.entries()]).toEqual([
      [1, 'Item 2 is empty: write it or remove it.'],
      [2, 'Item 3 is longer than 200 characters: shorten it.'],
      [3, 'Item 4 repeats item 1: list each item once.'],
    ]);
    expect(checklistProblems(['Fair balance', 'Trademarks']).size).toBe(0);
  });

  it('sends only what changed, the checklist trimmed and in its new order', () => {
    const stored = { ...DEFAULT_SETTINGS, reviewChecklist: ['A', 'B'] };
    expect(changedSettings(stored, { ...stored })).toEqual({});
    expect(
      changedSettings(stored, { ...stored, claimsLint: 'block', reviewChecklist: ['B ', 'A'] }),
    ).toEqual({ claimsLint: 'block', reviewChecklist: ['B', 'A'] });
    expect(changedSettings(stored, { ...stored, maxApprovalMonths: 12 })).toEqual({
      maxApprovalMonths: 12,
    });
    expect(
      changedSettings(stored, {
        ...stored,
        approvalsRequired: 2,
        withdrawnClaims: 'unpublish',
        openCommentsBlockApproval: false,
      }),
    ).toEqual({
      approvalsRequired: 2,
      withdrawnClaims: 'unpublish',
      openCommentsBlockApproval: false,
    });
  });

  it('names a bad job code prefix in a sentence, and sends a changed prefix trimmed (issue 37)', () => {
    expect(jobCodePrefixProblem('pb')).toBe(
      'The job code prefix must be 2 to 10 capital letters or digits, starting with a letter (for example PB).',
    );
    expect(jobCodePrefixProblem('1AB')).toMatch(/^The job code prefix must be/);
    expect(jobCodePrefixProblem('ABCDEFGHIJK')).toMatch(/^The job code prefix must be/);
    expect(jobCodePrefixProblem('MLR26')).toBeUndefined();
    expect(
      changedSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, jobCodePrefix: ' MLR ' }),
    ).toEqual({ jobCodePrefix: 'MLR' });
  });

  it('offers the checks before publishing as block or list, and sends a change (issue 38)', () => {
    expect(CHECKS[checksChoice(DEFAULT_SETTINGS.checksBlockPublishing)]).toBe(
      'Block submitting and publishing',
    );
    expect(CHECKS[checksChoice(false)]).toBe('List them only');
    expect(
      changedSettings(DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, checksBlockPublishing: false }),
    ).toEqual({ checksBlockPublishing: false });
  });
});
