// Change password: the current one is required; every other session of this admin ends.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { changePasswordRequestSchema } from '../../../../functions/shared/account.ts';
import type { FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, TextField } from '../ui.tsx';
import { checkForm, NewPasswordFields, showFailure, useNewPassword } from '../common/fields.tsx';
import { changePassword, SESSIONS_KEY } from './account-api.ts';

export function PasswordSection() {
  const [currentPassword, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const client = useQueryClient();

  const change = useMutation({
    mutationFn: () => changePassword({ currentPassword, newPassword: newPassword.password }),
    onSuccess: ({ otherSessionsEnded }) => {
      setCurrent('');
      newPassword.clear();
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast({
        title: 'Password changed',
        description:
          otherSessionsEnded === 0
            ? 'No other sessions were open.'
            : `${otherSessionsEnded} other session${otherSessionsEnded === 1 ? '' : 's'} signed out.`,
      });
    },
    onError: (failure) => showFailure(failure, setFields, setError),
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    const problems = {
      ...checkForm(changePasswordRequestSchema, {
        currentPassword,
        newPassword: newPassword.password,
      }),
      ...newPassword.mismatch(),
    };
    setFields(problems);
    if (Object.keys(problems).length === 0) change.mutate();
  };

  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="password-heading" className="text-lg font-semibold text-ink">
        Password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Changing it signs you out everywhere else; this browser stays signed in.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
          errors={fields['currentPassword']}
        />
        <NewPasswordFields field="newPassword" fields={fields} {...newPassword.fieldProps} />
        <FormAlert message={error} />
        <div>
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
