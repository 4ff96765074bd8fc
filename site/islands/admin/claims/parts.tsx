// Pieces the Claims and Evidence views share (issue 36): the status badges (a lapsed
// approval says why), the withdrawal dialog that asks for the reason, and a view's heading,
// which takes the focus when the view opens, as the Redirects view's does.
import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { withdrawSchema } from '../../../../functions/shared/claims/model.ts';
import { describeError, HttpError } from '../api.ts';
import { navigate } from '../route.ts';
import { Button, FieldError, FormAlert, inputClass, Modal, Tooltip } from '../ui.tsx';
import type { ClaimShownStatus, EvidenceShownStatus } from './claims-url.ts';

const TONES: Record<ClaimShownStatus | EvidenceShownStatus, string> = {
  approved: 'bg-green-100 text-green-900',
  current: 'bg-green-100 text-green-900',
  draft: 'bg-slate-100 text-slate-800',
  lapsed: 'bg-amber-100 text-amber-900',
  expired: 'bg-amber-100 text-amber-900',
  withdrawn: 'bg-red-100 text-red-900',
};

export const STATUS_LABELS: Record<ClaimShownStatus | EvidenceShownStatus, string> = {
  approved: 'Approved',
  current: 'Current',
  draft: 'Draft',
  lapsed: 'Lapsed',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const STATUS_HINTS: Record<ClaimShownStatus | EvidenceShownStatus, string> = {
  approved: 'Signed by a reviewer: pages may say it.',
  current: 'Substantiates the claims that cite it.',
  draft: 'Not approved yet: a page that says it cannot be published.',
  lapsed: 'Was approved, but no longer holds; a reviewer must sign it again.',
  expired: 'Past its expiry day: the claims it alone supports lapse.',
  withdrawn: 'Withdrawn for good; pages that say it are flagged.',
};

/** The status as a badge with its meaning on hover and focus. */
export function StatusBadge({ status }: { status: ClaimShownStatus | EvidenceShownStatus }) {
  return (
    <Tooltip content={STATUS_HINTS[status]}>
      <span
        tabIndex={0}
        data-status={status}
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}
      >
        {STATUS_LABELS[status]}
      </span>
    </Tooltip>
  );
}

/** A view's heading, focused when the view (or the record) opens. */
export function ViewHeading({ id, children }: { id: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2
      id={id}
      ref={heading}
      tabIndex={-1}
      className="text-2xl font-semibold wrap-anywhere text-ink outline-none"
    >
      {children}
    </h2>
  );
}

/** Asks why, then withdraws (final): the reason goes to the audit log and to the people told. */
export function WithdrawDialog<T>({
  open,
  title,
  message,
  confirmLabel,
  onClose,
  withdraw,
  onWithdrawn,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onClose: () => void;
  withdraw: (reason: string) => Promise<T>;
  onWithdrawn: (result: T) => void;
}) {
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const close = () => {
    setReason('');
    setFieldErrors(undefined);
    setError(undefined);
    onClose();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = withdrawSchema.safeParse({ reason });
    if (!checked.success) {
      setFieldErrors(checked.error.issues.map((issue) => issue.message));
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await withdraw(checked.data.reason);
      close();
      onWithdrawn(result);
    } catch (failure) {
      if (failure instanceof HttpError && failure.fields['reason']) {
        setFieldErrors(failure.fields['reason']);
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={title}
      description={message}
      role="alertdialog"
    >
      <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            Reason
          </label>
          <textarea
            id={id}
            rows={3}
            maxLength={2000}
            value={reason}
            aria-invalid={Boolean(fieldErrors)}
            aria-describedby={fieldErrors ? `${id}-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setFieldErrors(undefined);
            }}
            className={inputClass}
          />
          <FieldError id={`${id}-error`} messages={fieldErrors} label="The reason" />
        </div>
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Withdrawing...' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * A button for the roles that may use it; for the others it shows disabled, its tooltip
 * saying who does it (docs/decisions/0534-claims-screens.md: the two roles hand a claim to
 * each other, so each sees the other's step).
 */
export function RoleButton({
  label,
  may,
  why,
  onClick,
  variant = 'secondary',
}: {
  label: string;
  may: boolean;
  why: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  if (may) {
    return (
      <Button variant={variant} onClick={onClick}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip content={why}>
      <span tabIndex={0} className="inline-flex rounded-md">
        <Button disabled aria-label={`${label}: ${why}`}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** "2026-11-30", or a dash for none. */
export const day = (value: string | undefined) => value ?? '—';

/**
 * A list view's top: its heading (focused on open), what it is, Back, the other list, and
 * "add" for the roles that may (disabled with the reason for the others).
 */
export function ListHeader({
  id,
  title,
  intro,
  onBack,
  other,
  add,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  onBack: () => void;
  other: { label: string; onOpen: () => void };
  add: { label: string; may: boolean; why: string; onClick: () => void };
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-72">
        <ViewHeading id={id}>{title}</ViewHeading>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onBack}>
          <span aria-hidden="true">←</span> Back to pages
        </Button>
        <Button onClick={other.onOpen}>{other.label}</Button>
        <RoleButton variant="primary" {...add} />
      </div>
    </div>
  );
}

/** A list's filters: a search landmark whose controls refine the URL as they change. */
export function FilterForm({
  label,
  columns,
  children,
}: {
  label: string;
  /** The grid's columns on wider screens. */
  columns: string;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={`mt-6 grid gap-3 ${columns}`}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </form>
  );
}

/**
 * A record's top: what it is, its name as the heading, the way back to its list, and while
 * it loads or when it cannot, a sentence saying so.
 */
export function DetailHeader({
  id,
  kind,
  title,
  backLabel,
  onBack,
  query,
}: {
  id: string;
  kind: string;
  title: ReactNode;
  backLabel: string;
  onBack: () => void;
  query: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const what = kind.toLowerCase();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <p className="text-sm text-slate-600">{kind}</p>
          <ViewHeading id={id}>{title}</ViewHeading>
        </div>
        <Button onClick={onBack}>
          <span aria-hidden="true">←</span> {backLabel}
        </Button>
      </div>
      {query.isPending && <p role="status">Loading the {what}...</p>}
      {query.isError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          The {what} could not be loaded. {describeError(query.error)}
        </p>
      )}
    </>
  );
}

/** A labelled filter control of a list's search form. */
export function Filter({
  label,
  children,
}: {
  label: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * The words filter: uncontrolled, so what is typed stays as typed (the URL keeps it trimmed);
 * each keystroke refines the URL.
 */
export function SearchFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (q: string) => void;
}) {
  return (
    <Filter label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          defaultValue={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </Filter>
  );
}

export function StatusFilter<S extends ClaimShownStatus | EvidenceShownStatus>({
  options,
  value,
  onChange,
}: {
  options: readonly S[];
  value: S | undefined;
  onChange: (status: S | undefined) => void;
}) {
  return (
    <Filter label="Status">
      {(id) => (
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange((event.target.value || undefined) as S | undefined)}
          className={inputClass}
        >
          <option value="">Any status</option>
          {options.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      )}
    </Filter>
  );
}

/** A list's body: loading, a failure as a sentence, how many match, or why none shows. */
export function ListBody({
  query,
  what,
  total,
  shown,
  filtered,
  countText,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  /** "claims", "evidence" */
  what: string;
  total: number;
  shown: number;
  filtered: boolean;
  /** The count when nothing is filtered ("3 claims."). */
  countText: string;
  /** What the empty list says: with nothing stored, and with nothing matching. */
  empty: { none: [string, string]; unmatched: [string, string] };
  children: ReactNode;
}) {
  const [title, text] = total === 0 ? empty.none : empty.unmatched;
  return (
    <div className="mt-4">
      {query.isPending && <p role="status">Loading {what}...</p>}
      {query.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          The {what} could not be loaded. {describeError(query.error)}
        </p>
      )}
      {query.isSuccess && (
        <p role="status" className="mb-2 text-sm text-slate-600" data-testid={`${what}-count`}>
          {filtered ? `${shown} of ${total} match the filters.` : countText}
        </p>
      )}
      {query.isSuccess && shown === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">{title}</p>
          <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">{text}</p>
        </div>
      )}
      {shown > 0 && children}
    </div>
  );
}

/** A link within the admin: a new history entry without reloading the app. */
export function ViewLink({
  href,
  className = '',
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
      className={`font-medium wrap-anywhere text-brand-700 underline-offset-4 hover:underline ${className}`}
    >
      {children}
    </a>
  );
}
