// The Leads tab: every lead, newest first, filtered and searched, paged with a cursor,
// exported as CSV; a lead opens in its detail (lead-detail.tsx). The tab's label carries
// the number of new leads. Issue 26: one row per person (same e-mail, case ignored) or
// every submission (?view=all), "3rd submission" badges, owners and the "Mine" filter,
// checkboxes with bulk actions (bulk-bar.tsx), and a person's view (contact-view.tsx,
// ?contact=<email>). The parts: the state in the URL (use-leads-url.ts), the list
// (use-lead-list.ts), the filters (lead-filters.tsx) and the table (lead-table.tsx).
// Governed by docs/decisions/0048-leads-tab.md and docs/decisions/0185-inbox-by-person.md.
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '../api.ts';
import { pagesQuery } from '../common/pages-api.ts';
import { Button, Tooltip } from '../ui.tsx';
import { LeadDetailDialog } from './lead-detail.tsx';
import { timeZone } from './format.ts';
import { BulkBar } from './bulk-bar.tsx';
import { ContactDialog } from './contact-view.tsx';
import { useMe } from '../permissions.ts';
import { exportUrl, leadStats, STATS_KEY } from './leads-api.ts';
import { leadOwners, OWNERS_KEY } from '../common/owners-api.ts';
import { Icon } from '../icons.tsx';
import { LeadFilters } from './lead-filters.tsx';
import { LeadTable } from './lead-table.tsx';
import { useLeadList } from './use-lead-list.ts';
import { useLeadsUrl } from './use-leads-url.ts';

/** Same look as the other tab triggers of the admin. */
const TRIGGER_CLASS =
  'inline-flex items-center gap-2 rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow';

/** The Leads tab's trigger: its label shows how many leads are new. */
export function LeadsTabTrigger() {
  const stats = useQuery({ queryKey: STATS_KEY, queryFn: leadStats });
  const count = stats.data?.newCount ?? 0;
  const label = count === 1 ? '1 new lead to work on' : `${count} new leads to work on`;
  const trigger = (
    <Tabs.Trigger value="leads" className={TRIGGER_CLASS} data-testid="leads-tab">
      Leads
      {count > 0 && (
        // Read as "Leads 3 new"; the visible "Leads 3" stays part of the name.
        <span className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 font-semibold text-white">
          <span data-testid="new-lead-count">{count > 999 ? '999+' : count}</span>
          <span className="sr-only"> new</span>
        </span>
      )}
    </Tabs.Trigger>
  );
  return count > 0 ? <Tooltip content={label}>{trigger}</Tooltip> : trigger;
}

export function LeadsTab() {
  // The filter, the view and the open lead or person, in the URL.
  const url = useLeadsUrl();
  const { filter, view, openId, contact } = url;
  const me = useMe()?.email;
  const owners = useQuery({ queryKey: OWNERS_KEY, queryFn: leadOwners });
  const people = { owners: owners.data, me };
  const [selected, setSelected] = useState<string[]>([]);
  // A new filter or view is a new list: what was checked in the old one is let go.
  const listIdentity = JSON.stringify([filter, view]);
  const [shownList, setShownList] = useState(listIdentity);
  if (shownList !== listIdentity) {
    setShownList(listIdentity);
    setSelected([]);
  }
  const pages = useQuery(pagesQuery);
  const ids = useId();
  const { leads, rows, shown, lastPage, refresh } = useLeadList(filter, view);
  const filtered = Object.values(filter).some(Boolean);

  const field = (name: string) => `${ids}-${name}`;
  return (
    <section aria-labelledby={field('heading')} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={field('heading')} className="text-xl font-semibold text-ink">
            Leads
          </h2>
          <p className="text-sm text-slate-600">
            Submissions of every form: the contact dialog, the contact page, the pilot form and your
            own. Times in <span data-testid="lead-time-zone">{timeZone()}</span>.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Tooltip content="Load the newest leads">
            <Button variant="secondary" aria-label="Refresh the list" onClick={refresh}>
              <Icon name="refresh" />
            </Button>
          </Tooltip>
          <Tooltip content="Every lead of the current filter, as a CSV file for spreadsheets">
            <a
              href={exportUrl(filter)}
              download
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              <Icon name="download" /> Export CSV
            </a>
          </Tooltip>
        </div>
      </div>

      <LeadFilters
        filter={filter}
        view={view}
        pages={pages.data}
        owners={owners.data}
        me={me}
        field={field}
        onFilter={url.setFilter}
        onSearch={url.setSearch}
        onView={url.setView}
      />

      {leads.isPending && (
        <div className="grid gap-2" aria-hidden="true">
          {Array.from({ length: 5 }, (_, index) => (
            <div
              key={index}
              data-testid="lead-skeleton"
              className="h-12 animate-pulse rounded-lg border border-slate-200 bg-white"
            />
          ))}
        </div>
      )}
      {leads.isPending && (
        <p role="status" className="sr-only">
          Loading leads...
        </p>
      )}
      {leads.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          The leads could not be loaded: {describeError(leads.error)}
        </p>
      )}
      {leads.data && rows.length === 0 && !lastPage?.partial && (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          {filtered
            ? 'No leads match these filters.'
            : 'No leads yet. They arrive from the contact dialog on the landing pages, the contact page and the pilot form.'}
        </p>
      )}
      {selected.length > 0 && (
        <BulkBar selected={selected} owners={owners.data} me={me} onClear={() => setSelected([])} />
      )}
      {shown.length > 0 && (
        <LeadTable
          rows={shown}
          grouped={view === 'people'}
          pages={pages.data}
          owners={owners.data}
          me={me}
          onOpen={url.openLead}
          onOpenContact={(email) => url.openContact(email, false)}
          selected={selected}
          onSelect={setSelected}
        />
      )}
      {leads.data && (
        <div className="flex flex-wrap items-center gap-3">
          {lastPage?.partial && (
            <p className="text-sm text-slate-600" role="status">
              {rows.length === 0 ? 'No matches among the leads searched so far.' : ''} The search
              stopped after reading a batch of leads; older ones have not been searched yet.
            </p>
          )}
          {leads.hasNextPage && (
            <Button onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
              {leads.isFetchingNextPage
                ? 'Loading...'
                : lastPage?.partial
                  ? 'Search older leads'
                  : 'Load more leads'}
            </Button>
          )}
          <p className="text-sm text-slate-600" aria-live="polite">
            {view === 'people'
              ? `${shown.length} ${shown.length === 1 ? 'person' : 'people'} shown (${rows.length} lead${rows.length === 1 ? '' : 's'})`
              : `${rows.length} lead${rows.length === 1 ? '' : 's'} shown`}
          </p>
        </div>
      )}
      {openId && (
        <LeadDetailDialog
          key={openId}
          id={openId}
          pages={pages.data}
          onClose={url.closeLead}
          people={people}
          onOpenContact={(email) => url.openContact(email, true)}
        />
      )}
      {contact && !openId && (
        <ContactDialog
          key={contact}
          email={contact}
          owners={owners.data}
          me={me}
          onOpenLead={url.leadFromContact}
          onClose={url.closeContact}
        />
      )}
    </section>
  );
}
