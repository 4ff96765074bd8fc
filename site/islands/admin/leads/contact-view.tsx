// One person (issue 26): every submission sent with one e-mail address, case ignored, and
// the status changes, owner changes and notes of all of them in one timeline, oldest first
// (GET /api/admin/contacts/:email). Opened from a lead ("All submissions from this person")
// or a grouped row, at ?contact=<email>, so a reload shows it again.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { leadFormName } from '../../../../functions/shared/leads/basics.ts';
import { type LeadOwners } from '../../../../functions/shared/leads/changes.ts';
import { type ContactTimelineEntry } from '../../../../functions/shared/leads/contacts.ts';
import { STATUS_LABELS } from '../../../../functions/shared/leads/lead.ts';
import { describeError, HttpError } from '../api.ts';
import { Modal } from '../ui.tsx';
import { leadForm, longTime, ordinal, ownerLabel, shortTime, submissionBadge } from './format.ts';
import { contactDetail, contactKey } from './leads-api.ts';
import { StatusBadge } from './status-badge.tsx';

export function ContactDialog({
  email,
  owners,
  me,
  onOpenLead,
  onClose,
}: {
  email: string;
  owners: LeadOwners | undefined;
  me: string | undefined;
  onOpenLead: (id: string) => void;
  onClose: () => void;
}) {
  const contact = useQuery({ queryKey: contactKey(email), queryFn: () => contactDetail(email) });
  const ids = useId();
  const data = contact.data;
  const who = (owner: string | undefined) => ownerLabel(owner, owners?.owners, me);
  const names = new Map(
    data?.submissions.map((lead) => [
      lead.id,
      lead.submission ? `${ordinal(lead.submission)} submission` : 'a spam submission',
    ]),
  );
  const line = (entry: ContactTimelineEntry) => {
    const of = names.get(entry.leadId) ?? 'a submission';
    switch (entry.kind) {
      case 'submission':
        return `Sent the ${leadFormName(entry)} form${entry.submission ? ` (${ordinal(entry.submission)} submission)` : ' (spam)'}`;
      case 'status':
        return `Status of the ${of}: ${entry.from ? STATUS_LABELS[entry.from] : '?'} → ${entry.to ? STATUS_LABELS[entry.to] : '?'}`;
      case 'owner':
        return `Owner of the ${of}: ${who(entry.fromOwner)} → ${who(entry.toOwner)}`;
      default:
        return `Note on the ${of}: ${entry.text ?? ''}`;
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={data ? `${data.name}: all submissions` : 'All submissions from this person'}
      wide
      description={data ? <span className="break-all">{data.email}</span> : undefined}
    >
      {contact.isPending && <p role="status">Loading the submissions...</p>}
      {contact.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {contact.error instanceof HttpError && contact.error.status === 404
            ? 'Nobody with this e-mail address has sent anything (their leads may have been erased).'
            : `The submissions could not be loaded: ${describeError(contact.error)}`}
        </p>
      )}
      {data && (
        <div className="grid gap-6" data-testid="contact-view">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-slate-600">Company</dt>
            <dd>{data.company || '—'}</dd>
            <dt className="font-medium text-slate-600">Owner</dt>
            <dd>{who(data.owner)}</dd>
            <dt className="font-medium text-slate-600">First seen</dt>
            <dd>
              <time dateTime={data.firstSeen} title={longTime(data.firstSeen)}>
                {shortTime(data.firstSeen)}
              </time>
            </dd>
            <dt className="font-medium text-slate-600">Last seen</dt>
            <dd>
              <time dateTime={data.lastSeen} title={longTime(data.lastSeen)}>
                {shortTime(data.lastSeen)}
              </time>
            </dd>
          </dl>

          <section aria-labelledby={`${ids}-submissions`}>
            <h3 id={`${ids}-submissions`} className="font-semibold text-ink">
              Submissions, newest first
            </h3>
            {data.truncated && (
              <p className="mt-1 text-sm text-slate-600">
                Only the newest {data.submissions.length} are shown.
              </p>
            )}
            <ul className="mt-2 grid gap-2" data-testid="contact-submissions">
              {data.submissions.map((lead) => (
                <li
                  key={lead.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 p-2 text-sm"
                >
                  <button
                    type="button"
                    onClick={() => onOpenLead(lead.id)}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {leadForm(lead)}
                  </button>
                  <time dateTime={lead.createdAt} className="text-slate-600">
                    {shortTime(lead.createdAt)}
                  </time>
                  <StatusBadge status={lead.status} />
                  <span className="text-slate-700">
                    {submissionBadge(lead) ?? (lead.submission ? '1st submission' : '')}
                  </span>
                  {lead.owner && <span className="text-slate-600">Owner: {who(lead.owner)}</span>}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby={`${ids}-timeline`}>
            <h3 id={`${ids}-timeline`} className="font-semibold text-ink">
              Timeline of this person
            </h3>
            <ol
              className="mt-2 grid gap-3 border-l-2 border-slate-200 pl-4"
              data-testid="contact-timeline"
            >
              {data.timeline.map((entry, index) => (
                <li key={`${entry.leadId}-${entry.at}-${index}`} className="text-sm">
                  <p className="text-slate-600">
                    {entry.kind !== 'submission' && (
                      <>
                        <span className="font-medium text-slate-900">{entry.author}</span>,{' '}
                      </>
                    )}
                    <time dateTime={entry.at}>{shortTime(entry.at)}</time>
                  </p>
                  <p className="mt-0.5 break-words whitespace-pre-wrap text-slate-900">
                    {line(entry)}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}
