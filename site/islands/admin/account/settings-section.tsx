// Publishing settings (issue 23, admins only): how many distinct reviewers must approve a
// working copy before it can be published. 0 publishes directly, as before.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { MAX_APPROVALS_REQUIRED, type Settings } from '../../../../functions/shared/workflow.ts';
import { describeError } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FormAlert, inputClass, Tooltip } from '../ui.tsx';
import { saveSettings, SETTINGS_KEY } from './account-api.ts';

const CHOICES = Array.from({ length: MAX_APPROVALS_REQUIRED + 1 }, (_, n) => n);
const describe = (n: number) =>
  n === 0
    ? 'None: publishers publish directly'
    : `${n} reviewer${n === 1 ? '' : 's'} must approve each change`;

export function SettingsSection() {
  const settings = useQuery<Settings>({ queryKey: SETTINGS_KEY });
  const [chosen, setChosen] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const client = useQueryClient();
  const value = chosen ?? settings.data?.approvalsRequired ?? 0;
  const save = useMutation({
    mutationFn: () => saveSettings({ approvalsRequired: value }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      setChosen(undefined);
      toast({ title: 'Publishing settings saved', description: describe(saved.approvalsRequired) });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    save.mutate();
  };
  return (
    <section
      aria-labelledby="settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
      data-testid="publishing-settings"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-ink">
        Publishing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Changes to live pages are prepared as working copies. Choose how many reviewers must sign
        off (with their password, recorded as an electronic signature) before one can go live.
      </p>
      {settings.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading the settings...
        </p>
      )}
      {settings.isError && (
        <FormAlert message={`The settings could not be loaded: ${describeError(settings.error)}`} />
      )}
      {settings.isSuccess && (
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor="approvals-required" className="text-sm font-medium text-slate-800">
              Approvals required before publishing
            </label>
            <select
              id="approvals-required"
              className={inputClass}
              value={value}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {CHOICES.map((n) => (
                <option key={n} value={n}>
                  {describe(n)}
                </option>
              ))}
            </select>
          </div>
          <Tooltip content="Approvals count only while the working copy has exactly the content that was signed; any edit voids them. The author of a change cannot approve it.">
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </Tooltip>
          <FormAlert message={error} />
        </form>
      )}
    </section>
  );
}
