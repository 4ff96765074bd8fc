// Sign-in (password, then a code when two-factor sign-in is on, or "Forgot password?"),
// the first-run setup form reached through the one-time link, and the form an invited
// administrator fills in.
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import {
  loginResponseSchema,
  sessionInfoSchema,
  setupCheckSchema,
  type SetupCheck,
} from '../../../functions/shared/account.ts';
import { NewPasswordFields, useNewPassword } from './common/fields.tsx';
import { authGate, describeError, HttpError, request, type FieldErrors } from './api.ts';
import { ForgotPasswordForm } from './password-reset.tsx';
import { Button, FieldError, FormAlert, inputClass, TextField } from './ui.tsx';

export function SignInForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const [pending, setPending] = useState<string | undefined>();
  /** "Forgot password?" open, or closed again (focus goes back to its link). */
  const [forgot, setForgot] = useState<'open' | 'closed' | undefined>();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const result = await request(loginResponseSchema, 'POST', '/api/auth/login', {
        email,
        password,
      });
      setPassword('');
      if (result.status === 'code-required') setPending(result.token);
      else authGate.signedIn(result.email);
    } catch (failure) {
      if (failure instanceof HttpError) {
        setFields(failure.fields);
        setError(describeError(failure));
      } else {
        setError(describeError(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  if (forgot === 'open') {
    return <ForgotPasswordForm initialEmail={email} onBack={() => setForgot('closed')} />;
  }

  if (pending) {
    return (
      <CodeStep
        token={pending}
        headingLevel={headingLevel}
        onRestart={(message) => {
          setPending(undefined);
          setError(message);
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="sign-in-heading">
      <Heading id="sign-in-heading" className="text-xl font-semibold text-ink">
        Sign in to the Landing Page Manager
      </Heading>
      <div>
        <label htmlFor="sign-in-email" className="text-sm font-medium">
          Email
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
      <FormAlert message={error} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
      {headingLevel === 1 && (
        <button
          type="button"
          className="justify-self-start text-sm text-brand-700 underline"
          autoFocus={forgot === 'closed'}
          onClick={() => setForgot('open')}
        >
          Forgot password?
        </button>
      )}
      {headingLevel === 1 && <FirstRunHint />}
    </form>
  );
}

/**
 * Before the first administrator exists nobody can sign in, and the way in is a one-time
 * setup link that only the operator sees (docs/decisions/0130-admin-page-details.md): say
 * where it is instead of leaving a new user at a sign-in form that cannot work.
 */
function FirstRunHint() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    let live = true;
    request(setupCheckSchema, 'GET', '/api/auth/setup')
      .then((check) => live && setNeeded(check.needed))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!needed) return null;
  return (
    <div
      role="note"
      data-testid="first-run-hint"
      className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-medium">No administrator exists yet.</p>
      <p className="mt-1">
        Create the first one with the one-time setup link. On your own computer,{' '}
        <code>npm start</code> prints it in its terminal; on AWS, the setup function writes it to
        its log. The link works once and expires; restarting (or redeploying) makes a new one.
      </p>
    </div>
  );
}

/**
 * The sign-in's second step: the code from the authenticator app, or a recovery code. No
 * session exists until the code is accepted; `token` only says the password was right.
 */
function CodeStep({
  token,
  headingLevel,
  onRestart,
}: {
  token: string;
  headingLevel: 1 | 2;
  onRestart: (message?: string) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const hintId = useId();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const result = await request(loginResponseSchema, 'POST', '/api/auth/login/code', {
        token,
        code,
      });
      if (result.status === 'signed-in') authGate.signedIn(result.email);
    } catch (failure) {
      if (failure instanceof HttpError && failure.fields['token']) {
        // Expired or used up: the password step again, with the reason.
        onRestart(describeError(failure));
        return;
      }
      if (failure instanceof HttpError) {
        setFields(failure.fields);
        setError(failure.fields['code'] ? undefined : describeError(failure));
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby="code-heading">
      <Heading id="code-heading" className="text-xl font-semibold text-ink">
        Two-factor sign-in
      </Heading>
      <div>
        <label htmlFor="sign-in-code" className="text-sm font-medium">
          {label}
        </label>
        <p id={hintId} className="text-xs text-slate-600">
          {recovery
            ? 'One of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
            : 'The 6-digit code your authenticator app shows for PharmaBridge.'}
        </p>
        <input
          id="sign-in-code"
          key={recovery ? 'recovery' : 'totp'}
          type="text"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(fields['code'])}
          aria-describedby={[hintId, fields['code'] ? 'sign-in-code-error' : ''].join(' ').trim()}
          className={`${inputClass} font-mono tracking-wider`}
        />
        <FieldError id="sign-in-code-error" messages={fields['code']} />
      </div>
      <FormAlert message={error} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-brand-700 underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setFields({});
            setError(undefined);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-slate-700 underline" onClick={() => onRestart()}>
          Start again
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/setup?token=: the first-run link (no administrator yet: e-mail and password) or
 * an invitation (the e-mail is the invitation's: name and password).
 */
export function SetupForm({ token }: { token: string }) {
  const [check, setCheck] = useState<SetupCheck | undefined>();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const newPassword = useNewPassword('Password');
  const password = newPassword.password;
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    request(setupCheckSchema, 'GET', `/api/auth/setup?token=${encodeURIComponent(token)}`)
      .then(setCheck)
      .catch((failure: unknown) => setError(describeError(failure)));
  }, [token]);

  const invitation = check?.invitation;
  const title = invitation ? 'Join the Landing Page Manager' : 'Create the first administrator';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const mismatch = newPassword.mismatch();
    setFields(mismatch);
    if (mismatch['confirm']) return;
    setBusy(true);
    try {
      const session = invitation
        ? await request(sessionInfoSchema, 'POST', '/api/auth/invitation', {
            token,
            name,
            password,
          })
        : await request(sessionInfoSchema, 'POST', '/api/auth/setup', { token, email, password });
      window.history.replaceState(null, '', '/admin');
      authGate.signedIn(session.email);
    } catch (failure) {
      if (failure instanceof HttpError) {
        setFields(failure.fields);
        setError(describeError(failure));
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!check && !error) return <p role="status">Checking the link...</p>;
  if (check && !check.valid) {
    return (
      <div className="grid gap-3">
        <h1 className="text-xl font-semibold text-ink">
          {check.needed ? 'Create the first administrator' : 'This link no longer works'}
        </h1>
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {check.needed
            ? 'This setup link is invalid, already used or expired. Restart the server to print a new one.'
            : 'The link is invalid, already used or expired. If you already have an account, sign in; otherwise ask an administrator for a new invitation.'}
        </p>
        <a className="text-brand-700 underline" href="/admin">
          Go to sign-in
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      {invitation ? (
        <p className="text-sm text-slate-600">
          {invitation.invitedBy} invited{' '}
          <strong className="text-slate-900">{invitation.email}</strong> to manage the PharmaBridge
          website. Choose the name your colleagues will see and a password. This link works once.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          This one-time link creates the first account. It works once.
        </p>
      )}
      {invitation ? (
        <TextField
          label="Your name"
          type="text"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          errors={fields['name']}
        />
      ) : (
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fields['email']}
        />
      )}
      <NewPasswordFields field="password" fields={fields} {...newPassword.fieldProps} />
      <FormAlert message={error} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Creating...' : invitation ? 'Create my account' : 'Create administrator'}
      </Button>
    </form>
  );
}
