// The Leads tab's filter form: the search box (each pause in typing replaces the URL), the
// status, form, landing page, received days (with the analytics' presets), owner and language
// (when the site has more than one), folded behind "More filters" on phones, the choice
// between one row per person and every submission, and "Clear filters". Governed by
// docs/decisions/0048-leads-tab.md, docs/decisions/0185-inbox-by-person.md,
// docs/decisions/0393-leads-by-form-index.md and docs/decisions/0575-leads-by-locale.md.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LEAD_STATUSES } from '../../../../functions/shared/leads/basics.ts';
import { type LeadOwners } from '../../../../functions/shared/leads/changes.ts';
import { STATUS_LABELS } from '../../../../functions/shared/leads/lead.ts';
import type { LandingPage } from '../common/pages-api.ts';
import { presetLabel, presetOfRange, presetRange, RANGE_PRESETS } from '../common/day-range.ts';
import { describeError } from '../api.ts';
import { Button, inputClass, Tooltip } from '../ui.tsx';
import {
  EMPTY_FILTER,
  LEAD_FORMS_KEY,
  LEAD_LOCALES_KEY,
  languageChoices,
  leadForms,
  leadLocales,
  type LeadFilterForm,
  type LeadView,
} from './leads-api.ts';

const SEARCH_DELAY_MS = 300;

export function LeadFilters({
  filter,
  view,
  pages,
  owners,
  me,
  field,
  onFilter,
  onSearch,
  onView,
}: {
  filter: LeadFilterForm;
  view: LeadView;
  pages: LandingPage[] | undefined;
  owners: LeadOwners | undefined;
  me: string | undefined;
  /** The tab's id for one of its controls (`${useId()}-q`). */
  field: (name: string) => string;
  onFilter: (next: LeadFilterForm) => void;
  /** A typed search, after a pause. */
  onSearch: (q: string) => void;
  onView: (view: LeadView) => void;
}) {
  // Every form, deleted ones too while leads name them (issue 35); a form the URL names that
  // the list does not (yet) hold is kept as a choice, so the filter shows what it filters by.
  const forms = useQuery({ queryKey: LEAD_FORMS_KEY, queryFn: leadForms });
  const formChoices =
    filter.form && forms.data && !forms.data.forms.some((form) => form.id === filter.form)
      ? [
          ...forms.data.forms,
          { id: filter.form, label: filter.form, builtIn: false, deleted: true },
        ]
      : (forms.data?.forms ?? []);
  // The Language filter (issue 39): shown when the site has more than one locale, or the URL
  // names one.
  const locales = useQuery({ queryKey: LEAD_LOCALES_KEY, queryFn: leadLocales });
  const languages = languageChoices(locales.data?.locales, filter.locale);
  const [search, setSearch] = useState(filter.q);
  const [moreFilters, setMoreFilters] = useState(false);

  // Typing refines the view in place: each pause replaces the URL, so Back skips keystrokes.
  const urlQ = filter.q;
  useEffect(() => {
    if (search === urlQ) return;
    // The open lead stays open: a search that lands after a quick click keeps it.
    const timer = setTimeout(() => onSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search starts the delay
  }, [search]);
  // Back or a link to another search shows that search in the box.
  const [shownQ, setShownQ] = useState(urlQ);
  if (shownQ !== urlQ) {
    setShownQ(urlQ);
    setSearch(urlQ);
  }

  const filtered = Object.values(filter).some(Boolean);
  const extraFilters = [
    filter.status,
    filter.form,
    filter.page,
    filter.fromDay,
    filter.toDay,
    filter.owner,
    filter.locale,
  ].filter(Boolean).length;
  const set = <K extends keyof LeadFilterForm>(key: K, value: LeadFilterForm[K]) =>
    onFilter({ ...filter, [key]: value });
  // The analytics' presets beside the pickers: a preset fills both days (UTC, as the pickers).
  const rangePreset = presetOfRange({ from: filter.fromDay, to: filter.toDay });

  return (
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
            {pages?.map((page) => (
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
                onFilter({ ...filter, fromDay: from, toDay: to });
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
            {owners?.owners
              .filter((owner) => owner.email !== me?.toLowerCase())
              .map((owner) => (
                <option key={owner.email} value={owner.email}>
                  {owner.name ? `${owner.name} (${owner.email})` : owner.email}
                </option>
              ))}
            {filter.owner &&
              filter.owner !== 'me' &&
              !owners?.owners.some((owner) => owner.email === filter.owner) && (
                <option value={filter.owner}>{filter.owner}</option>
              )}
          </select>
        </div>
        {languages && (
          // Two columns on wide screens: the row's last, and room for "German (Germany) (de-DE)".
          <div className="lg:col-span-2">
            <label htmlFor={field('locale')} className="text-sm font-medium">
              Language
            </label>
            <Tooltip content="The language of the page the form was sent from. Leads from before the site had languages count as American English (en-US).">
              <select
                id={field('locale')}
                value={filter.locale}
                onChange={(event) => set('locale', event.target.value)}
                className={inputClass}
                data-testid="lead-language-filter"
              >
                <option value="">All languages</option>
                {languages.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.label}
                  </option>
                ))}
              </select>
            </Tooltip>
          </div>
        )}
      </div>
      {locales.isError && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-2 lg:col-span-6">
          The site&apos;s languages could not be loaded: {describeError(locales.error)}
        </p>
      )}
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
                onClick={() => onView(value)}
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
              onFilter(EMPTY_FILTER);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
