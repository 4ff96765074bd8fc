// One lead: every field (the form's own fields with their labels, and the consent record),
// its owner, its place among the person's submissions (with a way to all of them), the
// new-lead e-mail and the CRM delivery with each attempt (and a manual retry), the internal
// notes timeline, the status workflow, spam / not spam, and erasure for a data-subject
// request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { INQUIRY_LABELS } from '../../../../functions/shared/contact.ts';
import {
  leadFormName,
  STATUS_LABELS,
  WORKFLOW_STATUSES,
  type Delivery,
  type LeadDetail,
  type LeadNotification,
  type LeadOwners,
  type LeadStatus,
  type LeadView,
  type TimelineEntry,
} from '../../../../functions/shared/leads.ts';
import { describeError, HttpError } from '../api.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FieldError, inputClass, Modal, Tooltip } from '../ui.tsx';
import { leadPage, longTime, ordinal, ownerLabel, shortTime } from './format.ts';
import {
  detailKey,
  eraseLead,
  formLabels,
  humanise,
  leadDetail,
  patchLead,
  refreshLeads,
  retryDelivery,
} from './leads-api.ts';
import { OwnerOptions } from './bulk-bar.tsx';
import { Icon } from '../icons.tsx';
import { DiscardDialog } from '../common/discard-dialog.tsx';
import { useUnsavedGuard } from '../common/unsaved.ts';
import { StatusBadge } from './status-badge.tsx';

export function eraseMessage(lead: LeadView, delivered: boolean): string {
  return (
    `Erase the lead of ${lead.name}? The lead, its notes and its CRM delivery are deleted for good. ` +
    'The audit log keeps only the lead id and your name.' +
    (delivered ? ' The copy already delivered to the CRM must be erased there too.' : '')
  );
}

/** Who else a lead's detail needs to know about: the owners to pick from, the caller. */
export interface OwnerContext {
  owners: LeadOwners | undefined;
  me: string | undefined;
}

export function LeadDetailDialog({
  id,
  pages,
  onClose,
  people,
  onOpenContact,
}: {
  id: string;
  pages: LandingPage[] | undefined;
  onClose: () => void;
  people: OwnerContext;
  /** Shows every submission of this lead's e-mail address (the contact view). */
  onOpenContact: (email: string) => void;
}) {
  const detail = useQuery({ queryKey: detailKey(id), queryFn: () => leadDetail(id) });
  const title = detail.data ? detail.data.lead.name : 'Lead';
  // A note typed but not added asks before it is dropped, as the page editor does: on
  // close, on a tab switch, on Back, on sign-out (common/unsaved.ts).
  const [noteDirty, setNoteDirty] = useState(false);
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();
  const confirmDiscard = useCallback(
    () =>
      noteDirty
        ? new Promise<boolean>((resolve) => setDiscardAsk(() => resolve))
        : Promise.resolve(true),
    [noteDirty],
  );
  useUnsavedGuard(noteDirty, confirmDiscard);
  const answer = (discard: boolean) => {
    discardAsk?.(discard);
    setDiscardAsk(undefined);
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) void confirmDiscard().then((discard) => discard && onClose());
      }}
      title={title}
      wide
      description={
        detail.data ? (
          <>
            Received{' '}
            <time dateTime={detail.data.lead.createdAt}>
              {longTime(detail.data.lead.createdAt)}
            </time>
          </>
        ) : undefined
      }
    >
      {detail.isPending && <p role="status">Loading the lead...</p>}
      {detail.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {detail.error instanceof HttpError && detail.error.status === 404
            ? 'This lead no longer exists (it was erased).'
            : `The lead could not be loaded: ${describeError(detail.error)}`}
        </p>
      )}
      {detail.data && (
        <LeadBody
          detail={detail.data}
          pages={pages}
          onErased={onClose}
          onNoteDirty={setNoteDirty}
          people={people}
          onOpenContact={() =>
            void confirmDiscard().then(
              (discard) => discard && detail.data && onOpenContact(detail.data.lead.email),
            )
          }
        />
      )}
      <DiscardDialog
        open={discardAsk !== undefined}
        description="Your note has not been added. Discarding it cannot be undone."
        onKeep={() => answer(false)}
        onDiscard={() => answer(true)}
      />
    </Modal>
  );
}

function LeadBody({
  detail,
  pages,
  onErased,
  onNoteDirty,
  people,
  onOpenContact,
}: {
  detail: LeadDetail;
  pages: LandingPage[] | undefined;
  onErased: () => void;
  onNoteDirty: (dirty: boolean) => void;
  people: OwnerContext;
  onOpenContact: () => void;
}) {
  const { lead } = detail;
  const client = useQueryClient();
  const toast = useToast();
  const [erasing, setErasing] = useState(false);
  const ids = useId();

  const applied = (next: LeadDetail) => {
    client.setQueryData(detailKey(lead.id), next);
    refreshLeads(client);
  };
  const status = useMutation({
    mutationFn: (to: LeadStatus) => patchLead(lead.id, { status: to }),
    onSuccess: (next, to) => {
      applied(next);
      toast({
        title:
          to === 'spam'
            ? 'Lead marked as spam'
            : lead.status === 'spam'
              ? 'Lead rescued from spam'
              : `Status changed to ${STATUS_LABELS[to]}`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Failed to change the status',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const owner = useMutation({
    mutationFn: (to: string | null) => patchLead(lead.id, { owner: to }),
    onSuccess: (next, to) => {
      applied(next);
      toast({
        title: to
          ? `Owner set to ${ownerLabel(to, people.owners?.owners, people.me)}`
          : 'The lead has no owner now',
      });
    },
    onError: (error) =>
      toast({
        title: 'Failed to change the owner',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const erase = useMutation({
    mutationFn: () => eraseLead(lead.id),
    onSuccess: () => {
      setErasing(false);
      client.removeQueries({ queryKey: detailKey(lead.id) });
      refreshLeads(client);
      toast({ title: 'Lead erased' });
      onErased();
    },
    onError: (error) => {
      setErasing(false);
      toast({
        title: 'Failed to erase the lead',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });

  const page = leadPage(lead, pages);
  const inquiry = lead.inquiryType ? INQUIRY_LABELS[lead.inquiryType] : undefined;
  const attribution = lead.attribution;
  return (
    <div className="grid gap-6" data-testid="lead-detail">
      <section aria-labelledby={`${ids}-status`} className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${ids}-status`} className="font-semibold text-ink">
            Status
          </h3>
          <StatusBadge status={lead.status} />
          {lead.spamSource === 'honeypot' && (
            <span className="text-sm text-slate-600">(the form's hidden spam trap was filled)</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Move the lead to">
          {WORKFLOW_STATUSES.map((to) => (
            <Button
              key={to}
              variant={lead.status === to ? 'primary' : 'secondary'}
              aria-pressed={lead.status === to}
              disabled={status.isPending || lead.status === 'spam'}
              onClick={() => lead.status !== to && status.mutate(to)}
            >
              {STATUS_LABELS[to]}
            </Button>
          ))}
          <span className="mx-1 hidden w-px bg-slate-200 sm:block" aria-hidden="true" />
          {lead.status === 'spam' ? (
            <Button
              variant="secondary"
              disabled={status.isPending}
              onClick={() => status.mutate('new')}
            >
              Not spam
            </Button>
          ) : (
            <Button
              variant="secondary"
              disabled={status.isPending}
              onClick={() => status.mutate('spam')}
            >
              Mark as spam
            </Button>
          )}
        </div>
      </section>

      <section aria-labelledby={`${ids}-owner`} className="grid gap-2">
        <h3 id={`${ids}-owner`} className="font-semibold text-ink">
          Owner
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${ids}-owner-select`} className="sr-only">
            Owner of this lead
          </label>
          <select
            id={`${ids}-owner-select`}
            data-testid="lead-owner"
            value={lead.owner ?? ''}
            disabled={owner.isPending}
            aria-describedby={`${ids}-owner-hint`}
            onChange={(event) => owner.mutate(event.target.value || null)}
            className="max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {lead.owner && !people.owners?.owners.some((o) => o.email === lead.owner) && (
              // An owner whose account was disabled or lost the role since.
              <option value={lead.owner}>{lead.owner}</option>
            )}
            <OwnerOptions owners={people.owners} {...(people.me ? { me: people.me } : {})} />
          </select>
          {people.me && lead.owner !== people.me.toLowerCase() && (
            <Tooltip content="Make yourself the owner of this lead">
              <Button disabled={owner.isPending} onClick={() => owner.mutate(people.me!)}>
                Take it
              </Button>
            </Tooltip>
          )}
        </div>
        <p id={`${ids}-owner-hint`} className="text-xs text-slate-600">
          The account working this lead; a new owner gets an e-mail about it.
        </p>
      </section>

      <section aria-labelledby={`${ids}-contact`}>
        <h3 id={`${ids}-contact`} className="font-semibold text-ink">
          Contact
        </h3>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <Field label="Name">{lead.name}</Field>
          <Field label="Email">
            <a href={`mailto:${lead.email}`} className="text-brand-700 underline break-all">
              {lead.email}
            </a>
          </Field>
          <Field label="Company">{lead.company || '—'}</Field>
          <Field label="Submissions">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span data-testid="lead-submission">
                {submissionText(detail.contact, lead.status === 'spam')}
              </span>
              {(detail.contact?.submissions ?? 0) > 1 || lead.status === 'spam' ? (
                <button
                  type="button"
                  onClick={onOpenContact}
                  className="text-brand-700 underline underline-offset-2"
                >
                  All submissions from this person
                </button>
              ) : null}
            </span>
          </Field>
          {lead.role && <Field label="Role">{lead.role}</Field>}
          <Field label="Form">{leadFormName(lead)}</Field>
          {inquiry && <Field label="Inquiry type">{inquiry}</Field>}
          <Field label="Landing page">{page ?? '—'}</Field>
          <Field label="Received">{longTime(lead.createdAt)}</Field>
          {attribution?.referrerHost && <Field label="Referrer">{attribution.referrerHost}</Field>}
          {attribution?.utmSource && <Field label="UTM source">{attribution.utmSource}</Field>}
          {attribution?.utmMedium && <Field label="UTM medium">{attribution.utmMedium}</Field>}
          {attribution?.utmCampaign && (
            <Field label="UTM campaign">{attribution.utmCampaign}</Field>
          )}
          <Field label="Lead id">
            <span className="font-mono text-xs break-all">{lead.id}</span>
          </Field>
        </dl>
      </section>

      <FormAndConsent lead={lead} headingId={`${ids}-form`} />

      <section aria-labelledby={`${ids}-message`}>
        <h3 id={`${ids}-message`} className="font-semibold text-ink">
          Message
        </h3>
        {lead.message ? (
          <p
            data-testid="lead-message"
            className="mt-2 rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900"
          >
            {lead.message}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No message.</p>
        )}
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby={`${ids}-mail`}>
          <h3 id={`${ids}-mail`} className="flex items-center gap-2 font-semibold text-ink">
            <Icon name="mail" /> Notification email
          </h3>
          <p className="mt-2 text-sm text-slate-700" data-testid="notification-status">
            {notificationText(lead.notification)}
          </p>
        </section>
        <DeliverySection detail={detail} headingId={`${ids}-crm`} />
      </div>

      <Timeline
        lead={lead}
        people={people}
        timeline={detail.timeline}
        onChange={applied}
        onNoteDirty={onNoteDirty}
      />

      <section
        aria-labelledby={`${ids}-erase`}
        className="rounded-lg border border-red-200 bg-red-50/50 p-4"
      >
        <h3 id={`${ids}-erase`} className="font-semibold text-ink">
          Erase this lead
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          For a data-subject request: deletes the lead, its notes and its CRM delivery. This cannot
          be undone.
        </p>
        <Button variant="danger" className="mt-3" onClick={() => setErasing(true)}>
          Erase lead
        </Button>
      </section>
      <ConfirmDialog
        open={erasing}
        onOpenChange={setErasing}
        title="Erase lead"
        message={eraseMessage(lead, detail.delivery?.status === 'delivered')}
        confirmLabel="Erase"
        busy={erase.isPending}
        onConfirm={() => erase.mutate()}
      />
    </div>
  );
}

/** "2nd of 3 submissions from this e-mail address" (spam is not counted). */
function submissionText(contact: LeadDetail['contact'], spam: boolean): string {
  if (!contact) return '—';
  const total = `${contact.submissions} submission${contact.submissions === 1 ? '' : 's'}`;
  if (spam || !contact.submission) {
    return `Spam, not counted (${total} from this e-mail address)`;
  }
  if (contact.submissions === 1) return 'The only submission from this e-mail address';
  return `${ordinal(contact.submission)} of ${total} from this e-mail address`;
}

/** The form's own fields (label: value) and the consent record, when the lead has them. */
function FormAndConsent({ lead, headingId }: { lead: LeadView; headingId: string }) {
  const stored = Object.entries(lead.fields ?? {});
  const labels = useQuery({
    queryKey: ['/api/forms', lead.formId ?? ''],
    queryFn: () => formLabels(lead.formId!),
    enabled: Boolean(lead.formId) && stored.length > 0,
  });
  // In the form's order when we know it; by name for fields the form no longer has.
  const order = Object.keys(labels.data ?? {});
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const fields = stored.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const consent = lead.consent;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        Form fields and consent
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {lead.formId && (
          <Field label="Form id">
            <span className="font-mono text-xs">{lead.formId}</span>
          </Field>
        )}
        {fields.map(([name, value]) => (
          <Field key={name} label={labels.data?.[name] ?? humanise(name)}>
            <span data-testid="lead-field" className="break-words whitespace-pre-wrap">
              {typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value || '—'}
            </span>
          </Field>
        ))}
        <Field label="Consent">
          <span data-testid="lead-consent">
            {consent ? (
              <>
                {consent.given ? 'Consent given' : 'Consent not given'} on{' '}
                <time dateTime={consent.at}>{longTime(consent.at)}</time> to: “{consent.text}”
                (version {consent.version})
                {consent.privacyUrl && (
                  <>
                    {' '}
                    <a
                      href={consent.privacyUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="text-brand-700 underline"
                    >
                      Privacy notice shown
                    </a>
                  </>
                )}
              </>
            ) : (
              'No consent record: the form asked for none (or the lead predates consent records).'
            )}
          </span>
        </Field>
      </dl>
      {fields.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">The form had no fields of its own.</p>
      )}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}

function notificationText(notification: LeadNotification | undefined): string {
  switch (notification?.status) {
    case 'sent':
      return notification.transport === 'log'
        ? `Written to the server log ${notification.at ? shortTime(notification.at) : ''}: no mail server is configured (SMTP_URL or SES).`
        : `Sent ${notification.at ? shortTime(notification.at) : ''} (${notification.transport ?? 'mail'}).`;
    case 'failed':
      return `Failed ${notification.at ? shortTime(notification.at) : ''}: ${notification.error ?? 'the mail transport refused it'}. The lead is kept; the team was not told by email.`;
    case 'pending':
      return 'Sending was started; no outcome was recorded.';
    case 'skipped':
      return 'Not sent: spam notifies nobody.';
    case 'not-configured':
      return 'Not sent: no recipients were set (Account, Lead routing).';
    default:
      return 'No record (the lead predates notification tracking).';
  }
}

const DELIVERY_TEXT: Record<Delivery['status'], string> = {
  pending: 'Waiting for delivery',
  delivered: 'Delivered',
  failed: 'Failed after every retry',
  cancelled: 'Cancelled: marked as spam',
};

function DeliverySection({ detail, headingId }: { detail: LeadDetail; headingId: string }) {
  const { lead, delivery } = detail;
  const client = useQueryClient();
  const toast = useToast();
  const retry = useMutation({
    mutationFn: () => retryDelivery(lead.id),
    onSuccess: (next) => {
      client.setQueryData(detailKey(lead.id), next);
      refreshLeads(client);
      const last = next.delivery?.attempts.at(-1);
      toast(
        last?.outcome === 'delivered'
          ? { title: 'Delivered to the CRM' }
          : {
              title: 'The CRM did not accept the lead',
              description: last?.error ?? 'See the attempts in the lead.',
              variant: 'destructive',
            },
      );
    },
    onError: (error) =>
      toast({
        title: 'Failed to retry the delivery',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const canRetry =
    detail.webhookConfigured && (delivery?.status === 'failed' || delivery?.status === 'pending');
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        CRM webhook
      </h3>
      {!delivery ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="delivery-status">
          {lead.status === 'spam'
            ? 'Not forwarded: spam is never sent to the CRM.'
            : detail.webhookConfigured
              ? 'Not forwarded: the lead arrived before the webhook was set up.'
              : 'Not forwarded: the CRM webhook was off (Account, Lead routing).'}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700" data-testid="delivery-status">
            {DELIVERY_TEXT[delivery.status]}
            {delivery.status === 'delivered' && delivery.deliveredAt
              ? ` ${shortTime(delivery.deliveredAt)}`
              : ''}
            {delivery.status === 'pending' && delivery.nextAttemptAt
              ? `; next attempt ${shortTime(delivery.nextAttemptAt)}`
              : ''}
            .
          </p>
          {delivery.attempts.length > 0 && (
            <ol className="mt-2 grid gap-1 text-sm" aria-label="Delivery attempts">
              {delivery.attempts.map((attempt, index) => (
                <li key={`${attempt.at}-${index}`} className="flex flex-wrap gap-x-2">
                  <time dateTime={attempt.at} className="text-slate-600">
                    {shortTime(attempt.at)}
                  </time>
                  <span
                    className={attempt.outcome === 'delivered' ? 'text-brand-800' : 'text-red-800'}
                  >
                    {attempt.outcome === 'delivered'
                      ? `delivered (${attempt.httpStatus ?? 'ok'})`
                      : `failed: ${attempt.error ?? `answered ${attempt.httpStatus}`}`}
                  </span>
                  {attempt.trigger === 'manual' && (
                    <span className="text-slate-600">(by hand)</span>
                  )}
                </li>
              ))}
            </ol>
          )}
          {canRetry && (
            <Tooltip content="Send the lead to the CRM once more, now; the automatic schedule is not changed">
              <Button className="mt-3" disabled={retry.isPending} onClick={() => retry.mutate()}>
                {retry.isPending ? 'Sending...' : 'Retry now'}
              </Button>
            </Tooltip>
          )}
        </>
      )}
    </section>
  );
}

function Timeline({
  lead,
  people,
  timeline,
  onChange,
  onNoteDirty,
}: {
  lead: LeadView;
  people: OwnerContext;
  timeline: TimelineEntry[];
  onChange: (next: LeadDetail) => void;
  onNoteDirty: (dirty: boolean) => void;
}) {
  const [note, setNote] = useState('');
  const dirty = note.trim() !== '';
  // Before the next key is handled: an Escape right after typing must already ask.
  useLayoutEffect(() => onNoteDirty(dirty), [dirty, onNoteDirty]);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const toast = useToast();
  const ids = useId();
  const add = useMutation({
    mutationFn: () => patchLead(lead.id, { note }),
    onSuccess: (next) => {
      onChange(next);
      setNote('');
      setFields({});
      toast({ title: 'Note added' });
    },
    onError: (error) => {
      setFields(error instanceof HttpError ? error.fields : {});
      toast({
        title: 'Failed to add the note',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setFields({ note: ['must not be empty'] });
      return;
    }
    add.mutate();
  };
  return (
    <section aria-labelledby={`${ids}-notes`}>
      <h3 id={`${ids}-notes`} className="font-semibold text-ink">
        Notes and history
      </h3>
      {timeline.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing yet: no notes, no status changes.</p>
      ) : (
        <ol
          className="mt-2 grid gap-3 border-l-2 border-slate-200 pl-4"
          data-testid="lead-timeline"
        >
          {timeline.map((entry) => (
            <li key={entry.id} className="text-sm">
              <p className="text-slate-600">
                <span className="font-medium text-slate-900">{entry.author}</span>,{' '}
                <time dateTime={entry.at}>{shortTime(entry.at)}</time>
              </p>
              {entry.kind === 'note' ? (
                <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-900">
                  {entry.text}
                </p>
              ) : entry.kind === 'owner' ? (
                <p className="mt-0.5 text-slate-900">
                  Owner: {ownerLabel(entry.fromOwner, people.owners?.owners, people.me)} →{' '}
                  {ownerLabel(entry.toOwner, people.owners?.owners, people.me)}
                </p>
              ) : (
                <p className="mt-0.5 text-slate-900">
                  Status: {entry.from ? STATUS_LABELS[entry.from] : '?'} →{' '}
                  {entry.to ? STATUS_LABELS[entry.to] : '?'}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="mt-3 grid gap-2">
        <label htmlFor={`${ids}-note`} className="text-sm font-medium">
          Add a note
        </label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={5000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={Boolean(fields['note'])}
          aria-describedby={`${ids}-note-hint${fields['note'] ? ` ${ids}-note-error` : ''}`}
          className={inputClass}
        />
        <p id={`${ids}-note-hint`} className="text-xs text-slate-600">
          Internal: seen by administrators only, never sent to the lead or the CRM.
        </p>
        <FieldError id={`${ids}-note-error`} messages={fields['note']} />
        <div>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add note'}
          </Button>
        </div>
      </form>
    </section>
  );
}
