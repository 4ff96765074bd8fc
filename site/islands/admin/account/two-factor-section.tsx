// Two-factor sign-in (TOTP): enrol with a QR code or the key typed by hand, confirm with
// a code, keep the recovery codes (shown once); later new codes, or turning it off with
// the password and a code.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import type { Enrolment } from '../../../../functions/shared/account.ts';
import { describeError, formatTime, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, Modal, TextField } from '../ui.tsx';
import { showFailure } from '../common/fields.tsx';
import { CopyButton } from '../common/copyable-link.tsx';
import {
  ACCOUNT_KEY,
  accountQuery,
  AUDIT_KEY,
  confirmEnrolment,
  disableTwoFactor,
  renewRecoveryCodes,
  startEnrolment,
  type CodeBody,
} from './account-api.ts';
import { QrCode } from './qr-code.tsx';

/** The base32 key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSection() {
  const account = useQuery(accountQuery);
  const [enrolment, setEnrolment] = useState<Enrolment | undefined>();
  const [codes, setCodes] = useState<string[] | undefined>();
  const [dialog, setDialog] = useState<'disable' | 'renew' | undefined>();
  const [error, setError] = useState<string | undefined>();
  const client = useQueryClient();

  const start = useMutation({
    mutationFn: startEnrolment,
    onSuccess: (started) => {
      setError(undefined);
      setEnrolment(started);
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ACCOUNT_KEY });
    void client.invalidateQueries({ queryKey: AUDIT_KEY });
  };

  const status = account.data?.twoFactor;
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="two-factor-heading" className="text-lg font-semibold text-ink">
        Two-factor sign-in
      </h2>
      {account.isPending && <p role="status">Loading...</p>}
      {account.isError && <p role="alert">{describeError(account.error)}</p>}
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(undefined)} />
      ) : enrolment ? (
        <EnrolPanel
          enrolment={enrolment}
          onCancel={() => setEnrolment(undefined)}
          onConfirmed={(recovery) => {
            setEnrolment(undefined);
            setCodes(recovery);
            refresh();
          }}
        />
      ) : status?.enabled ? (
        <div className="mt-2 grid gap-4">
          <p className="text-sm text-slate-700">
            <span className="mr-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              On
            </span>
            Since {formatTime(status.enabledAt)}. Signing in asks for a code from your authenticator
            app. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog('renew')}>New recovery codes</Button>
            <Button onClick={() => setDialog('disable')}>Turn off</Button>
          </div>
        </div>
      ) : status ? (
        <div className="mt-2 grid gap-4">
          <p className="text-sm text-slate-700">
            <span className="mr-2 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
              Off
            </span>
            With two-factor sign-in, a stolen password is not enough: signing in also asks for a
            6-digit code from an authenticator app on your phone (for example Google Authenticator,
            Microsoft Authenticator or 1Password).
          </p>
          <FormAlert message={error} />
          <div>
            <Button variant="primary" onClick={() => start.mutate()} disabled={start.isPending}>
              Turn on two-factor sign-in
            </Button>
          </div>
        </div>
      ) : null}
      <CodeDialog
        open={dialog === 'renew'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title="New recovery codes"
        description="Enter a code from your authenticator app. Your current recovery codes stop working."
        confirmLabel="Make new codes"
        withPassword={false}
        send={renewRecoveryCodes}
        onDone={(result) => {
          setDialog(undefined);
          if (result) setCodes(result.recoveryCodes);
          refresh();
        }}
      />
      <CodeDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title="Turn off two-factor sign-in"
        description="Signing in will ask for your password only. Confirm with your password and a code from your authenticator app (or a recovery code)."
        confirmLabel="Turn off"
        withPassword
        send={disableTwoFactor}
        onDone={() => {
          setDialog(undefined);
          refresh();
        }}
      />
    </section>
  );
}

function EnrolPanel({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({
    mutationFn: () => confirmEnrolment(code),
    onSuccess: (result) => onConfirmed(result.recoveryCodes),
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setFields({});
    setError(undefined);
    if (!code.trim()) setFields({ code: ['is required'] });
    else confirm.mutate();
  };
  return (
    <div className="mt-2 grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or type the key below by hand.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode text={enrolment.uri} label="QR code to add PharmaBridge to an authenticator app" />
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="text-sm font-medium text-slate-800" id="manual-key-label">
            Key for typing by hand
          </p>
          <code
            aria-labelledby="manual-key-label"
            data-testid="totp-secret"
            className="rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
          >
            {grouped(enrolment.secret)}
          </code>
          <p className="text-xs text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
          <div>
            <CopyButton text={enrolment.secret} label="Copy key" />
          </div>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:max-w-xs">
        <TextField
          label="Code from the app"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={fields['code']}
        />
        <FormAlert message={error} />
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={confirm.isPending}>
            Confirm
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `PharmaBridge recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pharmabridge-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="mt-2 grid gap-4" data-testid="recovery-codes">
      <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Save these recovery codes now: they are shown only once. If you lose your phone, each code
        signs you in once instead of an authenticator code.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy codes" />
        <Button onClick={download}>Download as a text file</Button>
        <Button variant="primary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function CodeDialog<T>({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  withPassword,
  send,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  withPassword: boolean;
  send: (body: CodeBody) => Promise<T>;
  onDone: (result: T) => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: () => send(withPassword ? { password, code } : { code }),
    onSuccess: (result) => {
      setPassword('');
      setCode('');
      toast({ title: withPassword ? 'Two-factor sign-in is off' : 'New recovery codes made' });
      onDone(result);
    },
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const problems: FieldErrors = {};
    if (withPassword && !password) problems['password'] = ['is required'];
    if (!code.trim()) problems['code'] = ['is required'];
    setFields(problems);
    if (Object.keys(problems).length === 0) mutation.mutate();
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {withPassword && (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            errors={fields['password']}
          />
        )}
        <TextField
          label={withPassword ? 'Code from the app, or a recovery code' : 'Code from the app'}
          type="text"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={fields['code']}
        />
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            type="submit"
            variant={withPassword ? 'danger' : 'primary'}
            disabled={mutation.isPending}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
