// The page workflow's refusals (docs/decisions/0132-working-copy.md, 0133's signatures):
// domain errors that functions/lib/errors.ts answers, and the checks every signature of a
// working copy shares (a page's here, a form's in functions/data/form-review/review.ts).
import { ConflictError, NotFoundError } from '../../core/domain-errors.ts';
import type { WorkingCopy } from '../../shared/workflow.ts';

export class WorkingCopyNotFoundError extends NotFoundError {
  override name = 'WorkingCopyNotFoundError';
  constructor() {
    super('This page has no working copy');
  }
}

export class StaleWorkingCopyError extends ConflictError {
  override name = 'StaleWorkingCopyError';
  constructor(expected: number, current: WorkingCopy | undefined, liveRevision: number) {
    const now = current ? current.revision : liveRevision;
    super(
      current
        ? `The working copy was saved by ${current.updatedBy} at ${current.updatedAt} after you opened it; reload it, compare the changes, or overwrite them`
        : 'The page changed after you opened it; reload it before you save',
      {
        revision: [
          `is ${expected}, but the ${current ? 'working copy' : 'page'} is at revision ${now} now`,
        ],
      },
    );
  }
}

export class WorkflowStateError extends ConflictError {
  override name = 'WorkflowStateError';
}

export class ApprovalsMissingError extends ConflictError {
  override name = 'ApprovalsMissingError';
  constructor(required: number, current: number) {
    const missing = required - current;
    super(
      `Publishing needs ${required} approval${required === 1 ? '' : 's'} of the current working copy; it has ${current}, so ${missing} more ${missing === 1 ? 'is' : 'are'} missing`,
      {
        approvals: [
          `${current} of ${required} approval${required === 1 ? '' : 's'} of the current content (an edit voids earlier ones)`,
        ],
      },
    );
  }
}

/**
 * The refusals every signature of a working copy shares (a page's, a form's: functions/data/
 * form-review.ts): it must be in review, never signed by one of its authors, nor twice by
 * the same signer. `signatures` reads the copy's signatures (current ones sign it).
 */
export async function assertSignable(
  copy: { state: WorkingCopy['state']; authors: string[] },
  signer: { email: string },
  signatures: () => Promise<{ current: boolean; signerEmail: string }[]>,
): Promise<void> {
  if (copy.state !== 'in_review') {
    throw new WorkflowStateError('Only a working copy in review can be approved: submit it first');
  }
  if (copy.authors.includes(signer.email)) {
    throw new WorkflowStateError(
      'You edited this working copy, so you cannot approve it: another reviewer must',
    );
  }
  if ((await signatures()).some((s) => s.current && s.signerEmail === signer.email)) {
    throw new WorkflowStateError('You have already approved this content');
  }
}
