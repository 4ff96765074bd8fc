// A lead's status as a coloured label, and the few line icons the Leads tab uses.
import type { ReactNode } from 'react';
import { STATUS_LABELS, type LeadStatus } from '../../../../functions/shared/leads.ts';

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

const PATHS = {
  refresh: (
    <>
      <path d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7" />
      <path d="M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7" />
    </>
  ),
  download: <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export function LeadIcon({
  name,
  className = 'h-4 w-4',
}: {
  name: keyof typeof PATHS;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {PATHS[name]}
    </svg>
  );
}
