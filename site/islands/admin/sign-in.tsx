// Sign-in (and the first-run setup form reached through the one-time link).
import { useEffect, useState, type SyntheticEvent } from 'react';
import { authGate, describeError, HttpError, request, type FieldErrors } from './api.ts';
import { Button, FieldError, inputClass } from './ui.tsx';

interface SessionInfo {
  email: string;
  expiresAt: string;
}

export function SignInForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const session = await request<SessionInfo>('POST', '/api/auth/login', { email, password });
      setPassword('');
      authGate.signedIn(session.email);
    } catch (failure) {
      if (failure instanceof HttpError) {
        setFields(failure.fields);
        setError(failure.detail);
      } else {
        setError(describeError(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="sign-in-heading">
      <Heading id="sign-in-heading" className="text-xl font-semibold text-ink">
        Sign in to the Landing Page Manager
      </Heading>
      <div>
        <label htmlFor="sign-in-email" className="text-sm font-medium">
          E-mail
        </label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(fields['email'])}
          aria-describedby={fields['email'] ? 'sign-in-email-error' : undefined}
          className={inputClass}
        />
        <FieldError id="sign-in-email-error" messages={fields['email']} />
      </div>
      <div>
        <label htmlFor="sign-in-password" className="text-sm font-medium">
          Password
        </label>
        <input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(fields['password'])}
          aria-describedby={fields['password'] ? 'sign-in-password-error' : undefined}
          className={inputClass}
        />
        <FieldError id="sign-in-password-error" messages={fields['password']} />
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

export function SetupForm({ token }: { token: string }) {
  const [check, setCheck] = useState<{ needed: boolean; valid: boolean } | undefined>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request<{ needed: boolean; valid: boolean }>(
      'GET',
      `/api/auth/setup?token=${encodeURIComponent(token)}`,
    )
      .then(setCheck)
      .catch((failure: unknown) => setError(describeError(failure)));
  }, [token]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFields({});
    setError(undefined);
    if (password !== confirm) {
      setFields({ confirm: ['does not match the password'] });
      return;
    }
    setBusy(true);
    try {
      const session = await request<SessionInfo>('POST', '/api/auth/setup', {
        token,
        email,
        password,
      });
      window.history.replaceState(null, '', '/admin');
      authGate.signedIn(session.email);
    } catch (failure) {
      if (failure instanceof HttpError) {
        setFields(failure.fields);
        setError(failure.detail);
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!check && !error) return <p role="status">Checking the setup link...</p>;
  if (check && (!check.needed || !check.valid)) {
    return (
      <div className="grid gap-3">
        <h1 className="text-xl font-semibold text-ink">Create the first administrator</h1>
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {check.needed
            ? 'This setup link is invalid, already used or expired. Restart the server to print a new one.'
            : 'An administrator already exists. Sign in instead.'}
        </p>
        <a className="text-brand-700 underline" href="/admin">
          Go to sign-in
        </a>
      </div>
    );
  }
  const field = (
    name: 'email' | 'password' | 'confirm',
    label: string,
    type: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
    hint?: string,
  ) => (
    <div>
      <label htmlFor={`setup-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`setup-${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={`setup-${name}`}
        type={type}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={Boolean(fields[name])}
        aria-describedby={
          [hint ? `setup-${name}-hint` : '', fields[name] ? `setup-${name}-error` : '']
            .join(' ')
            .trim() || undefined
        }
        className={inputClass}
      />
      <FieldError id={`setup-${name}-error`} messages={fields[name]} />
    </div>
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <h1 className="text-xl font-semibold text-ink">Create the first administrator</h1>
      <p className="text-sm text-slate-600">
        This one-time link creates the first account. It works once.
      </p>
      {field('email', 'E-mail', 'email', email, setEmail, 'username')}
      {field(
        'password',
        'Password',
        'password',
        password,
        setPassword,
        'new-password',
        'At least 12 characters; common passwords are refused.',
      )}
      {field('confirm', 'Repeat the password', 'password', confirm, setConfirm, 'new-password')}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create administrator'}
      </Button>
    </form>
  );
}
