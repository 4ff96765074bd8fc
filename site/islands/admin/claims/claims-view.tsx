// The Claims view (issue 36, /admin/claims): every approved wording the pages may say by
// token, with its status (a lapsed approval says why), expiry and how many pages say it;
// filters by status, category and words, kept in the URL (claims-url.ts) with the claim open
// (`?claim=<id>`, claim-detail.tsx). Any administrator reads it; `edit` adds claims, the
// API enforces the rest (functions/routes/admin/claims.ts).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLAIMS_KEY, listClaims, type ClaimListItem } from '../common/claims-api.ts';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import { useCan } from '../permissions.ts';
import { navigate } from '../route.ts';
import { inputClass, Tooltip } from '../ui.tsx';
import { ClaimDetail } from './claim-detail.tsx';
import { ClaimEditor } from './claim-editor.tsx';
import {
  CLAIM_STATUS_FILTERS,
  claimShownStatus,
  claimsUrl,
  evidenceUrl,
  filterClaims,
  readClaimFilters,
  type ClaimFilters,
} from './claims-url.ts';
import {
  day,
  Filter,
  FilterForm,
  ListBody,
  ListHeader,
  SearchFilter,
  StatusBadge,
  StatusFilter,
  ViewLink,
} from './parts.tsx';

const USAGE_HINT =
  'Pages whose live version or working copy says this claim by its token. Open the claim to see which, and where.';

export function ClaimsView({ params, onBack }: { params: URLSearchParams; onBack: () => void }) {
  const open = params.get('claim');
  const filters = readClaimFilters(params);
  if (open) {
    return <ClaimDetail key={open} id={open} onBack={() => navigate(claimsUrl(filters))} />;
  }
  return <ClaimsList filters={filters} onBack={onBack} />;
}

function ClaimsList({ filters, onBack }: { filters: ClaimFilters; onBack: () => void }) {
  const claims = useQuery({ queryKey: CLAIMS_KEY, queryFn: listClaims });
  const mayEdit = useCan('edit');
  const [adding, setAdding] = useState(false);
  const all = claims.data ?? [];
  const rows = filterClaims(all, filters);
  const categories = [...new Set(all.map((claim) => claim.category))].sort();
  // Each keystroke of the search refines the URL; Back skips them.
  const refine = (patch: Partial<ClaimFilters>) =>
    navigate(claimsUrl({ ...filters, ...patch }), { replace: true });

  return (
    <section aria-labelledby="claims-heading" data-testid="claims-view">
      <ListHeader
        id="claims-heading"
        title="Claims"
        onBack={onBack}
        intro={
          <>
            The approved wordings pages may say, each tied to the evidence that substantiates it. A
            page says a claim by its token, such as{' '}
            <code className="rounded bg-slate-100 px-1">{'{{claim:uptime}}'}</code>; only approved
            claims can be published.
          </>
        }
        other={{ label: 'Evidence', onOpen: () => navigate(evidenceUrl({})) }}
        add={{
          label: 'New claim',
          may: mayEdit,
          why: 'Your role does not add claims: editors do.',
          onClick: () => setAdding(true),
        }}
      />

      <FilterForm
        label="Filter claims"
        columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
      >
        <SearchFilter
          label="Search key or wording"
          value={filters.q}
          onChange={(q) => refine({ q })}
        />
        <StatusFilter
          options={CLAIM_STATUS_FILTERS}
          value={filters.status}
          onChange={(status) => refine({ status })}
        />
        <Filter label="Category">
          {(id) => (
            <select
              id={id}
              value={filters.category ?? ''}
              onChange={(event) => refine({ category: event.target.value || undefined })}
              className={inputClass}
            >
              <option value="">Any category</option>
              {filters.category && !categories.includes(filters.category) && (
                <option value={filters.category}>{filters.category}</option>
              )}
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </Filter>
      </FilterForm>

      <ListBody
        query={claims}
        what="claims"
        total={all.length}
        shown={rows.length}
        filtered={Boolean(filters.status || filters.category || filters.q)}
        countText={`${all.length} claim${all.length === 1 ? '' : 's'}.`}
        empty={{
          none: [
            'No claims yet',
            'Add the first claim with its evidence; a reviewer approves it with their signature.',
          ],
          unmatched: [
            'No claim matches the filters',
            'Change the search or choose another status or category.',
          ],
        }}
      >
        <ClaimRows rows={rows} filters={filters} />
      </ListBody>
      <ClaimEditor
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(claim) => navigate(claimsUrl(filters, claim.id))}
      />
    </section>
  );
}

function ClaimLink({ claim, filters }: { claim: ClaimListItem; filters: ClaimFilters }) {
  return (
    <ViewLink href={claimsUrl(filters, claim.id)} className="font-mono text-[13px]">
      {claim.key}
    </ViewLink>
  );
}

function Usage({ count }: { count: number }) {
  return (
    <span data-testid="claim-usage-count">
      {count} page{count === 1 ? '' : 's'}
    </span>
  );
}

function Status({ claim }: { claim: ClaimListItem }) {
  const status = claimShownStatus(claim);
  return (
    <>
      <StatusBadge status={status} />
      {claim.lapse && <span className="mt-1 block text-xs text-amber-900">{claim.lapse}</span>}
    </>
  );
}

function ClaimRows({ rows, filters }: { rows: ClaimListItem[]; filters: ClaimFilters }) {
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(claim) => claim.id}
      label="Claims, by key"
      rowHeader
      testIds={{ table: 'claims-table', row: 'claim-row', card: 'claim-card' }}
      columns={[
        {
          key: 'key',
          heading: 'Key',
          cell: (claim) => <ClaimLink claim={claim} filters={filters} />,
        },
        {
          key: 'text',
          heading: 'Wording',
          className: 'max-w-96 px-3 py-2 text-slate-900',
          cell: (claim) => claim.text,
        },
        { key: 'category', heading: 'Category', cell: (claim) => claim.category },
        {
          key: 'status',
          heading: 'Status',
          className: 'max-w-56 px-3 py-2',
          cell: (claim) => <Status claim={claim} />,
        },
        {
          key: 'expiry',
          heading: 'Expires',
          className: 'px-3 py-2 whitespace-nowrap tabular-nums',
          cell: (claim) => day(claim.expiresAt),
        },
        {
          key: 'usage',
          heading: (
            <Tooltip content={USAGE_HINT}>
              <button
                type="button"
                className="font-medium underline decoration-dotted underline-offset-4"
              >
                Used on
              </button>
            </Tooltip>
          ),
          headingClassName: '',
          className: 'px-3 py-2 whitespace-nowrap tabular-nums',
          cell: (claim) => <Usage count={claim.usageCount} />,
        },
      ]}
      card={(claim) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <ClaimLink claim={claim} filters={filters} />
            <StatusBadge status={claimShownStatus(claim)} />
          </div>
          <p className="mt-1 text-slate-900">{claim.text}</p>
          {claim.lapse && <p className="mt-1 text-xs text-amber-900">{claim.lapse}</p>}
          <p className="mt-1 text-xs text-slate-600">
            {claim.category} · Expires {day(claim.expiresAt)} · Used on{' '}
            <Usage count={claim.usageCount} />
          </p>
        </>
      )}
    />
  );
}
