// Form pieces of the Account area and the sign-in screens: where a failed request's
// message goes, client checks with the same shared schemas the API uses, a new password
// typed twice, and copying text (a one-time link) to the clipboard.
import { useState } from 'react';
import type * as z from 'zod';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { PASSWORD_HINT } from '../../../../functions/shared/account.ts';
import { Button, TextField } from '../ui.tsx';

/**
 * Where a failed request's message goes: beside the fields the server named, or above the
 * form when it named none (a refused code, a lost connection).
 */
export function showFailure(
  failure: unknown,
  setFields: (fields: FieldErrors) => void,
  setError: (message: string) => void,
): void {
  if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
    setFields(failure.fields);
  } else setError(describeError(failure));
}

/** The shared schema's verdict on a form, as field errors (undefined: fine to send). */
export function checkForm(schema: z.ZodType, value: unknown): FieldErrors | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error.issues);
}

/** A button that copies `text`, and says so for a moment (also to screen readers). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}

/** A one-time link shown once: read-only (selected on focus) beside its Copy button. */
export function CopyableLink({ id, label, url }: { id: string; label: string; url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
        className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
      />
      <CopyButton text={url} label="Copy link" />
    </div>
  );
}

/**
 * The state of NewPasswordFields: the password, its repetition, the repetition's problem
 * (as field errors; none when they match), and clearing both.
 */
export function useNewPassword(label = 'New password') {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    mismatch: (): FieldErrors =>
      password === confirm ? {} : { confirm: [`does not match the ${label.toLowerCase()}`] },
    clear: () => {
      setPassword('');
      setConfirm('');
    },
    fieldProps: { label, password, confirm, onPassword: setPassword, onConfirm: setConfirm },
  };
}

/**
 * A new password and its repetition (setup, invitation, change, reset), with the rule as
 * the hint; `field` is the API's name for the password, `confirm` the repetition's errors.
 */
export function NewPasswordFields({
  label = 'New password',
  field,
  password,
  confirm,
  onPassword,
  onConfirm,
  fields,
}: {
  label?: string;
  field: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  fields: FieldErrors;
}) {
  return (
    <>
      <TextField
        label={label}
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        errors={fields[field]}
      />
      <TextField
        label={`Repeat the ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        errors={fields['confirm']}
      />
    </>
  );
}
