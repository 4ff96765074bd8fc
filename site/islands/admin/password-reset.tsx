// Password reset (docs/decisions/0149-password-reset-screens.md): "Forgot password?" on the
// sign-in form asks for a link by e-mail, and /admin/reset-password?token=... (the link,
// from that e-mail or from a colleague) sets the new password.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type SyntheticEvent } from 'react';
import {
  passwordResetRequestSchema,
  passwordResetAcceptedSchema,
  passwordResetDoneSchema,
} from '../../../functions/shared/account.ts';
import { checkForm, NewPasswordFields, showFailure, useNewPassword } from './common/fields.tsx';
import { describeError, HttpError, request, type FieldErrors } from './api.ts';
import { Button, FormAlert, TextField } from './ui.tsx';

/** Moves focus to a heading that replaces a form, so keyboard and screen reader users follow. */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

/** "Forgot password?": the account's e-mail, then the same sentence whatever the account. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const ask = useMutation({
    mutationFn: () =>
      request(passwordResetAcceptedSchema, 'POST', '/api/auth/password-reset', { email }),
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const sent = ask.data?.message;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const problems = checkForm(passwordResetRequestSchema, { email }) ?? {};
    setFields(problems);
    if (Object.keys(problems).length === 0) ask.mutate();
  };

  const back = (
    <button
      type="button"
      className="justify-self-start text-sm text-brand-700 underline"
      onClick={onBack}
    >
      Back to sign-in
    </button>
  );
  if (sent) {
    return (
      <div className="grid gap-4" data-testid="reset-requested">
        <h1 ref={focusOnMount} tabIndex={-1} className="text-xl font-semibold text-ink">
          Check your email
        </h1>
        <p role="status" className="text-sm text-slate-700">
          {sent}
        </p>
        <p className="text-sm text-slate-600">
          Nothing arrived? Look in the spam folder, or ask another administrator for a reset link.
        </p>
        {back}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="text-xl font-semibold text-ink">
        Reset your password
      </h1>
      <p className="text-sm text-slate-600">
        Type the email address of your administrator account. We send it a link to choose a new
        password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={fields['email']}
      />
      <FormAlert message={error} />
      <Button type="submit" variant="primary" disabled={ask.isPending}>
        {ask.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      {back}
    </form>
  );
}

/** /admin/reset-password?token=...: a new password (twice), then "Password changed". */
export function ResetPasswordForm({ token }: { token: string }) {
  const newPassword = useNewPassword();
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  /** The link is used, expired or replaced: only a new one helps. */
  const [dead, setDead] = useState(false);
  const alert = useRef<HTMLDivElement>(null);
  const reset = useMutation({
    mutationFn: () =>
      request(passwordResetDoneSchema, 'POST', '/api/auth/password-reset/confirm', {
        token,
        password: newPassword.password,
      }),
    onError: (failure) => {
      // A dead link is the form's problem, not a field's: said above the button.
      setDead(failure instanceof HttpError && Boolean(failure.fields['token']));
      if (failure instanceof HttpError && failure.fields['token']) {
        setError(describeError(failure));
        alert.current?.focus();
      } else showFailure(failure, setFields, setError);
    },
  });
  const done = reset.data;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const mismatch = newPassword.mismatch();
    setFields(mismatch);
    if (!mismatch['confirm']) reset.mutate();
  };

  if (done) {
    return (
      <div className="grid gap-4" data-testid="password-changed">
        <h1 ref={focusOnMount} tabIndex={-1} className="text-xl font-semibold text-ink">
          Password changed
        </h1>
        <p className="text-sm text-slate-700">
          The password of <strong className="text-slate-900">{done.email}</strong> is changed. Every
          session of the account was signed out, on every device.
        </p>
        {done.twoFactor && (
          <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
            Two-factor sign-in is still on: after the new password, signing in asks for the code
            from your authenticator app.
          </p>
        )}
        <a className="justify-self-start text-sm text-brand-700 underline" href="/admin">
          Sign in with the new password
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="text-xl font-semibold text-ink">
        Choose a new password
      </h1>
      <p className="text-sm text-slate-600">
        For your PharmaBridge administrator account. The link works once, for 30 minutes after it
        was made.
      </p>
      {!token && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This link is incomplete. Open it from the email again, or ask for a new one.
        </p>
      )}
      <NewPasswordFields field="password" fields={fields} {...newPassword.fieldProps} />
      <div ref={alert} tabIndex={-1} className="grid gap-2 empty:hidden">
        <FormAlert message={error} />
        {dead && (
          <a className="text-sm text-brand-700 underline" href="/admin">
            Go to sign-in, where &ldquo;Forgot password?&rdquo; sends a new link
          </a>
        )}
      </div>
      <Button type="submit" variant="primary" disabled={reset.isPending || !token}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
