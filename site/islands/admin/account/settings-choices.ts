// The publishing settings' choices as the settings screen words them (settings-section.tsx):
// required approvals, approval periods, the claims lint, what a withdrawn claim does and
// whether the errors of the checks before publishing refuse submit and publish (issue 38).
import { MAX_APPROVALS_REQUIRED, type Settings } from '../../../../functions/shared/workflow.ts';

export const CHOICES = Array.from({ length: MAX_APPROVALS_REQUIRED + 1 }, (_, n) => n);
export const describe = (n: number) =>
  n === 0
    ? 'None: publishers publish directly'
    : `${n} reviewer${n === 1 ? '' : 's'} must approve each change`;

/** Approval periods offered (months; 0: off), with a value set through the API added. */
export const PERIODS = [0, 1, 3, 6, 12, 18, 24, 36];
export const period = (n: number) =>
  n === 0 ? 'Off: no expiry needed' : `${n} month${n === 1 ? '' : 's'} at most`;

export const LINT: Record<Settings['claimsLint'], string> = {
  warn: 'Warn: list it in the Review tab',
  block: 'Block: refuse to approve, publish or schedule',
};
export const WITHDRAWN: Record<Settings['withdrawnClaims'], string> = {
  flag: 'Flag pages, e-mail publishers',
  unpublish: 'Take live pages down at once',
};

/** `checksBlockPublishing` as a choice of two (the select's values). */
export type ChecksChoice = 'block' | 'list';
export const CHECKS: Record<ChecksChoice, string> = {
  block: 'Block submitting and publishing',
  list: 'List them only',
};
export const checksChoice = (blocking: boolean): ChecksChoice => (blocking ? 'block' : 'list');
