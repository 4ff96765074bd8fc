// "Publish over errors..." (issue 38, functions/shared/page-checks.ts): a publisher publishes
// the working copy now although the checks before publishing found errors, saying why
// (10 to 500 characters). The server records the reason and the errors in the audit entry
// and on the version's publication (shown in the Versions tab, common/publication.tsx).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OVERRIDE_REASON_MAX,
  OVERRIDE_REASON_MIN,
  type PageCheck,
} from '../../../../../functions/shared/page-checks.ts';
import { describeError } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { publishOverChecks } from '../../common/workflow-api.ts';
import { FormAlert, inputClass, Modal } from '../../ui.tsx';
import { DialogButtons, Labelled } from './form-parts.tsx';

const REASON_LABEL = 'Why publish with these errors?';

/** The reason's problem as a sentence under the field, or undefined when it will do. */
export function reasonProblem(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length < OVERRIDE_REASON_MIN) {
    return `Say why in at least ${OVERRIDE_REASON_MIN} characters (${length} so far).`;
  }
  if (length > OVERRIDE_REASON_MAX) {
    return `Keep the reason to ${OVERRIDE_REASON_MAX} characters at most (${length} now).`;
  }
  return undefined;
}

export function OverrideDialog({
  open,
  page,
  errors,
  onPublished,
  onClose,
}: {
  open: boolean;
  page: LandingPage;
  /** The errors published over, as the checks list them. */
  errors: readonly PageCheck[];
  onPublished: (result: Awaited<ReturnType<typeof publishOverChecks>>) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string[]>();
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () => publishOverChecks(page.id, reason.trim()),
    onSuccess: (result) => {
      setReason('');
      onClose();
      onPublished(result);
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const close = () => {
    setError(undefined);
    setProblem(undefined);
    onClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Publish over errors"
      description="This content goes live now with the errors below. Your reason is kept with the version and in the audit log."
    >
      <form
        className="grid gap-3 text-sm"
        noValidate
        data-testid="override-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          const wrong = reasonProblem(reason);
          setProblem(wrong ? [wrong] : undefined);
          if (!wrong) send.mutate();
        }}
      >
        <ul
          className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-2 text-red-900"
          aria-label="The errors published over"
          data-testid="override-errors"
        >
          {errors.map((check) => (
            <li key={check.id} className="break-words">
              <span className="font-semibold">Error:</span> {check.message}
            </li>
          ))}
        </ul>
        <Labelled
          id="override-reason"
          label={REASON_LABEL}
          hint={`${OVERRIDE_REASON_MIN} to ${OVERRIDE_REASON_MAX} characters; ${reason.trim().length} so far.`}
          errors={problem}
        >
          <textarea
            id="override-reason"
            rows={4}
            maxLength={OVERRIDE_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={Boolean(problem)}
            aria-describedby={`override-reason-hint${problem ? ' override-reason-error' : ''}`}
            className={inputClass}
          />
        </Labelled>
        <FormAlert message={error} />
        <DialogButtons busy={send.isPending} label="Publish over errors" />
      </form>
    </Modal>
  );
}
