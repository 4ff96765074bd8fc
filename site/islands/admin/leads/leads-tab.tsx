// The Leads tab: every lead, newest first, filtered and searched, paged with a cursor,
// exported as CSV; a lead opens in its detail (lead-detail.tsx). The tab's label carries
// the number of new leads. Issue 26: one row per person (same e-mail, case ignored) or
// every submission (?view=all), "3rd submission" badges, owners and the "Mine" filter,
// checkboxes with bulk actions (bulk-bar.tsx), and a person's view (contact-view.tsx,
// ?contact=<email>).
import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  LEAD_PAGE_SIZE,
  LEAD_STATUSES,
  STATUS_LABELS,
  type LeadForms,
  type LeadOwners,
  type LeadSummary,
} from '../../../../functions/shared/leads.ts';
import { describeError } from '../api.ts';
import { PAGES_KEY, type LandingPage } from '../common/pages-api.ts';
import { presetLabel, presetOfRange, presetRange, RANGE_PRESETS } from '../common/day-range.ts';
import { Button, inputClass, Tooltip } from '../ui.tsx';
import { LeadDetailDialog } from './lead-detail.tsx';
import {
  leadForm,
  leadPage,
  longTime,
  ownerLabel,
  shortTime,
  submissionBadge,
  timeZone,
} from './format.ts';
import { BulkBar } from './bulk-bar.tsx';
import { ContactDialog } from './contact-view.tsx';
import { useMe } from '../permissions.ts';
import { confirmLeave } from '../common/unsaved.ts';
import { navigate, useAdminLocation, viewUrl } from '../route.ts';
import {
  EMPTY_FILTER,
  exportUrl,
  filterFromUrl,
  filterToUrl,
  LEADS_KEY,
  leadStats,
  listKey,
  LEAD_FORMS_KEY,
  leadForms,
  listLeads,
  STATS_KEY,
  viewFromUrl,
  type LeadFilterForm,
  type LeadView,
} from './leads-api.ts';
import { leadOwners, OWNERS_KEY } from '../common/owners-api.ts';
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
  const view = viewFromUrl(location.params);
  const urlLead = location.params.get('lead') || undefined;
  const urlContact = location.params.get('contact') || undefined;
  const latest = useRef({ filter, lead: urlLead, view });
  useEffect(() => {
    latest.current = { filter, lead: urlLead, view };
  });
  const go = (
    next: LeadFilterForm,
    lead?: string,
    replace = false,
    contact?: string,
    nextView: LeadView = latest.current.view,
  ) =>
    navigate(
      viewUrl('leads', {
        ...filterToUrl(next),
        view: nextView === 'all' ? 'all' : undefined,
        lead,
        contact,
      }),
      { replace },
    );
  const setFilter = (next: LeadFilterForm, replace = false) => go(next, undefined, replace);
  const me = useMe()?.email;
  const owners = useQuery<LeadOwners>({ queryKey: OWNERS_KEY, queryFn: leadOwners });
  // Every form, deleted ones too while leads name them (issue 35); a form the URL names that
  // the list does not (yet) hold is kept as a choice, so the filter shows what it filters by.
  const forms = useQuery<LeadForms>({ queryKey: LEAD_FORMS_KEY, queryFn: leadForms });
  const formChoices =
    filter.form && forms.data && !forms.data.forms.some((form) => form.id === filter.form)
      ? [
          ...forms.data.forms,
          { id: filter.form, label: filter.form, builtIn: false, deleted: true },
        ]
      : (forms.data?.forms ?? []);
  const people = { owners: owners.data, me };
  const [selected, setSelected] = useState<string[]>([]);
  // A new filter or view is a new list: what was checked in the old one is let go.
  const listIdentity = JSON.stringify([filter, view]);
  const [shownList, setShownList] = useState(listIdentity);
  if (shownList !== listIdentity) {
    setShownList(listIdentity);
    setSelected([]);
  }
  // The row that opened the first dialog: focus goes back to it when a dialog opened from
  // another (the person's view from a lead, a lead from the person's view) closes.
  const opener = useRef<HTMLElement | null>(null);
  const refocus = () => {
    const target = opener.current;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (target?.isConnected && !document.querySelector('[role="dialog"]')) target.focus();
      }),
    );
  };
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
  const rememberOpener = () => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  const openLead = (lead: string) => {
    rememberOpener();
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
    refocus();
  };
  // The person's view takes the place of the dialog it was opened from (in the history too).
  const openContact = (email: string, fromDialog: boolean) => {
    if (!fromDialog) {
      rememberOpener();
      pushedOpen.current = true;
    }
    setShown(undefined);
    go(filter, undefined, fromDialog, email);
  };
  const leadFromContact = (lead: string) => {
    setShown(lead);
    go(filter, lead, true);
  };
  const closeContact = () => {
    if (pushedOpen.current) window.history.back();
    else go(filter, undefined, true);
    pushedOpen.current = false;
    refocus();
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
  // One row per person: the newest of their submissions loaded so far.
  const shown =
    view === 'all'
      ? rows
      : rows.filter(
          (lead, index) =>
            rows.findIndex((other) => other.email.toLowerCase() === lead.email.toLowerCase()) ===
            index,
        );
  const lastPage = leads.data?.pages.at(-1);
  // A search that stopped at the server's read budget (docs/decisions/0044-lead-keys-and-reads.md)
  // goes on by itself through the next few batches while it has found less than a page.
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
    filter.owner,
  ].filter(Boolean).length;
  const set = <K extends keyof LeadFilterForm>(key: K, value: LeadFilterForm[K]) =>
    setFilter({ ...filter, [key]: value });
  const refresh = () => void client.invalidateQueries({ queryKey: LEADS_KEY });
  // The analytics' presets beside the pickers: a preset fills both days (UTC, as the pickers).
  const rangePreset = presetOfRange({ from: filter.fromDay, to: filter.toDay });

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
              onChange={(event) => set('form', event.target.value)}
              className={inputClass}
            >
              <option value="">All forms</option>
              {formChoices.map((form) => (
                <option key={form.id} value={form.id}>
                  {form.deleted ? `${form.label} (deleted)` : form.label}
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
          <div
            role="group"
            aria-label="Received in"
            className="inline-flex flex-wrap self-end rounded-lg bg-slate-100 p-1"
            data-testid="lead-range-presets"
          >
            {RANGE_PRESETS.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={rangePreset === days}
                onClick={() => {
                  const { from, to } = presetRange(days);
                  setFilter({ ...filter, fromDay: from, toDay: to });
                }}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow"
              >
                {presetLabel(days)}
              </button>
            ))}
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
          <div>
            <label htmlFor={field('owner')} className="text-sm font-medium">
              Owner
            </label>
            <select
              id={field('owner')}
              value={filter.owner}
              onChange={(event) => set('owner', event.target.value)}
              className={inputClass}
            >
              <option value="">Anyone's</option>
              <option value="me">Mine</option>
              {owners.data?.owners
                .filter((owner) => owner.email !== me?.toLowerCase())
                .map((owner) => (
                  <option key={owner.email} value={owner.email}>
                    {owner.name ? `${owner.name} (${owner.email})` : owner.email}
                  </option>
                ))}
              {filter.owner &&
                filter.owner !== 'me' &&
                !owners.data?.owners.some((owner) => owner.email === filter.owner) && (
                  <option value={filter.owner}>{filter.owner}</option>
                )}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap items-end justify-between gap-2 sm:col-span-2 lg:col-span-3">
          <div role="group" aria-label="Show leads" className="flex rounded-md bg-slate-100 p-1">
            {(
              [
                ['people', 'Group by person', 'One row per e-mail address: its newest submission'],
                ['all', 'Every submission', 'One row per submission, numbered per person'],
              ] as const
            ).map(([value, label, tip]) => (
              <Tooltip key={value} content={tip}>
                <button
                  type="button"
                  aria-pressed={view === value}
                  onClick={() => go(filter, undefined, false, undefined, value)}
                  className="rounded px-3 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow"
                >
                  {label}
                </button>
              </Tooltip>
            ))}
          </div>
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
      {selected.length > 0 && (
        <BulkBar selected={selected} owners={owners.data} me={me} onClear={() => setSelected([])} />
      )}
      {shown.length > 0 && (
        <LeadRows
          rows={shown}
          grouped={view === 'people'}
          pages={pages.data}
          owners={owners.data}
          me={me}
          onOpen={openLead}
          onOpenContact={(email) => openContact(email, false)}
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
          onClose={closeLead}
          people={people}
          onOpenContact={(email) => openContact(email, true)}
        />
      )}
      {urlContact && !openId && (
        <ContactDialog
          key={urlContact}
          email={urlContact}
          owners={owners.data}
          me={me}
          onOpenLead={leadFromContact}
          onClose={closeContact}
        />
      )}
    </section>
  );
}

function LeadRows({
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
                <td className="px-3 py-2">{leadForm(lead)}</td>
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
