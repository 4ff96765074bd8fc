// The Analytics tab's Share dialog (issue 25, docs/decisions/0156-shared-dashboards.md): a
// read-only link to the figures for people without an account, and the links made so far.
// Publishers and admins make one (a label, an expiry) and revoke one; every other role sees
// the list only (the API refuses the rest anyway). The link itself opens
// site/pages/shared/analytics.astro.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  createShareSchema,
  type AnalyticsShare,
  type CreateShareRequest,
} from '../../../../functions/shared/reports.ts';
import { checkForm, showFailure } from '../common/fields.tsx';
import { CopyableLink, CopyButton } from '../common/copyable-link.tsx';
import { describeError, formatTime, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FormAlert, inputClass, Modal, TextField } from '../ui.tsx';
import {
  createShare,
  EXPIRY_CHOICES,
  revokeShare,
  SHARES_KEY,
  listShares,
  shareStatus,
  type ExpiryChoice,
  type ShareStatus,
} from './shares-api.ts';

export const SHARE_NOTE =
  'Anyone with this link can see these figures (no names or e-mail addresses of leads) until it expires or you revoke it.';

const expiryLabel = (days: ExpiryChoice) => (days === null ? 'Never' : `After ${days} days`);

export function ShareDialog({
  open,
  onOpenChange,
  mayShare,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The role may make and revoke links (`publish`). */
  mayShare: boolean;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={mayShare ? 'Share these figures' : 'Shared links'}
      description="A shared link opens a read-only copy of this dashboard, every page's figures for the last 7, 28 or 90 days, without an account."
    >
      <div className="grid gap-6">
        {mayShare && <NewShare />}
        <ShareList mayShare={mayShare} />
      </div>
    </Modal>
  );
}

function NewShare() {
  const ids = useId();
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(30);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const make = useMutation({
    mutationFn: createShare,
    onSuccess: (share) => {
      client.setQueryData<AnalyticsShare[]>(SHARES_KEY, (shares) => [share, ...(shares ?? [])]);
      void client.invalidateQueries({ queryKey: SHARES_KEY });
      setLabel('');
    },
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const made = make.data;

  // The form gives way to the link, and back: focus follows, so it is not lost with the
  // button pressed. (Not on opening, where the dialog puts it in the first field.)
  const shown = useRef(made);
  useEffect(() => {
    if (shown.current === made) return;
    shown.current = made;
    if (made) document.getElementById(`${ids}-link`)?.focus();
    else document.getElementById(`${ids}-form`)?.querySelector('input')?.focus();
  }, [made, ids]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateShareRequest = { label, expiresInDays: expiry };
    const problems = checkForm(createShareSchema, body);
    setFields(problems ?? {});
    setError(undefined);
    if (!problems) make.mutate(body);
  };

  if (made) {
    return (
      <div
        role="status"
        data-testid="new-share"
        className="grid gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4"
      >
        <p className="text-sm font-medium text-slate-900">
          Link for {made.label} made;{' '}
          {made.expiresAt ? `it works until ${formatTime(made.expiresAt)}.` : 'it never expires.'}
        </p>
        <CopyableLink id={`${ids}-link`} label={`Shared link for ${made.label}`} url={made.url} />
        <p className="text-sm text-slate-700">{SHARE_NOTE}</p>
        <div>
          <Button onClick={() => make.reset()}>Make another link</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      id={`${ids}-form`}
      onSubmit={submit}
      noValidate
      aria-label="New shared link"
      className="grid gap-4"
    >
      <TextField
        label="Label"
        hint="Who it is for, such as Agency or Board; shown on the shared page."
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        errors={fields['label']}
        required
        maxLength={80}
        autoComplete="off"
      />
      <div>
        <label htmlFor={`${ids}-expiry`} className="text-sm font-medium text-slate-800">
          Expires
        </label>
        <select
          id={`${ids}-expiry`}
          value={expiry ?? 'never'}
          onChange={(e) =>
            setExpiry(e.target.value === 'never' ? null : (Number(e.target.value) as ExpiryChoice))
          }
          className={inputClass}
        >
          {EXPIRY_CHOICES.map((days) => (
            <option key={days ?? 'never'} value={days ?? 'never'}>
              {expiryLabel(days)}
            </option>
          ))}
        </select>
      </div>
      <FormAlert message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={make.isPending}>
          {make.isPending ? 'Creating...' : 'Create link'}
        </Button>
      </div>
    </form>
  );
}

const STATUS_STYLE: Record<ShareStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-brand-50 text-brand-800' },
  revoked: { label: 'Revoked', className: 'bg-red-100 text-red-900' },
  expired: { label: 'Expired', className: 'bg-slate-200 text-slate-800' },
};

function expiryLine(share: AnalyticsShare, status: ShareStatus): string {
  if (status === 'revoked') {
    return `Revoked${share.revokedBy ? ` by ${share.revokedBy}` : ''}, ${formatTime(share.revokedAt!)}`;
  }
  if (!share.expiresAt) return 'Never expires';
  return `${status === 'expired' ? 'Expired' : 'Expires'} ${formatTime(share.expiresAt)}`;
}

function ShareList({ mayShare }: { mayShare: boolean }) {
  const headingId = useId();
  const client = useQueryClient();
  const toast = useToast();
  const shares = useQuery({ queryKey: SHARES_KEY, queryFn: listShares });
  const [confirming, setConfirming] = useState<AnalyticsShare | undefined>();
  // The row whose Revoke button went away with its revocation: focus moves to its label.
  const [revokedId, setRevokedId] = useState<string | undefined>();

  const revoke = useMutation({
    mutationFn: (share: AnalyticsShare) => revokeShare(share.id).then(() => share),
    onSuccess: (share) => {
      const at = new Date().toISOString();
      client.setQueryData<AnalyticsShare[]>(SHARES_KEY, (list) =>
        list?.map((s) => (s.id === share.id ? { ...s, revokedAt: s.revokedAt ?? at } : s)),
      );
      void client.invalidateQueries({ queryKey: SHARES_KEY });
      setRevokedId(share.id);
      setConfirming(undefined);
      toast({
        title: `The link for ${share.label} is revoked`,
        description: 'It stops working at once.',
      });
    },
    onError: (failure) => {
      setConfirming(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });

  useEffect(() => {
    if (revokedId) document.getElementById(`${headingId}-${revokedId}`)?.focus();
  }, [revokedId, headingId]);

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        Links made
      </h3>
      {shares.isPending && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the links...
        </p>
      )}
      {shares.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Could not load the links: {describeError(shares.error)}
        </p>
      )}
      {shares.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No link has been made yet.</p>
      )}
      {shares.data && shares.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100" aria-labelledby={headingId}>
          {shares.data.map((share) => {
            const status = shareStatus(share);
            const style = STATUS_STYLE[status];
            return (
              <li key={share.id} data-testid="share" className="py-3">
                <p
                  id={`${headingId}-${share.id}`}
                  tabIndex={-1}
                  className="font-medium wrap-anywhere text-slate-900 outline-none"
                >
                  {share.label}
                  <span
                    className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${style.className}`}
                    data-testid="share-status"
                  >
                    {style.label}
                  </span>
                </p>
                <p className="text-sm wrap-anywhere text-slate-600">
                  Made by {share.createdBy}, {formatTime(share.createdAt)}
                </p>
                <p className="text-sm wrap-anywhere text-slate-600">{expiryLine(share, status)}</p>
                {status === 'active' && (
                  <div
                    role="group"
                    aria-label={`Link for ${share.label}`}
                    className="mt-2 flex flex-wrap gap-2"
                  >
                    <CopyButton text={share.url} label="Copy link" />
                    {mayShare && (
                      <Button
                        onClick={() => setConfirming(share)}
                        disabled={revoke.isPending}
                        aria-label={`Revoke the link for ${share.label}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(next) => !next && setConfirming(undefined)}
        title={`Revoke the link for ${confirming?.label ?? ''}?`}
        message="It stops working at once: whoever opens it is told it was revoked. A new link can be made at any time."
        confirmLabel="Revoke"
        onConfirm={() => confirming && revoke.mutate(confirming)}
        busy={revoke.isPending}
      />
    </section>
  );
}
