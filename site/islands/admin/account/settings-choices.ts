// The publishing settings' choices as the settings screen words them (settings-section.tsx):
// required approvals, approval periods, the claims lint and what a withdrawn claim does.
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
