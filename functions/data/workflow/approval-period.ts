// The approval period (issue 37, docs/decisions/0557-approval-period.md): a page goes live
// only with an expiry still ahead of the publication, and, while the setting
// `maxApprovalMonths` is on, one within that many calendar months of it. Checked when a
// page is published now (publish.ts), when a publish is scheduled (routes/workflow.ts, for
// the schedule's time) and when the schedule fires (publish.ts again, run by the scheduler).
import type { Lifecycle } from '../../shared/api/lifecycle.ts';
import { WorkflowStateError } from './errors.ts';

/** A refusal naming `expiresAt` (409); the scheduler voids a schedule it refuses. */
export class ApprovalPeriodError extends WorkflowStateError {
  override name = 'ApprovalPeriodError';
}

/** `from` plus `months` calendar months (UTC), the day cut to the month's last one. */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from.getTime());
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, last));
  return to;
}

/** Throws unless `lifecycle` lets the page go live at `publication` (see the header). */
export function assertApprovalPeriod(
  lifecycle: Lifecycle | undefined,
  months: number,
  publication: Date,
): void {
  const expiresAt = lifecycle?.expiresAt;
  const when = publication.toISOString();
  if (expiresAt && Date.parse(expiresAt) <= publication.getTime()) {
    throw new ApprovalPeriodError(
      `Its approval expires at ${expiresAt}, before the publication at ${when}: set a later expiry in the page's Lifecycle first`,
      { expiresAt: [`is ${expiresAt}, not after the publication at ${when}`] },
    );
  }
  if (months === 0) return;
  const limit = addMonths(publication, months).toISOString();
  const period = `${months} month${months === 1 ? '' : 's'}`;
  if (!expiresAt) {
    throw new ApprovalPeriodError(
      `Publishing needs an expiry within ${period} of the publication (the approval period setting): set one in the page's Lifecycle, at ${limit} at the latest`,
      { expiresAt: [`is required: at most ${period} after the publication, by ${limit}`] },
    );
  }
  if (Date.parse(expiresAt) > Date.parse(limit)) {
    throw new ApprovalPeriodError(
      `The expiry ${expiresAt} is more than ${period} after the publication at ${when} (the approval period setting): set one at ${limit} at the latest`,
      { expiresAt: [`is more than ${period} after the publication; the latest is ${limit}`] },
    );
  }
}
