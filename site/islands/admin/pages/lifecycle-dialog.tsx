// A page's lifecycle on its card (issue 37, docs/decisions/0556-page-lifecycle.md): the lines
// "Review by <date>", "Expires <time>" (its effective expiry: a claim or its evidence may
// end sooner) and "Expired", and the "Lifecycle..." dialog publishers set them in. The
// expiry is entered in the admin's own time zone and sent as UTC (as the Review tab's time
// dialog, workflow/when-dialog.tsx); both dates emptied clear the lifecycle. Errors are
// sentences beside their fields; closing returns focus to the button that opened it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  Lifecycle,
  LifecycleRequest,
  LifecycleSummary,
} from '../../../../functions/shared/api/lifecycle.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { PAGES_KEY, saveLifecycle, type LandingPage } from '../common/pages-api.ts';
import { localTime, utcTime, WORKFLOW_SUMMARY_KEY } from '../common/workflow-api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, inputClass, Modal, Tooltip } from '../ui.tsx';
import { DialogButtons, Labelled, RedirectField } from './workflow/form-parts.tsx';

/** Whether a time is still to come (read when the form is sent, not while rendering). */
const isFuture = (date: Date) => date.getTime() > Date.now();

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a datetime-local value in this browser's zone (minutes). */
export const toLocalInput = (iso: string): string => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const SOURCE: Record<NonNullable<LifecycleSummary['expiry']>['source'], string> = {
  page: 'its own expiry',
  claim: 'a claim it says expires',
  evidence: "a claim's last current evidence expires",
};

/** The card's lifecycle lines: review-by, the effective expiry, or "Expired". */
export function LifecycleLines({
  page,
  summary,
}: {
  page: LandingPage;
  summary: LifecycleSummary | undefined;
}) {
  const lifecycle = page.lifecycle;
  const expiry = summary?.expiry;
  if (!lifecycle && !expiry) return null;
  return (
    <>
      {lifecycle?.reviewBy && (
        <p className="mt-1 text-xs text-sky-900" data-testid="page-review-by">
          Review by {lifecycle.reviewBy}
        </p>
      )}
      {summary?.expired ? (
        <Tooltip
          content={`Its approval expired at ${utcTime(lifecycle?.expiresAt ?? '')}. ${
            page.isActive
              ? 'It is still live: publish a reviewed version with a later expiry, or take it down.'
              : 'It was taken off the site; publishing it again needs a later expiry.'
          }`}
        >
          <p
            tabIndex={0}
            data-testid="page-expired"
            className="mt-1 w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900"
          >
            Expired
          </p>
        </Tooltip>
      ) : (
        expiry && (
          <p className="mt-1 text-xs text-sky-900" data-testid="page-expires">
            Expires{' '}
            <Tooltip content={`${utcTime(expiry.at)}: ${SOURCE[expiry.source]}`}>
              <time dateTime={expiry.at} tabIndex={0} className="underline decoration-dotted">
                {localTime(expiry.at)}
              </time>
            </Tooltip>
            {expiry.key ? ` (claim "${expiry.key}")` : ''}
          </p>
        )
      )}
    </>
  );
}

/** The "Lifecycle..." button and its dialog (publishers only: the card decides). */
export function LifecycleAction({
  page,
  summary,
}: {
  page: LandingPage;
  summary: LifecycleSummary | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip content="When this page is to be reviewed again, when its approval ends, and what happens then: taken off the site (with a redirect) or flagged.">
        <Button
          variant="ghost"
          aria-label={`Lifecycle of ${page.title}`}
          onClick={() => setOpen(true)}
        >
          Lifecycle...
        </Button>
      </Tooltip>
      {open && <LifecycleDialog page={page} summary={summary} onClose={() => setOpen(false)} />}
    </>
  );
}

function LifecycleDialog({
  page,
  summary,
  onClose,
}: {
  page: LandingPage;
  summary: LifecycleSummary | undefined;
  onClose: () => void;
}) {
  const current = page.lifecycle;
  const [reviewBy, setReviewBy] = useState(current?.reviewBy ?? '');
  const [expires, setExpires] = useState(current?.expiresAt ? toLocalInput(current.expiresAt) : '');
  const [onExpiry, setOnExpiry] = useState<Lifecycle['onExpiry']>(current?.onExpiry ?? 'unpublish');
  const [redirectTo, setRedirectTo] = useState(current?.redirectTo ?? '');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const client = useQueryClient();
  const toast = useToast();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = expires ? new Date(expires) : undefined;
  const body = (): LifecycleRequest => ({
    ...(reviewBy ? { reviewBy } : {}),
    ...(at ? { expiresAt: at.toISOString() } : {}),
    onExpiry,
    ...(at && onExpiry === 'unpublish' && redirectTo.trim()
      ? { redirectTo: redirectTo.trim() }
      : {}),
    revision: page.revision,
  });
  const save = useMutation({
    mutationFn: () => saveLifecycle(page.id, body()),
    onSuccess: (saved) => {
      client.setQueryData<LandingPage[]>(
        PAGES_KEY,
        (list) => list && list.map((entry) => (entry.id === saved.id ? saved : entry)),
      );
      void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      toast({
        title: saved.lifecycle ? 'Lifecycle saved' : 'Lifecycle cleared',
        description: page.title,
      });
      onClose();
    },
    onError: (failure) => {
      setFields(failure instanceof HttpError ? failure.fields : {});
      setError(describeError(failure));
    },
  });
  const other = summary?.expiry && summary.expiry.source !== 'page' ? summary.expiry : undefined;
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Lifecycle: ${page.title}`}
      description="When the page is to be reviewed again and when its approval ends. Publishers are e-mailed 30 and 7 days before each date. Empty both dates to clear them."
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(undefined);
          if (at && (Number.isNaN(at.getTime()) || !isFuture(at))) {
            setFields({ expiresAt: ['must be a date and time in the future'] });
            return;
          }
          setFields({});
          save.mutate();
        }}
      >
        <Labelled
          id="lifecycle-review"
          label="Review by (optional)"
          hint="A reminder only: nothing happens to the page on that day."
          errors={fields['reviewBy']}
        >
          <input
            id="lifecycle-review"
            type="date"
            value={reviewBy}
            onChange={(event) => setReviewBy(event.target.value)}
            aria-invalid={Boolean(fields['reviewBy'])}
            aria-describedby={`lifecycle-review-hint${fields['reviewBy'] ? ' lifecycle-review-error' : ''}`}
            className={inputClass}
          />
        </Labelled>
        <Labelled
          id="lifecycle-expires"
          label={`Expires at (optional), in ${zone}`}
          errors={fields['expiresAt']}
        >
          <input
            id="lifecycle-expires"
            type="datetime-local"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
            aria-invalid={Boolean(fields['expiresAt'])}
            aria-describedby={`lifecycle-expires-utc${fields['expiresAt'] ? ' lifecycle-expires-error' : ''}`}
            className={inputClass}
          />
          <p id="lifecycle-expires-utc" className="mt-1 text-xs text-slate-600">
            {at && !Number.isNaN(at.getTime())
              ? `${expires.replace('T', ' ')} in ${zone} is ${utcTime(at.toISOString())}.`
              : `Enter it in ${zone} time, this browser's time zone; it is stored in UTC.`}
          </p>
        </Labelled>
        {other && (
          <p
            className="rounded-md bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="lifecycle-effective"
          >
            Effective expiry {localTime(other.at)}: {SOURCE[other.source]} then
            {other.key ? ` ("${other.key}")` : ''}, and the page stops saying approved material.
          </p>
        )}
        <fieldset className="grid gap-1" disabled={!expires}>
          <legend className="font-medium">At the expiry</legend>
          {(
            [
              ['unpublish', 'Take the page off the site'],
              ['flag', 'Keep it live, flagged "Expired" in the Pages list'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="on-expiry"
                value={value}
                checked={onExpiry === value}
                onChange={() => setOnExpiry(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {expires && onExpiry === 'unpublish' && (
          <RedirectField
            id="lifecycle-redirect"
            label="Then send visitors to (optional)"
            value={redirectTo}
            onChange={setRedirectTo}
            errors={fields['redirectTo']}
          />
        )}
        {/* A refusal naming fields says it beside them; any other in the alert. */}
        <FormAlert message={Object.keys(fields).length ? undefined : error} />
        <DialogButtons busy={save.isPending} label="Save lifecycle" />
      </form>
    </Modal>
  );
}
