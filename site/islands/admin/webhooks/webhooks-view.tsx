// Webhooks (/admin/webhooks?webhook=<id>; issue 40, docs/webhooks.md): the subscriptions to
// the events of functions/shared/webhooks.ts, for admins (the accounts permission). A list
// (URL, events, format, on/off with failures), "Add webhook" (URL, description, events,
// Standard or Slack) whose signing secret is shown once with Copy, and a selected
// subscription's deliveries with their answers and Replay. The CRM webhook of Lead settings
// is listed read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import {
  WEBHOOK_EVENT_DOCS,
  WEBHOOK_EVENTS,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSubscriptionSchema,
  type WebhookCreated,
  type WebhookEvent,
  type WebhookSubscription,
} from '../../../../functions/shared/webhooks.ts';
import { describeError, formatTime, HttpError, noContent, request } from '../api.ts';
import { CopyButton } from '../common/copyable-link.tsx';
import { navigate, viewUrl } from '../route.ts';
import { Button, ConfirmDialog, FieldError, FormAlert, Modal, TextField, Tooltip } from '../ui.tsx';

const LIST_KEY = ['/api/admin/webhooks'] as const;
const deliveriesKey = (id: string) => ['/api/admin/webhooks', id, 'deliveries'] as const;

const status = (webhook: WebhookSubscription) =>
  webhook.enabled
    ? webhook.consecutiveFailures > 0
      ? `On, ${webhook.consecutiveFailures} failed in a row`
      : 'On'
    : webhook.disabledAt
      ? `Off after failures (${formatTime(webhook.disabledAt)})`
      : 'Off';

export function WebhooksView({ params, onBack }: { params: URLSearchParams; onBack: () => void }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => request(webhookListSchema, 'GET', '/api/admin/webhooks'),
  });
  const selectedId = params.get('webhook') ?? undefined;
  const select = (id: string | undefined) =>
    navigate(viewUrl('webhooks', { webhook: id }), { replace: true });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | undefined>();
  const [deleting, setDeleting] = useState<WebhookSubscription | undefined>();
  const [error, setError] = useState<string | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: LIST_KEY });

  const toggle = useMutation({
    mutationFn: (webhook: WebhookSubscription) =>
      request(webhookSubscriptionSchema, 'PATCH', `/api/admin/webhooks/${webhook.id}`, {
        enabled: !webhook.enabled,
      }),
    onSuccess: () => void refresh(),
    onError: (failure) => setError(describeError(failure)),
  });
  const remove = useMutation({
    mutationFn: (webhook: WebhookSubscription) =>
      request(noContent, 'DELETE', `/api/admin/webhooks/${webhook.id}`),
    onSuccess: (_, webhook) => {
      setDeleting(undefined);
      if (selectedId === webhook.id) select(undefined);
      void refresh();
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const webhooks = list.data?.webhooks ?? [];
  const selected = webhooks.find((webhook) => webhook.id === selectedId);

  return (
    <main aria-labelledby="webhooks-title" className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="webhooks-title" className="text-3xl font-bold text-ink">
            Webhooks
          </h1>
          <p className="mt-1 text-slate-600">
            Signed HTTP deliveries of events (pages, leads, experiments, forms, claims) to your
            other tools, or to a Slack channel.
          </p>
        </div>
        <div className="flex gap-2">
          <Button onClick={onBack}>Back</Button>
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add webhook
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <FormAlert message={error} />
      </div>
      {list.isPending && <p role="status">Loading…</p>}
      {list.isError && <FormAlert message={describeError(list.error)} />}
      {list.isSuccess && webhooks.length === 0 && (
        <p className="mt-6 text-slate-700">
          No webhooks yet. Add one to send events to a receiver of yours.
        </p>
      )}
      {webhooks.length > 0 && (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {webhooks.map((webhook) => (
            <li key={webhook.id} data-webhook={webhook.id} className="p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-mono text-sm break-all text-slate-900">{webhook.url}</p>
                  {webhook.description && (
                    <p className="text-sm text-slate-700">{webhook.description}</p>
                  )}
                  <p className="mt-1 text-xs text-slate-600">
                    {webhook.format === 'slack' ? 'Slack message' : 'Standard Webhooks'} ·{' '}
                    {webhook.events.join(', ')}
                  </p>
                  <p className="mt-1 text-sm font-medium" data-webhook-status="">
                    <span className={webhook.enabled ? 'text-green-800' : 'text-red-800'}>
                      {status(webhook)}
                    </span>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    aria-pressed={selectedId === webhook.id}
                    onClick={() => select(selectedId === webhook.id ? undefined : webhook.id)}
                  >
                    Deliveries
                  </Button>
                  {webhook.readOnly ? (
                    <Tooltip content="The CRM webhook is changed, tested and switched off in Account, Lead routing.">
                      <span tabIndex={0} className="self-center text-sm text-slate-600">
                        Managed in Lead settings
                      </span>
                    </Tooltip>
                  ) : (
                    <>
                      <Tooltip
                        content={
                          webhook.enabled
                            ? 'Stop sending events to it; deliveries due meanwhile are not sent.'
                            : 'Send events to it again; its count of failures starts over.'
                        }
                      >
                        <Button onClick={() => toggle.mutate(webhook)} disabled={toggle.isPending}>
                          {webhook.enabled ? 'Switch off' : 'Switch on'}
                        </Button>
                      </Tooltip>
                      <Button variant="danger" onClick={() => setDeleting(webhook)}>
                        Delete
                      </Button>
                    </>
                  )}
                </div>
              </div>
              {selected?.id === webhook.id && <Deliveries webhook={webhook} />}
            </li>
          ))}
        </ul>
      )}
      <AddWebhookDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(answer) => {
          setAdding(false);
          setCreated(answer);
          void refresh();
        }}
      />
      <Modal
        open={created !== undefined}
        onOpenChange={(open) => !open && setCreated(undefined)}
        title="Webhook added"
        description="Copy its signing secret now: it is shown this once. Your receiver verifies each delivery's webhook-signature header with it (Standard Webhooks)."
      >
        {created && (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="webhook-secret" className="sr-only">
              Signing secret
            </label>
            <input
              id="webhook-secret"
              readOnly
              value={created.secret}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900"
            />
            <CopyButton text={created.secret} label="Copy secret" />
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete this webhook?"
        message={`No more events go to ${deleting ? new URL(deleting.url).host : ''}; deliveries still waiting are not sent.`}
        confirmLabel="Delete webhook"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </main>
  );
}

function Deliveries({ webhook }: { webhook: WebhookSubscription }) {
  const client = useQueryClient();
  const deliveries = useQuery({
    queryKey: deliveriesKey(webhook.id),
    queryFn: () =>
      request(webhookDeliveryListSchema, 'GET', `/api/admin/webhooks/${webhook.id}/deliveries`),
  });
  const [error, setError] = useState<string | undefined>();
  const replay = useMutation({
    mutationFn: (id: string) =>
      request(
        webhookDeliverySchema,
        'POST',
        `/api/admin/webhooks/${webhook.id}/deliveries/${id}/replay`,
      ),
    onSuccess: () => {
      setError(undefined);
      void client.invalidateQueries({ queryKey: deliveriesKey(webhook.id) });
      void client.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const rows = deliveries.data?.deliveries ?? [];
  return (
    <div className="mt-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-ink">Deliveries</h2>
        <Button
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          aria-label="Refresh the deliveries"
        >
          Refresh
        </Button>
      </div>
      <FormAlert message={error} />
      {deliveries.isPending && <p role="status">Loading…</p>}
      {deliveries.isError && <FormAlert message={describeError(deliveries.error)} />}
      {deliveries.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-sm text-slate-700">No deliveries in the last 30 days.</p>
      )}
      {rows.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
          {rows.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <li
                key={delivery.id}
                data-delivery={delivery.id}
                className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
              >
                <div className="min-w-0 flex-1 basis-64">
                  <p className="text-slate-900">
                    <span className="font-mono">{delivery.event}</span> ·{' '}
                    {formatTime(delivery.createdAt)} ·{' '}
                    <span className={delivery.status === 'delivered' ? 'text-green-800' : ''}>
                      {delivery.status === 'delivered'
                        ? 'Delivered'
                        : delivery.status === 'failed'
                          ? 'Failed'
                          : 'Waiting for a retry'}
                    </span>
                  </p>
                  {last && (
                    <p className="text-slate-700" data-delivery-answer="">
                      {last.httpStatus !== undefined ? `Answered ${last.httpStatus}` : last.error}
                      {last.answer ? `: “${last.answer}”` : ''} · {last.durationMs} ms ·{' '}
                      {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}
                    </p>
                  )}
                </div>
                {!webhook.readOnly && (
                  <Tooltip content="Send this delivery again now, with the same id and body.">
                    <Button onClick={() => replay.mutate(delivery.id)} disabled={replay.isPending}>
                      Replay
                    </Button>
                  </Tooltip>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function AddWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [format, setFormat] = useState<'standard' | 'slack'>('standard');
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | undefined>();
  const reset = () => {
    setUrl('');
    setDescription('');
    setEvents([]);
    setFormat('standard');
    setFields({});
    setError(undefined);
  };
  const add = useMutation({
    mutationFn: () =>
      request(webhookCreatedSchema, 'POST', '/api/admin/webhooks', {
        url,
        events,
        format,
        ...(description.trim() ? { description } : {}),
      }),
    onSuccess: (created) => {
      reset();
      onCreated(created);
    },
    onError: (failure) => {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        setFields(failure.fields);
      } else {
        setError(describeError(failure));
      }
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setError(undefined);
    if (events.length === 0) {
      setFields({ events: ['Choose at least one event.'] });
      return;
    }
    add.mutate();
  };
  const eventErrors = Object.entries(fields)
    .filter(([name]) => name.startsWith('events'))
    .flatMap(([, messages]) => messages);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Add webhook"
      wide
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert message={error} />
        <TextField
          label="URL"
          hint="Where to POST the events: https:// (Slack: the channel's incoming webhook URL)."
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setFields(({ url: _url, ...rest }) => rest);
          }}
          errors={fields['url']}
          type="url"
          required
        />
        <TextField
          label="Description"
          hint="Optional: what receives it, for whoever reads this list."
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          errors={fields['description']}
          maxLength={200}
        />
        <fieldset aria-describedby={eventErrors.length ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={events.includes(name)}
                  onChange={(event) => {
                    setFields(({ events: _events, ...rest }) => rest);
                    setEvents((current) =>
                      event.target.checked
                        ? WEBHOOK_EVENTS.filter((e) => e === name || current.includes(e))
                        : current.filter((e) => e !== name),
                    );
                  }}
                />
                <span>
                  <span className="font-mono">{name}</span>
                  <span className="block text-xs text-slate-600">
                    {WEBHOOK_EVENT_DOCS[name].summary}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="webhook-events-error" messages={eventErrors} label="Events" />
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Format</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-800">
            {(
              [
                ['standard', 'Standard (JSON event, signed)'],
                ['slack', 'Slack message'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="webhook-format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Add webhook
          </Button>
        </div>
      </form>
    </Modal>
  );
}
