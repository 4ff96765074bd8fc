// One lead, in a dialog: its status workflow, spam / not spam, its owner, who sent it
// (lead-fields.tsx: the contact facts, the form's own fields and the consent record), the
// message, the new-lead e-mail and the CRM delivery (lead-delivery.tsx), the internal notes
// timeline (lead-timeline.tsx; a note typed but not added asks before it is dropped), and
// erasure for a data-subject request. Governed by docs/decisions/0048-leads-tab.md,
// docs/decisions/0185-inbox-by-person.md and docs/decisions/0047-lead-audit-and-erasure.md.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { WORKFLOW_STATUSES, type LeadStatus } from '../../../../functions/shared/leads/basics.ts';
import {
  STATUS_LABELS,
  type LeadDetail,
  type LeadView,
} from '../../../../functions/shared/leads/lead.ts';
import { describeError, HttpError } from '../api.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, Modal, Tooltip } from '../ui.tsx';
import { longTime, ownerLabel, type OwnerContext } from './format.ts';
import { detailKey, eraseLead, leadDetail, patchLead, refreshLeads } from './leads-api.ts';
import { OwnerOptions } from './bulk-bar.tsx';
import { DiscardDialog } from '../common/discard-dialog.tsx';
import { useUnsavedGuard } from '../common/unsaved.ts';
import { StatusBadge } from './status-badge.tsx';
import { DeliverySection, NotificationSection } from './lead-delivery.tsx';
import { ContactSection, FormAndConsent } from './lead-fields.tsx';
import { Timeline } from './lead-timeline.tsx';

export function eraseMessage(lead: LeadView, delivered: boolean): string {
  return (
    `Erase the lead of ${lead.name}? The lead, its notes and its CRM delivery are deleted for good. ` +
    'The audit log keeps only the lead id and your name.' +
    (delivered ? ' The copy already delivered to the CRM must be erased there too.' : '')
  );
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
  // close, on a tab switch, on Back, on sign-out (pages/unsaved.ts).
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

      <ContactSection
        detail={detail}
        pages={pages}
        headingId={`${ids}-contact`}
        onOpenContact={onOpenContact}
      />

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
        <NotificationSection notification={lead.notification} headingId={`${ids}-mail`} />
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
