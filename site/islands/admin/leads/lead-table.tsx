// The leads shown, with a checkbox each for the bulk actions: a table on wide screens, one
// card per lead on narrow ones. Grouped by person, a row's badge opens all of that person's
// submissions; else it says which submission this is ("3rd submission"). Governed by
// docs/decisions/0048-leads-tab.md and docs/decisions/0185-inbox-by-person.md.
import type { ReactNode } from 'react';
import type { LeadOwners } from '../../../../functions/shared/leads/changes.ts';
import type { LeadSummary } from '../../../../functions/shared/leads/lead.ts';
import { DEFAULT_LOCALE } from '../../../../functions/shared/locales.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { Tooltip } from '../ui.tsx';
import {
  leadForm,
  leadLocale,
  leadPage,
  longTime,
  ownerLabel,
  shortTime,
  submissionBadge,
} from './format.ts';
import { StatusBadge } from './status-badge.tsx';

export function LeadTable({
  rows,
  grouped,
  pages,
  owners,
  me,
  onOpen,
  onOpenContact,
  selected,
  onSelect,
}: {
  rows: LeadSummary[];
  grouped: boolean;
  pages: LandingPage[] | undefined;
  owners: LeadOwners | undefined;
  me: string | undefined;
  onOpen: (id: string) => void;
  onOpenContact: (email: string) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  const open = (lead: LeadSummary) => (
    <button
      type="button"
      onClick={() => onOpen(lead.id)}
      className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {lead.name}
    </button>
  );
  /** Grouped: how many this person sent (opens them all); else which one this is. */
  const badge = (lead: LeadSummary): ReactNode => {
    const total = lead.submissions ?? 0;
    if (grouped && total > 1) {
      return (
        <Tooltip content="All submissions from this person, with their notes and changes">
          <button
            type="button"
            data-testid="person-submissions"
            onClick={() => onOpenContact(lead.email)}
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-200"
          >
            {total} submissions
          </button>
        </Tooltip>
      );
    }
    const text = grouped ? undefined : submissionBadge(lead);
    return text ? (
      <span
        data-testid="submission-badge"
        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-slate-800"
      >
        {text}
      </span>
    ) : null;
  };
  const isSelected = (id: string) => selected.includes(id);
  const toggle = (id: string) =>
    onSelect(isSelected(id) ? selected.filter((other) => other !== id) : [...selected, id]);
  const all = rows.length > 0 && rows.every((lead) => isSelected(lead.id));
  const some = rows.some((lead) => isSelected(lead.id));
  const check = (lead: LeadSummary) => (
    <input
      type="checkbox"
      checked={isSelected(lead.id)}
      onChange={() => toggle(lead.id)}
      aria-label={`Select the lead of ${lead.name}`}
      className="h-6 w-6 accent-brand-700"
    />
  );
  const owner = (lead: LeadSummary) => ownerLabel(lead.owner, owners?.owners, me);
  const selectAll = (
    <input
      type="checkbox"
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = some && !all;
      }}
      onChange={() =>
        onSelect(
          all
            ? selected.filter((id) => !rows.some((lead) => lead.id === id))
            : [...new Set([...selected, ...rows.map((lead) => lead.id)])],
        )
      }
      aria-label="Select every lead shown"
      className="h-6 w-6 accent-brand-700"
    />
  );
  const caption = grouped ? 'Leads by person, newest first' : 'Leads, newest first';
  return (
    <>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="lead-table">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="w-8 px-3 py-2">
                {selectAll}
              </th>
              {[
                'Received',
                'Name',
                'Email',
                'Company',
                'Form',
                'Landing page',
                'Owner',
                'Status',
              ].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((lead) => (
              <tr
                key={lead.id}
                data-testid="lead-row"
                className={isSelected(lead.id) ? 'bg-brand-50' : undefined}
              >
                <td className="px-3 py-2">{check(lead)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={lead.createdAt} title={longTime(lead.createdAt)}>
                    {shortTime(lead.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    {open(lead)}
                    {badge(lead)}
                  </div>
                </td>
                <td className="max-w-56 truncate px-3 py-2">{lead.email}</td>
                <td className="max-w-48 truncate px-3 py-2">{lead.company || '—'}</td>
                <td className="px-3 py-2">
                  {leadForm(lead)}
                  <LocaleBadge lead={lead} />
                </td>
                <td className="max-w-48 truncate px-3 py-2">{leadPage(lead, pages) ?? '—'}</td>
                <td className="max-w-40 truncate px-3 py-2" data-testid="lead-owner-cell">
                  {lead.owner ? owner(lead) : <span className="text-slate-600">—</span>}
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={lead.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Narrow screens: one card per lead. */}
      <div className="grid gap-2 md:hidden">
        <label className="flex items-center gap-2 px-1 text-sm text-slate-700">
          {selectAll}
          Select every lead shown
        </label>
        <ul className="grid gap-2" aria-label={caption}>
          {rows.map((lead) => (
            <li
              key={lead.id}
              data-testid="lead-card"
              className={`rounded-xl border p-3 text-sm ${isSelected(lead.id) ? 'border-brand-700/40 bg-brand-50' : 'border-slate-200 bg-white'}`}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="flex min-w-0 items-start gap-2">
                  <span className="pt-0.5">{check(lead)}</span>
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    {open(lead)}
                    {badge(lead)}
                  </div>
                </div>
                <StatusBadge status={lead.status} />
              </div>
              <p className="truncate text-slate-700">{lead.email}</p>
              {lead.company && <p className="truncate text-slate-700">{lead.company}</p>}
              <p className="mt-1 text-slate-600">
                <time dateTime={lead.createdAt}>{shortTime(lead.createdAt)}</time> ·{' '}
                {leadForm(lead)}
                <LocaleBadge lead={lead} />
                {leadPage(lead, pages) ? ` · ${leadPage(lead, pages)}` : ''}
              </p>
              {lead.owner && <p className="text-slate-600">Owner: {owner(lead)}</p>}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * A lead sent in another locale than the default (issue 39): its code beside the form, the
 * language named in the tooltip. The default locale's leads show none.
 */
function LocaleBadge({ lead }: { lead: LeadSummary }) {
  if (!lead.locale || lead.locale === DEFAULT_LOCALE) return null;
  const { code, name } = leadLocale(lead);
  return (
    <Tooltip content={`Sent from the ${name} version of the page`}>
      <span
        tabIndex={0}
        data-testid="lead-locale-badge"
        className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800"
      >
        {code}
      </span>
    </Tooltip>
  );
}
