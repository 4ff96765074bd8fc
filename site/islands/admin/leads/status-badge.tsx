// A lead's status as a coloured label.
import { type LeadStatus } from '../../../../functions/shared/leads/basics.ts';
import { STATUS_LABELS } from '../../../../functions/shared/leads/lead.ts';

// Text colours chosen for at least 4.5:1 on their backgrounds (axe checks them).
const STATUS_CLASSES: Record<LeadStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  contacted: 'bg-amber-100 text-amber-900',
  qualified: 'bg-violet-100 text-violet-900',
  won: 'bg-brand-100 text-brand-800',
  lost: 'bg-slate-200 text-slate-800',
  spam: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
