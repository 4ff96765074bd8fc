// A lead's internal notes and history (status and owner changes), and the form to add a
// note, which reports whether it holds unsaved text (the detail asks before dropping it,
// docs/decisions/0060-unsaved-guard-and-local-drafts.md). Governed by
// docs/decisions/0186-lead-owners.md and docs/decisions/0043-lead-statuses.md.
import { useMutation } from '@tanstack/react-query';
import { useId, useLayoutEffect, useState, type SyntheticEvent } from 'react';
import {
  STATUS_LABELS,
  type LeadDetail,
  type LeadView,
  type TimelineEntry,
} from '../../../../functions/shared/leads/lead.ts';
import { describeError, HttpError } from '../api.ts';
import { useToast } from '../toast.tsx';
import { Button, FieldError, inputClass } from '../ui.tsx';
import { ownerLabel, shortTime, type OwnerContext } from './format.ts';
import { patchLead } from './leads-api.ts';

export function Timeline({
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
