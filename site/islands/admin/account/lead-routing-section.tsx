// Lead routing (issue 26, admins only; docs/decisions/0180-lead-routing-settings.md): who is
// e-mailed for new leads (everyone, or per form: per-form-recipients.tsx), and the CRM
// webhook: its URL, on or off, and its signing secret, which is write-only
// (webhook-fields.tsx). A test delivery shows what the receiver answered; the last 20
// deliveries are listed (delivery-log.tsx). Saved settings apply without a restart. Issue 35:
// the owner assignment rules (assignment-rules.tsx; docs/decisions/0390-lead-assignment-rules.md)
// and the hours after which the owner of a lead still new is reminded. The draft and its
// rules are lead-routing-draft.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { describeError, formatTime, HttpError, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { formsQuery } from '../common/forms-api.ts';
import { leadOwners, OWNERS_KEY } from '../common/owners-api.ts';
import { AssignmentRules } from './assignment-rules.tsx';
import {
  Button,
  FieldError,
  fieldSentence,
  FormAlert,
  InfoTip,
  inputClass,
  Tooltip,
} from '../ui.tsx';
import {
  DELIVERIES_KEY,
  LEAD_SETTINGS_KEY,
  leadSettingsQuery,
  saveLeadSettings,
  testLeadWebhook,
} from './account-api.ts';
import { DeliveryLogList } from './delivery-log.tsx';
import {
  draftOf,
  errorsOf,
  formChoicesOf,
  settingsBody,
  testSentence,
  type Draft,
} from './lead-routing-draft.ts';
import { PerFormRecipients } from './per-form-recipients.tsx';
import { WebhookFields } from './webhook-fields.tsx';

export function LeadRoutingSection() {
  const settings = useQuery(leadSettingsQuery);
  // The team's own forms, when the form editor is there; the built-in four otherwise.
  const forms = useQuery({ ...formsQuery, retry: false });
  const owners = useQuery({ queryKey: OWNERS_KEY, queryFn: leadOwners, retry: false });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [tested, setTested] = useState<{ ok: boolean; text: string } | undefined>();
  const [generated, setGenerated] = useState(false);
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();

  const data = settings.data;
  const current: Draft | undefined = draft ?? (data && draftOf(data));
  const change = (patch: Partial<Draft>, clears?: string) => {
    if (!current) return;
    setDraft({ ...current, ...patch });
    // An edited field's old error no longer applies.
    if (clears) {
      const left = Object.entries(fields).filter(
        ([name]) => name !== clears && !name.startsWith(`${clears}.`),
      );
      setFields(Object.fromEntries(left));
      // The summary above Save goes with the last field's error.
      if (left.length === 0 && Object.keys(fields).length > 0) setError(undefined);
    }
  };

  const formChoices = formChoicesOf(forms.data, current?.routes ?? []);

  const failed = (failure: unknown) => {
    if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
      setFields(failure.fields);
      setError(
        'Some settings need a change before they can be saved; see the messages beside the fields.',
      );
    } else setError(describeError(failure));
  };

  const save = useMutation({
    mutationFn: (value: Draft) => saveLeadSettings(settingsBody(value)),
    onSuccess: (saved) => {
      client.setQueryData(LEAD_SETTINGS_KEY, saved);
      setDraft(undefined);
      setGenerated(false);
      void client.invalidateQueries({ queryKey: DELIVERIES_KEY });
      toast({
        title: 'Lead routing saved',
        description: saved.webhook.enabled
          ? 'New leads go to the CRM webhook from now on.'
          : 'New leads are not forwarded to a CRM.',
      });
    },
    onError: failed,
  });

  const test = useMutation({
    mutationFn: (value: Draft) =>
      testLeadWebhook({
        ...(value.url.trim() ? { url: value.url.trim() } : {}),
        ...(value.secret ? { secret: value.secret } : {}),
      }),
    onSuccess: (result) => {
      setTested({ ok: result.ok, text: testSentence(result) });
      void client.invalidateQueries({ queryKey: DELIVERIES_KEY });
    },
    onError: (failure) => {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        // The test's own field names (url, secret) are the form's webhook fields.
        setFields(
          Object.fromEntries(
            Object.entries(failure.fields).map(([name, messages]) => [`webhook.${name}`, messages]),
          ),
        );
        const [name, messages] = Object.entries(failure.fields)[0]!;
        const label = name === 'url' ? 'The webhook URL' : 'The signing secret';
        setTested({
          ok: false,
          text: `The test delivery was not sent. ${fieldSentence(messages[0] ?? '', label)}`,
        });
        return;
      }
      setTested({ ok: false, text: describeError(failure) });
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!current) return;
    setError(undefined);
    setFields({});
    save.mutate(current);
  };

  const recipientErrors = errorsOf(fields, 'recipients');
  const slaErrors = errorsOf(fields, 'slaHours');

  return (
    <section
      aria-labelledby="lead-routing-heading"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 lg:col-span-2"
      data-testid="lead-routing"
    >
      <h2 id="lead-routing-heading" className="text-lg font-semibold text-ink">
        Lead routing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Who gets an e-mail for each new lead, and the CRM webhook every new lead is sent to. Changes
        apply to the next lead, without a restart.
      </p>
      {settings.isPending && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading the lead routing settings...
        </p>
      )}
      {settings.isError && (
        <FormAlert
          message={`The lead routing settings could not be loaded: ${describeError(settings.error)}`}
        />
      )}
      {current && data && (
        <form onSubmit={submit} className="mt-4 grid gap-5" noValidate>
          {data.source === 'environment' && (
            <p
              className="rounded-md bg-slate-50 p-3 text-sm text-slate-700"
              data-testid="lead-routing-defaults"
            >
              These are the server&apos;s defaults (NOTIFY_EMAIL and LEAD_WEBHOOK_URL). Once you
              save, these settings are used instead.
            </p>
          )}
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <label htmlFor={`${ids}-recipients`} className="text-sm font-medium text-slate-800">
                Notification recipients
              </label>
              <InfoTip about="notification recipients">
                Each new lead is e-mailed to these addresses, with the visitor as Reply-To, unless
                its form has recipients of its own below. Leave it empty to send no e-mail.
              </InfoTip>
            </div>
            <p id={`${ids}-recipients-hint`} className="text-xs text-slate-600">
              E-mail addresses separated by commas.
            </p>
            <input
              id={`${ids}-recipients`}
              className={inputClass}
              value={current.recipients}
              autoComplete="off"
              placeholder="sales@example.com, team@example.com"
              onChange={(event) => change({ recipients: event.target.value }, 'recipients')}
              aria-invalid={recipientErrors.length ? true : undefined}
              aria-describedby={`${ids}-recipients-hint${recipientErrors.length ? ` ${ids}-recipients-error` : ''}`}
            />
            <FieldError
              id={`${ids}-recipients-error`}
              messages={
                recipientErrors.length
                  ? ['must be e-mail addresses separated by commas']
                  : undefined
              }
              label="Notification recipients"
            />
          </div>

          <PerFormRecipients
            routes={current.routes}
            formChoices={formChoices}
            fields={fields}
            onChange={(routes, clears) => change({ routes }, clears)}
          />

          <AssignmentRules
            rules={current.rules}
            onChange={(rules, clears) => change({ rules }, clears)}
            fields={fields}
            forms={formChoices}
            owners={owners.data?.owners ?? []}
          />

          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <label htmlFor={`${ids}-sla`} className="text-sm font-medium text-slate-800">
                Remind the owner after (hours)
              </label>
              <InfoTip about="the reminder">
                When a lead is still new this many hours after it arrived (nobody changed its
                status), its owner gets one reminder e-mail; a lead without an owner, its
                notification recipients. Leave it empty for no reminders.
              </InfoTip>
            </div>
            <p id={`${ids}-sla-hint`} className="text-xs text-slate-600">
              A whole number from 1 to 720 (30 days); empty: no reminders.
            </p>
            <input
              id={`${ids}-sla`}
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              step={1}
              className={`${inputClass} max-w-40`}
              value={current.slaHours}
              onChange={(event) => change({ slaHours: event.target.value }, 'slaHours')}
              aria-invalid={slaErrors.length ? true : undefined}
              aria-describedby={`${ids}-sla-hint${slaErrors.length ? ` ${ids}-sla-error` : ''}`}
            />
            <FieldError id={`${ids}-sla-error`} messages={slaErrors} label="The reminder hours" />
          </div>

          <WebhookFields
            webhook={current}
            secretSet={data.webhook.secretSet}
            fields={fields}
            onChange={change}
            generated={generated}
            onGenerated={setGenerated}
          />

          <FormAlert message={error} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Tooltip content="Sends a signed lead.test request to the URL above (with the secret you typed, else the saved one) and shows what the receiver answered. Nothing is saved.">
              <Button
                onClick={() => {
                  setTested(undefined);
                  setFields({});
                  test.mutate(current);
                }}
                disabled={test.isPending}
              >
                {test.isPending ? 'Sending...' : 'Send test delivery'}
              </Button>
            </Tooltip>
          </div>
          <p
            role="status"
            data-testid="lead-routing-test-result"
            className={
              tested
                ? `rounded-md p-3 text-sm ${tested.ok ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-900'}`
                : 'sr-only'
            }
          >
            {tested?.text ?? ''}
          </p>
          {data.updatedAt && (
            <p className="text-xs text-slate-600">
              Last saved {formatTime(data.updatedAt)}
              {data.updatedBy ? ` by ${data.updatedBy}` : ''}.
            </p>
          )}
        </form>
      )}

      <DeliveryLogList />
    </section>
  );
}
