// Lead routing (issue 26, admins only; docs/decisions/0180-lead-routing-settings.md): who is
// e-mailed for new leads (everyone, or per form), and the CRM webhook: its URL, on or off,
// and its signing secret, which is write-only ("A secret is set" / "Replace secret"). A
// test delivery shows what the receiver answered; the table lists the last 20 deliveries.
// Saved settings apply without a restart. Issue 35: the owner assignment rules
// (assignment-rules.tsx) and the hours after which the owner of a lead still new is reminded.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { BUILT_IN_FORMS, type FormSummary } from '../../../../functions/shared/forms.ts';
import type {
  DeliveryLog,
  DeliveryLogEntry,
  LeadSettings,
  LeadSettingsInput,
  WebhookTestResult,
} from '../../../../functions/shared/lead-settings.ts';
import { describeError, formatTime, HttpError, request, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { leadOwners, OWNERS_KEY } from '../common/owners-api.ts';
import {
  AssignmentRules,
  draftsToRules,
  rulesToDrafts,
  type RuleDraft,
} from './assignment-rules.tsx';
import {
  Button,
  FieldError,
  fieldSentence,
  FormAlert,
  InfoTip,
  inputClass,
  Tooltip,
} from '../ui.tsx';

export const LEAD_SETTINGS_KEY = ['/api/admin/settings/leads'] as const;
export const DELIVERIES_KEY = ['/api/admin/settings/leads/deliveries'] as const;
const FORMS_KEY = ['/api/admin/forms'] as const;

const BUILT_IN_LABELS: Record<(typeof BUILT_IN_FORMS)[number], string> = {
  'demo-request': 'Demo request (landing-page dialog)',
  'pricing-request': 'Pricing request (landing-page dialog)',
  contact: 'Contact page',
  'pilot-request': 'Pilot request',
};

interface Route {
  /** A stable key for React while the form id is being chosen. */
  key: number;
  formId: string;
  addresses: string;
}

interface Draft {
  recipients: string;
  routes: Route[];
  url: string;
  enabled: boolean;
  /** A new secret being typed (replacing), or undefined to keep the saved one. */
  secret: string | undefined;
  /** Owner assignment rules, in order. */
  rules: RuleDraft[];
  /** Hours before the reminder, as typed; '' for none. */
  slaHours: string;
}

const split = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter(Boolean);

/** A new Standard Webhooks secret: whsec_ + base64 of 32 random bytes, made in this browser. */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The receiver's answer to a test, as a sentence. */
function testSentence(result: WebhookTestResult): string {
  const time = `in ${result.durationMs} ms`;
  if (result.ok) {
    return `The receiver answered ${result.httpStatus} ${time}: the test delivery arrived and was accepted.`;
  }
  if (result.httpStatus !== undefined) {
    return `The receiver answered ${result.httpStatus} ${time}: it did not accept the test delivery (only a 2xx answer counts).`;
  }
  return `The test delivery failed ${time}: ${result.error ?? 'no answer'}.`;
}

function statusText(entry: DeliveryLogEntry): string {
  if (entry.httpStatus !== undefined) return `Answered ${entry.httpStatus}`;
  return entry.error ? entry.error.charAt(0).toUpperCase() + entry.error.slice(1) : '';
}

/** The field errors the API named for one part of the form (e.g. all of `recipients.*`). */
const errorsOf = (fields: FieldErrors, prefix: string) =>
  Object.entries(fields)
    .filter(([name]) => name === prefix || name.startsWith(`${prefix}.`))
    .flatMap(([, messages]) => messages);

export function LeadRoutingSection() {
  const settings = useQuery<LeadSettings>({ queryKey: LEAD_SETTINGS_KEY });
  const log = useQuery<DeliveryLog>({ queryKey: DELIVERIES_KEY });
  // The team's own forms, when the form editor is there; the built-in four otherwise.
  const forms = useQuery<{ forms: FormSummary[] } | FormSummary[]>({
    queryKey: FORMS_KEY,
    retry: false,
  });
  const owners = useQuery({ queryKey: OWNERS_KEY, queryFn: leadOwners, retry: false });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [fields, setFields] = useState<FieldErrors>({});
  const [tested, setTested] = useState<{ ok: boolean; text: string } | undefined>();
  const [generated, setGenerated] = useState(false);
  const nextKey = useRef(1);
  const ids = useId();
  const toast = useToast();
  const client = useQueryClient();
  const secretInput = useRef<HTMLInputElement>(null);
  const routeSelects = useRef(new Map<number, HTMLSelectElement>());
  const focusRoute = useRef<number | undefined>(undefined);

  const data = settings.data;
  const current: Draft | undefined =
    draft ??
    (data && {
      recipients: data.recipients.join(', '),
      // Negative keys for the saved rows (stable across renders); new rows count up.
      routes: Object.entries(data.perForm).map(([formId, to], index) => ({
        key: -(index + 1),
        formId,
        addresses: to.join(', '),
      })),
      url: data.webhook.url ?? '',
      enabled: data.webhook.enabled,
      secret: data.webhook.secretSet ? undefined : '',
      rules: rulesToDrafts(data.assignment),
      slaHours: data.slaHours === null ? '' : String(data.slaHours),
    });
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

  const formChoices = (() => {
    const listed = forms.data ? (Array.isArray(forms.data) ? forms.data : forms.data.forms) : [];
    const choices = new Map<string, string>(
      BUILT_IN_FORMS.map((id) => [id, BUILT_IN_LABELS[id]] as const),
    );
    for (const form of listed)
      if (!choices.has(form.id)) choices.set(form.id, form.title || form.id);
    for (const route of current?.routes ?? []) {
      if (route.formId && !choices.has(route.formId)) choices.set(route.formId, route.formId);
    }
    return [...choices];
  })();

  const body = (value: Draft): LeadSettingsInput => ({
    recipients: split(value.recipients),
    perForm: Object.fromEntries(
      value.routes.map((route) => [route.formId, split(route.addresses)]),
    ),
    webhook: {
      url: value.url.trim() || null,
      enabled: value.enabled,
      ...(value.secret ? { secret: value.secret } : {}),
    },
    assignment: draftsToRules(value.rules),
    // A number as typed (the API says what is wrong with 0 or 1.5); empty: no reminder.
    slaHours: value.slaHours.trim() === '' ? null : Number(value.slaHours),
  });

  const failed = (failure: unknown) => {
    if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
      setFields(failure.fields);
      setError(
        'Some settings need a change before they can be saved; see the messages beside the fields.',
      );
    } else setError(describeError(failure));
  };

  const save = useMutation({
    mutationFn: (value: Draft) =>
      request<LeadSettings>('PUT', '/api/admin/settings/leads', body(value)),
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
      request<WebhookTestResult>('POST', '/api/admin/settings/leads/test', {
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

  const addRoute = () => {
    if (!current) return;
    const used = new Set(current.routes.map((route) => route.formId));
    const formId = formChoices.find(([id]) => !used.has(id))?.[0] ?? '';
    const key = nextKey.current++;
    focusRoute.current = key;
    change({ routes: [...current.routes, { key, formId, addresses: '' }] });
  };
  const removeRoute = (key: number) => {
    if (!current) return;
    change({ routes: current.routes.filter((route) => route.key !== key) });
    // The row and its button are gone: focus goes to "Add a form".
    requestAnimationFrame(() => document.getElementById(`${ids}-add`)?.focus());
  };
  const replaceSecret = () => {
    change({ secret: '' });
    requestAnimationFrame(() => secretInput.current?.focus());
  };
  const keepSecret = () => {
    change({ secret: undefined });
    setGenerated(false);
    requestAnimationFrame(() => document.getElementById(`${ids}-replace`)?.focus());
  };

  const recipientErrors = errorsOf(fields, 'recipients');
  const urlErrors = errorsOf(fields, 'webhook.url');
  const slaErrors = errorsOf(fields, 'slaHours');
  const secretErrors = errorsOf(fields, 'webhook.secret');
  const deliveries = log.data?.deliveries ?? [];

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

          <fieldset className="grid gap-2">
            <legend className="flex items-center gap-2 text-sm font-medium text-slate-800">
              Recipients per form
              <InfoTip about="recipients per form">
                A form listed here sends its leads to its own addresses instead of the notification
                recipients above (for example, pilot requests to the onboarding team).
              </InfoTip>
            </legend>
            {current.routes.length === 0 && (
              <p className="text-sm text-slate-600">Every form uses the notification recipients.</p>
            )}
            <ul className="grid gap-3">
              {current.routes.map((route, index) => {
                const rowErrors = errorsOf(fields, `perForm.${route.formId}`);
                const errorId = `${ids}-route-${route.key}-error`;
                return (
                  <li
                    key={route.key}
                    className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,19rem)_minmax(0,1fr)_auto] sm:items-end"
                    data-testid="lead-route"
                  >
                    <div className="grid gap-1">
                      <label
                        htmlFor={`${ids}-route-${route.key}-form`}
                        className="text-xs font-medium text-slate-700"
                      >
                        Form
                      </label>
                      <select
                        id={`${ids}-route-${route.key}-form`}
                        ref={(element) => {
                          if (element) {
                            routeSelects.current.set(route.key, element);
                            if (focusRoute.current === route.key) {
                              focusRoute.current = undefined;
                              element.focus();
                            }
                          } else routeSelects.current.delete(route.key);
                        }}
                        className={inputClass}
                        value={route.formId}
                        onChange={(event) =>
                          change({
                            routes: current.routes.map((other) =>
                              other.key === route.key
                                ? { ...other, formId: event.target.value }
                                : other,
                            ),
                          })
                        }
                      >
                        {formChoices.map(([id, label]) => (
                          <option
                            key={id}
                            value={id}
                            disabled={
                              id !== route.formId && current.routes.some((r) => r.formId === id)
                            }
                          >
                            {label}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="grid gap-1">
                      <label
                        htmlFor={`${ids}-route-${route.key}-to`}
                        className="text-xs font-medium text-slate-700"
                      >
                        Its recipients
                      </label>
                      <input
                        id={`${ids}-route-${route.key}-to`}
                        className={inputClass}
                        value={route.addresses}
                        autoComplete="off"
                        placeholder="onboarding@example.com"
                        onChange={(event) =>
                          change(
                            {
                              routes: current.routes.map((other) =>
                                other.key === route.key
                                  ? { ...other, addresses: event.target.value }
                                  : other,
                              ),
                            },
                            `perForm.${route.formId}`,
                          )
                        }
                        aria-invalid={rowErrors.length ? true : undefined}
                        aria-describedby={rowErrors.length ? errorId : undefined}
                      />
                    </div>
                    <Button
                      variant="ghost"
                      onClick={() => removeRoute(route.key)}
                      aria-label={`Remove the recipients of form ${index + 1} (${formChoices.find(([id]) => id === route.formId)?.[1] ?? route.formId})`}
                    >
                      Remove
                    </Button>
                    <div className="sm:col-span-3">
                      <FieldError id={errorId} messages={rowErrors} label="Its recipients" />
                    </div>
                  </li>
                );
              })}
            </ul>
            <div>
              <Button
                id={`${ids}-add`}
                onClick={addRoute}
                disabled={current.routes.length >= formChoices.length}
              >
                Add a form
              </Button>
            </div>
          </fieldset>

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

          <fieldset className="grid gap-3 border-t border-slate-200 pt-4">
            <legend className="flex items-center gap-2 text-base font-semibold text-ink">
              CRM webhook
              <InfoTip about="the CRM webhook">
                Each new lead (never spam) is POSTed to this URL as JSON, signed the Standard
                Webhooks way with the secret, and retried for about 15 hours if the CRM does not
                accept it.
              </InfoTip>
            </legend>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="h-6 w-6"
                checked={current.enabled}
                onChange={(event) => change({ enabled: event.target.checked })}
              />
              Send new leads to the CRM webhook
            </label>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-url`} className="text-sm font-medium text-slate-800">
                Webhook URL
              </label>
              <p id={`${ids}-url-hint`} className="text-xs text-slate-600">
                An https:// address of your CRM, Zapier or n8n. When running locally,
                http://localhost works too.
              </p>
              <input
                id={`${ids}-url`}
                type="url"
                className={inputClass}
                value={current.url}
                autoComplete="off"
                spellCheck={false}
                placeholder="https://crm.example.com/hooks/leads"
                onChange={(event) => change({ url: event.target.value }, 'webhook.url')}
                aria-invalid={urlErrors.length ? true : undefined}
                aria-describedby={`${ids}-url-hint${urlErrors.length ? ` ${ids}-url-error` : ''}`}
              />
              <FieldError id={`${ids}-url-error`} messages={urlErrors} label="The webhook URL" />
            </div>
            <div className="grid gap-1" data-testid="lead-routing-secret">
              <div className="flex items-center gap-2">
                <span id={`${ids}-secret-label`} className="text-sm font-medium text-slate-800">
                  Signing secret
                </span>
                <InfoTip about="the signing secret">
                  The CRM checks each delivery&apos;s signature with this secret (whsec_ followed by
                  base64). It is stored encrypted and never shown again: to change it, replace it.
                </InfoTip>
              </div>
              {current.secret === undefined ? (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm text-slate-700">A secret is set.</p>
                  <Button id={`${ids}-replace`} onClick={replaceSecret}>
                    Replace secret
                  </Button>
                </div>
              ) : (
                <>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      id={`${ids}-secret`}
                      ref={secretInput}
                      aria-labelledby={`${ids}-secret-label`}
                      className={`${inputClass} !mt-0 min-w-0 flex-1 basis-64 font-mono`}
                      value={current.secret}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="whsec_..."
                      onChange={(event) => {
                        setGenerated(false);
                        change({ secret: event.target.value }, 'webhook.secret');
                      }}
                      aria-invalid={secretErrors.length ? true : undefined}
                      aria-describedby={
                        [
                          generated ? `${ids}-secret-generated` : '',
                          secretErrors.length ? `${ids}-secret-error` : '',
                        ]
                          .join(' ')
                          .trim() || undefined
                      }
                    />
                    <Tooltip content="Makes a new random secret in this browser (32 bytes). Copy it into your CRM, then save.">
                      <Button
                        onClick={() => {
                          change({ secret: generateSecret() });
                          setGenerated(true);
                          secretInput.current?.focus();
                        }}
                      >
                        Generate
                      </Button>
                    </Tooltip>
                    {data.webhook.secretSet && (
                      <Button variant="ghost" onClick={keepSecret}>
                        Keep the current secret
                      </Button>
                    )}
                  </div>
                  {generated && (
                    <p id={`${ids}-secret-generated`} className="text-xs text-slate-600">
                      Copy this secret into your CRM now: once saved it is never shown again.
                    </p>
                  )}
                </>
              )}
              <FieldError
                id={`${ids}-secret-error`}
                messages={secretErrors}
                label="The signing secret"
              />
            </div>
          </fieldset>

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

      <div className="mt-6 border-t border-slate-200 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold text-ink" id={`${ids}-log`}>
            Last 20 deliveries
          </h3>
          <Tooltip content="Reloads the list of the last 20 lead deliveries and test deliveries.">
            <Button variant="ghost" onClick={() => void log.refetch()} disabled={log.isFetching}>
              Refresh
            </Button>
          </Tooltip>
        </div>
        {log.isError && (
          <FormAlert message={`The deliveries could not be loaded: ${describeError(log.error)}`} />
        )}
        {log.isSuccess && deliveries.length === 0 && (
          <p className="mt-2 text-sm text-slate-600">No deliveries yet.</p>
        )}
        {deliveries.length > 0 && (
          <div className="mt-2 hidden sm:block">
            <table
              className="w-full text-left text-sm"
              aria-labelledby={`${ids}-log`}
              data-testid="lead-deliveries"
            >
              <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Delivery
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Outcome
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-700">
                      {formatTime(entry.at)}
                    </td>
                    <td className="py-2 pr-3 text-slate-800">
                      {entry.kind === 'test' ? (
                        'Test delivery'
                      ) : (
                        <span>
                          Lead{' '}
                          <span className="font-mono text-xs">{entry.leadId?.slice(0, 8)}</span>
                          {entry.trigger === 'manual' ? ' (retried by hand)' : ''}
                        </span>
                      )}
                      {entry.host && (
                        <span className="block text-xs text-slate-500">to {entry.host}</span>
                      )}
                    </td>
                    <td className="py-2 pr-3">
                      <span
                        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${entry.outcome === 'delivered' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                      >
                        {entry.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                      </span>
                    </td>
                    <td className="py-2 text-slate-700">{statusText(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {deliveries.length > 0 && (
          // Below 640 px one card per delivery instead of the table's four columns.
          <ul className="mt-2 grid gap-2 sm:hidden" aria-labelledby={`${ids}-log`}>
            {deliveries.map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                className="rounded-md border border-slate-200 p-3 text-sm"
              >
                <div className="flex items-start justify-between gap-2">
                  <span className="text-slate-800">
                    {entry.kind === 'test'
                      ? 'Test delivery'
                      : `Lead ${entry.leadId?.slice(0, 8) ?? ''}`}
                    {entry.kind === 'lead' && entry.trigger === 'manual'
                      ? ' (retried by hand)'
                      : ''}
                  </span>
                  <span
                    className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${entry.outcome === 'delivered' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                  >
                    {entry.outcome === 'delivered' ? 'Delivered' : 'Failed'}
                  </span>
                </div>
                <p className="mt-1 text-xs text-slate-600">
                  {formatTime(entry.at)}
                  {entry.host ? `, to ${entry.host}` : ''}
                </p>
                <p className="mt-1 text-slate-700">{statusText(entry)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
