// The inbox's bulk actions on the checked leads (issue 26): a status, an owner, spam, and
// the CSV of the selection. The API answers per lead (functions/routes/leads.ts /bulk), so
// a partial failure is said in a sentence that names how many and why, never silently.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { WORKFLOW_STATUSES, type LeadStatus } from '../../../../functions/shared/leads/basics.ts';
import {
  type LeadBulk,
  type LeadBulkResult,
  type LeadOwners,
} from '../../../../functions/shared/leads/changes.ts';
import { STATUS_LABELS } from '../../../../functions/shared/leads/lead.ts';
import { describeError, saveFile } from '../api.ts';
import { useStickyClearance } from '../common/sticky-clearance.ts';
import { Icon } from '../icons.tsx';
import { useToast } from '../toast.tsx';
import { Button, Tooltip } from '../ui.tsx';
import { bulkChange, exportSelection, refreshLeads } from './leads-api.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a bulk change did, as sentences: the changed, then each kind of failure. */
export function bulkOutcome(result: LeadBulkResult): { title: string; problem?: string } {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const notFound = count('not-found');
  const conflict = count('conflict');
  const title = `${plural(result.succeeded, 'lead')} updated`;
  if (result.failed === 0) return { title };
  const reasons = [
    notFound ? `${notFound} erased meanwhile` : '',
    conflict ? `${conflict} changed by someone else meanwhile (reload and try again)` : '',
  ].filter(Boolean);
  return { title, problem: `${plural(result.failed, 'lead')} not changed: ${reasons.join('; ')}.` };
}

/** A select of the accounts a lead may be given to ("Nobody" first). */
export function OwnerOptions({ owners, me }: { owners: LeadOwners | undefined; me?: string }) {
  return (
    <>
      <option value="">Nobody</option>
      {owners?.owners.map((owner) => (
        <option key={owner.email} value={owner.email}>
          {owner.email === me?.toLowerCase()
            ? `You (${owner.email})`
            : owner.name
              ? `${owner.name} (${owner.email})`
              : owner.email}
        </option>
      ))}
    </>
  );
}

export function BulkBar({
  selected,
  owners,
  me,
  onClear,
}: {
  selected: string[];
  owners: LeadOwners | undefined;
  me: string | undefined;
  onClear: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const ids = useId();
  const [status, setStatus] = useState('');
  const [owner, setOwner] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (body: Omit<LeadBulk, 'ids'>) => bulkChange({ ...body, ids: selected }),
    onSuccess: (result) => {
      refreshLeads(client);
      const outcome = bulkOutcome(result);
      setProblem(outcome.problem);
      toast(
        outcome.problem
          ? { title: outcome.title, description: outcome.problem, variant: 'destructive' }
          : { title: outcome.title },
      );
      if (!outcome.problem) onClear();
    },
    onError: (error) => {
      setProblem(`The leads were not changed: ${describeError(error)}`);
      toast({
        title: 'Failed to change the leads',
        description: describeError(error),
        variant: 'destructive',
      });
    },
  });
  const download = useMutation({
    mutationFn: () => exportSelection(selected),
    onSuccess: ({ name, blob }) => saveFile(name, blob),
    onError: (error) =>
      toast({
        title: 'Failed to export the selection',
        description: describeError(error),
        variant: 'destructive',
      }),
  });
  const busy = change.isPending;
  const bar = useRef<HTMLDivElement>(null);
  useStickyClearance(bar, 'top');
  return (
    <div
      ref={bar}
      role="region"
      aria-label="Bulk actions"
      data-testid="bulk-bar"
      data-sticky-bar=""
      className="z-10 grid gap-2 md:sticky md:top-2 rounded-xl border border-brand-700/30 bg-brand-50 p-3 shadow-md"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="self-center text-sm font-semibold text-ink" aria-live="polite">
          {plural(selected.length, 'lead')} selected
        </p>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${ids}-status`} className="block text-xs font-medium text-slate-700">
              Status
            </label>
            <select
              id={`${ids}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              className="mt-0.5 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="">Choose...</option>
              {WORKFLOW_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Tooltip content="Move every selected lead to this status">
            <Button
              disabled={busy || !status}
              onClick={() => change.mutate({ action: 'status', status: status as LeadStatus })}
            >
              Set status
            </Button>
          </Tooltip>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={`${ids}-owner`} className="block text-xs font-medium text-slate-700">
              Owner
            </label>
            <select
              id={`${ids}-owner`}
              value={owner ?? '-'}
              onChange={(event) =>
                setOwner(event.target.value === '-' ? undefined : event.target.value)
              }
              className="mt-0.5 max-w-56 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="-">Choose...</option>
              <OwnerOptions owners={owners} {...(me ? { me } : {})} />
            </select>
          </div>
          <Tooltip content="Give every selected lead to this account; they get one e-mail about it">
            <Button
              disabled={busy || owner === undefined}
              onClick={() => change.mutate({ action: 'owner', owner: owner || null })}
            >
              Set owner
            </Button>
          </Tooltip>
        </div>
        <Tooltip content="Move the selected leads to spam: out of the list, never sent to the CRM">
          <Button disabled={busy} onClick={() => change.mutate({ action: 'spam' })}>
            Mark as spam
          </Button>
        </Tooltip>
        <Tooltip content="The selected leads as a CSV file for spreadsheets">
          <Button disabled={download.isPending} onClick={() => download.mutate()}>
            <Icon name="download" /> Export selection
          </Button>
        </Tooltip>
        <Button variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
