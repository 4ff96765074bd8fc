// The Leads tab: every lead, newest first, filtered and searched, paged with a cursor,
// exported as CSV; a lead opens in its detail (lead-detail.tsx). The tab's label carries
// the number of new leads.
import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FORM_TYPES } from '../../../../functions/shared/contact.ts';
import {
  FORM_LABELS,
  LEAD_PAGE_SIZE,
  LEAD_STATUSES,
  STATUS_LABELS,
  type LeadSummary,
} from '../../../../functions/shared/leads.ts';
import { describeError } from '../api.ts';
import { PAGES_KEY, type LandingPage } from '../pages/pages-api.ts';
import { Button, inputClass, Tooltip } from '../ui.tsx';
import { LeadDetailDialog } from './lead-detail.tsx';
import { leadForm, leadPage, longTime, shortTime, timeZone } from './format.ts';
import { confirmLeave } from '../pages/unsaved.ts';
import { navigate, useAdminLocation, viewUrl } from '../route.ts';
import {
  EMPTY_FILTER,
  exportUrl,
  filterFromUrl,
  filterToUrl,
  LEADS_KEY,
  leadStats,
  listKey,
  listLeads,
  STATS_KEY,
  type LeadFilterForm,
} from './leads-api.ts';
import { Icon } from '../icons.tsx';
import { StatusBadge } from './status-badge.tsx';

const SEARCH_DELAY_MS = 300;
/** Read batches a search goes through before it asks to search older leads (5 × 2,000). */
const AUTO_BATCHES = 5;

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
  const client = useQueryClient();
  // The filters and the open lead live in the URL (/admin/leads?status=new&lead=...), so a
  // reload, Back and a shared link show the same view (route.ts).
  const location = useAdminLocation();
  const filter = filterFromUrl(location.params);
  const urlLead = location.params.get('lead') || undefined;
  const latest = useRef({ filter, lead: urlLead });
  useEffect(() => {
    latest.current = { filter, lead: urlLead };
  });
  const go = (next: LeadFilterForm, lead?: string, replace = false) =>
    navigate(viewUrl('leads', { ...filterToUrl(next), lead }), { replace });
  const setFilter = (next: LeadFilterForm, replace = false) => go(next, undefined, replace);
  // The lead on screen follows ?lead=, except that Back away from an unsaved note asks
  // first and puts the lead back in the URL when the administrator keeps it.
  const [openId, setShown] = useState(urlLead);
  const pushedOpen = useRef(false);
  useEffect(() => {
    if (urlLead === openId) return;
    let live = true;
    void confirmLeave().then((leave) => {
      if (!live) return;
      if (leave) setShown(urlLead);
      else go(latest.current.filter, openId, true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL only
  }, [urlLead]);
  const openLead = (lead: string) => {
    pushedOpen.current = true;
    setShown(lead);
    go(filter, lead);
  };
  const closeLead = () => {
    setShown(undefined);
    // Closing undoes the opening in the history, so Back does not reopen the lead.
    if (pushedOpen.current) window.history.back();
    else go(filter, undefined, true);
    pushedOpen.current = false;
  };
  const [search, setSearch] = useState(filter.q);
  const [moreFilters, setMoreFilters] = useState(false);
  const pages = useQuery<LandingPage[]>({ queryKey: PAGES_KEY });
  const ids = useId();

  // Opening the tab shows what arrived meanwhile (the admin's queries never go stale).
  useEffect(() => {
    void client.invalidateQueries({ queryKey: LEADS_KEY });
  }, [client]);

  // Typing refines the view in place: each pause replaces the URL, so Back skips keystrokes.
  const urlQ = filter.q;
  useEffect(() => {
    if (search === urlQ) return;
    // The open lead stays open: a search that lands after a quick click keeps it.
    const timer = setTimeout(() => {
      const { filter: current, lead } = latest.current;
      go({ ...current, q: search }, lead, true);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search starts the delay
  }, [search]);
  // Back or a link to another search shows that search in the box.
  const [shownQ, setShownQ] = useState(urlQ);
  if (shownQ !== urlQ) {
    setShownQ(urlQ);
    setSearch(urlQ);
  }

  const leads = useInfiniteQuery({
    queryKey: listKey(filter),
    queryFn: ({ pageParam }) => listLeads(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const lastPage = leads.data?.pages.at(-1);
  // A search that stopped at the server's read budget (docs/decisions.md, Leads) goes on
  // by itself through the next few batches while it has found less than a page.
  const batches = leads.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = leads;
  useEffect(() => {
    if (
      lastPage?.partial &&
      rows.length < LEAD_PAGE_SIZE &&
      batches < AUTO_BATCHES &&
      hasNextPage &&
      !isFetchingNextPage
    ) {
      void fetchNextPage();
    }
  }, [lastPage, rows.length, batches, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const filtered = Object.values(filter).some(Boolean);
  const extraFilters = [
    filter.status,
    filter.form,
    filter.page,
    filter.fromDay,
    filter.toDay,
  ].filter(Boolean).length;
  const set = <K extends keyof LeadFilterForm>(key: K, value: LeadFilterForm[K]) =>
    setFilter({ ...filter, [key]: value });
  const refresh = () => void client.invalidateQueries({ queryKey: LEADS_KEY });

  const field = (name: string) => `${ids}-${name}`;
  return (
    <section aria-labelledby={field('heading')} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={field('heading')} className="text-xl font-semibold text-ink">
            Leads
          </h2>
          <p className="text-sm text-slate-600">
            Submissions of the contact dialog, the contact page and the pilot form. Times in{' '}
            <span data-testid="lead-time-zone">{timeZone()}</span>.
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

      <form
        role="search"
        aria-label="Filter leads"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="sm:col-span-2">
          <label htmlFor={field('q')} className="text-sm font-medium">
            Search
          </label>
          <input
            id={field('q')}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, email or company"
            className={inputClass}
          />
        </div>
        {/* Phones: the other filters fold away behind one button, so the leads stay in view. */}
        <div className="sm:hidden">
          <Button
            variant="secondary"
            aria-expanded={moreFilters}
            aria-controls={field('more')}
            onClick={() => setMoreFilters(!moreFilters)}
          >
            {moreFilters
              ? 'Hide filters'
              : `More filters${extraFilters ? ` (${extraFilters} set)` : ''}`}
          </Button>
        </div>
        <div id={field('more')} className={`${moreFilters ? 'contents' : 'hidden'} sm:contents`}>
          <div>
            <label htmlFor={field('status')} className="text-sm font-medium">
              Status
            </label>
            <select
              id={field('status')}
              value={filter.status}
              onChange={(event) => set('status', event.target.value as LeadFilterForm['status'])}
              className={inputClass}
            >
              <option value="">All but spam</option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={field('form')} className="text-sm font-medium">
              Form
            </label>
            <select
              id={field('form')}
              value={filter.form}
              onChange={(event) => set('form', event.target.value as LeadFilterForm['form'])}
              className={inputClass}
            >
              <option value="">All forms</option>
              {FORM_TYPES.map((form) => (
                <option key={form} value={form}>
                  {FORM_LABELS[form]}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={field('page')} className="text-sm font-medium">
              Landing page
            </label>
            <select
              id={field('page')}
              value={filter.page}
              onChange={(event) => set('page', event.target.value)}
              className={inputClass}
            >
              <option value="">All pages</option>
              {pages.data?.map((page) => (
                <option key={page.id} value={page.id}>
                  {page.title} (/{page.slug === 'default' ? '' : page.slug})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={field('from')} className="text-sm font-medium">
              Received from
            </label>
            <input
              id={field('from')}
              type="date"
              value={filter.fromDay}
              max={filter.toDay || undefined}
              onChange={(event) => set('fromDay', event.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={field('to')} className="text-sm font-medium">
              Received until
            </label>
            <input
              id={field('to')}
              type="date"
              value={filter.toDay}
              min={filter.fromDay || undefined}
              onChange={(event) => set('toDay', event.target.value)}
              className={inputClass}
            />
          </div>
        </div>
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          {filtered && (
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('');
                setFilter(EMPTY_FILTER);
              }}
            >
              Clear filters
            </Button>
          )}
        </div>
      </form>

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
      {rows.length > 0 && <LeadRows rows={rows} pages={pages.data} onOpen={openLead} />}
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
            {rows.length} lead{rows.length === 1 ? '' : 's'} shown
          </p>
        </div>
      )}
      {openId && (
        <LeadDetailDialog key={openId} id={openId} pages={pages.data} onClose={closeLead} />
      )}
    </section>
  );
}

function LeadRows({
  rows,
  pages,
  onOpen,
}: {
  rows: LeadSummary[];
  pages: LandingPage[] | undefined;
  onOpen: (id: string) => void;
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
  return (
    <>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="lead-table">
          <caption className="sr-only">Leads, newest first</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              {['Received', 'Name', 'Email', 'Company', 'Form', 'Landing page', 'Status'].map(
                (heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-medium">
                    {heading}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((lead) => (
              <tr key={lead.id} data-testid="lead-row">
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={lead.createdAt} title={longTime(lead.createdAt)}>
                    {shortTime(lead.createdAt)}
                  </time>
                </td>
                <td className="px-3 py-2">{open(lead)}</td>
                <td className="max-w-56 truncate px-3 py-2">{lead.email}</td>
                <td className="max-w-48 truncate px-3 py-2">{lead.company || '—'}</td>
                <td className="px-3 py-2">{leadForm(lead)}</td>
                <td className="max-w-48 truncate px-3 py-2">{leadPage(lead, pages) ?? '—'}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={lead.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Narrow screens: one card per lead. */}
      <ul className="grid gap-2 md:hidden" aria-label="Leads, newest first">
        {rows.map((lead) => (
          <li
            key={lead.id}
            data-testid="lead-card"
            className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              {open(lead)}
              <StatusBadge status={lead.status} />
            </div>
            <p className="truncate text-slate-700">{lead.email}</p>
            {lead.company && <p className="truncate text-slate-700">{lead.company}</p>}
            <p className="mt-1 text-slate-600">
              <time dateTime={lead.createdAt}>{shortTime(lead.createdAt)}</time> · {leadForm(lead)}
              {leadPage(lead, pages) ? ` · ${leadPage(lead, pages)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
