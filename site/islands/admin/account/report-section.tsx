// The weekly analytics report (issue 25, admins only; docs/decisions/0155-weekly-report.md): on
// or off, the time zone its Monday 08:00 is read in, the administrators who get it, and
// "Send now" to see it at once (to the recipients, or to you while there are none).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { describeError, formatTime, HttpError } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FieldError, FormAlert, inputClass, Tooltip } from '../ui.tsx';
import {
  adminsQuery,
  REPORT_KEY,
  reportQuery,
  saveReportSettings,
  sendReportNow,
} from './account-api.ts';

/** Time zones offered: the runtime's list (the API accepts any it knows). */
const ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

interface Draft {
  enabled: boolean;
  timeZone: string;
  recipients: string[];
}

export function ReportSection() {
  const settings = useQuery(reportQuery);
  const team = useQuery(adminsQuery);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const toast = useToast();
  const client = useQueryClient();
  const ids = useId();
  const current: Draft | undefined =
    draft ??
    (settings.data && {
      enabled: settings.data.enabled,
      timeZone: settings.data.timeZone,
      recipients: settings.data.recipients,
    });
  const save = useMutation({
    mutationFn: (body: Draft) => saveReportSettings(body),
    onSuccess: (saved) => {
      client.setQueryData(REPORT_KEY, saved);
      setDraft(undefined);
      toast({
        title: 'Weekly report saved',
        description: saved.enabled
          ? `Next report: ${saved.nextRunAt ? formatTime(saved.nextRunAt) : 'next Monday'}`
          : 'The weekly report is off.',
      });
    },
    onError: (failure) => {
      setError(describeError(failure));
      setFields(failure instanceof HttpError ? failure.fields : {});
    },
  });
  const send = useMutation({
    mutationFn: sendReportNow,
    onSuccess: (sent) =>
      toast({
        title: 'Report sent',
        description: `${sent.subject}, to ${sent.sentTo.join(', ')}`,
      }),
    onError: (failure) => setError(describeError(failure)),
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!current) return;
    setError(undefined);
    setFields({});
    save.mutate(current);
  };
  const change = (patch: Partial<Draft>) => current && setDraft({ ...current, ...patch });
  const admins = (team.data?.admins ?? []).filter((admin) => !admin.disabled);
  return (
    <section
      aria-labelledby="report-heading"
      className="rounded-xl border border-slate-200 bg-white p-6"
      data-testid="report-settings"
    >
      <h2 id="report-heading" className="text-lg font-semibold text-ink">
        Weekly report
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        An e-mail on Mondays at 08:00: last week&apos;s visitors, leads and conversion rate against
        the week before (and per language, when the site has several), the top pages, sources and
        campaigns. No names or e-mail addresses of leads are in it.
      </p>
      {settings.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading the report settings...
        </p>
      )}
      {settings.isError && (
        <FormAlert
          message={`The report settings could not be loaded: ${describeError(settings.error)}`}
        />
      )}
      {current && settings.data && (
        <form onSubmit={submit} className="mt-4 grid gap-4">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={current.enabled}
              onChange={(event) => change({ enabled: event.target.checked })}
              className="h-6 w-6"
            />
            Send the weekly report
          </label>
          <div className="grid gap-1 sm:max-w-xs">
            <label htmlFor={`${ids}-zone`} className="text-sm font-medium text-slate-800">
              Time zone of Monday 08:00
            </label>
            <select
              id={`${ids}-zone`}
              className={inputClass}
              value={current.timeZone}
              onChange={(event) => change({ timeZone: event.target.value })}
              aria-invalid={fields['timeZone'] ? true : undefined}
              aria-describedby={fields['timeZone'] ? `${ids}-zone-error` : undefined}
            >
              {(ZONES.includes(current.timeZone) ? ZONES : [current.timeZone, ...ZONES]).map(
                (zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ),
              )}
            </select>
            <FieldError id={`${ids}-zone-error`} messages={fields['timeZone']} label="Time zone" />
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={fields['recipients'] ? `${ids}-recipients-error` : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">Recipients</legend>
            {team.isPending && <p className="text-sm text-slate-600">Loading administrators...</p>}
            {admins.map((admin) => (
              <label key={admin.email} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-6 w-6"
                  checked={current.recipients.includes(admin.email)}
                  onChange={(event) =>
                    change({
                      recipients: event.target.checked
                        ? [...current.recipients, admin.email]
                        : current.recipients.filter((email) => email !== admin.email),
                    })
                  }
                />
                <span className="break-all">
                  {admin.name ? `${admin.name} (${admin.email})` : admin.email}
                </span>
              </label>
            ))}
            <FieldError
              id={`${ids}-recipients-error`}
              messages={fields['recipients']}
              label="Recipients"
            />
          </fieldset>
          <p className="text-sm text-slate-600" data-testid="report-schedule">
            {settings.data.enabled && settings.data.nextRunAt
              ? `Next report: ${formatTime(settings.data.nextRunAt)}.`
              : 'The report is off.'}
            {settings.data.lastSentAt ? ` Last sent ${formatTime(settings.data.lastSentAt)}.` : ''}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              Save
            </Button>
            <Tooltip content="Builds last week's report now and sends it to the recipients (to you while there are none), so you can see what they will get.">
              <Button
                type="button"
                variant="secondary"
                disabled={send.isPending}
                onClick={() => {
                  setError(undefined);
                  send.mutate();
                }}
              >
                {send.isPending ? 'Sending...' : 'Send now'}
              </Button>
            </Tooltip>
          </div>
          <FormAlert message={error} />
        </form>
      )}
    </section>
  );
}
