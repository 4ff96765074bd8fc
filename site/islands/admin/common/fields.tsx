// Form pieces of the Account area, the sign-in screens and the share dialog: where a failed
// request's message goes, client checks with the same shared schemas the API uses, and a new
// password typed twice (docs/decisions/0149-password-reset-screens.md).
import { useState } from 'react';
import type * as z from 'zod';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { PASSWORD_HINT } from '../../../../functions/shared/account.ts';
import { TextField } from '../ui.tsx';

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
