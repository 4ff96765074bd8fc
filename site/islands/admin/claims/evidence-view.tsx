// The Evidence view (issue 36, /admin/evidence): what substantiates the claims (a private PDF
// of the asset store, a URL or an internal record) with its source, date, kind, status and
// expiry; filters and the record open (`?evidence=<id>`) kept in the URL (claims-url.ts).
// `edit` adds and changes evidence (a document's PDF through the gated downloads' picker,
// common/editor/asset-picker.tsx: private, never served publicly); `review` withdraws it with
// a reason. The API enforces the roles (functions/routes/admin/evidence.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assetPathOf } from '../../../../functions/shared/assets.ts';
import {
  claimsChanged,
  EVIDENCE_KEY,
  evidenceKey,
  getEvidence,
  listEvidence,
  withdrawEvidence,
  type Evidence,
} from '../common/claims-api.ts';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import { utcTime } from '../common/signatures.tsx';
import { useCan } from '../permissions.ts';
import { navigate } from '../route.ts';
import { useToast } from '../toast.tsx';
import { EvidenceEditor, KIND_LABELS } from './evidence-editor.tsx';
import {
  claimsUrl,
  EVIDENCE_STATUS_FILTERS,
  evidenceShownStatus,
  evidenceUrl,
  filterEvidence,
  readEvidenceFilters,
  type EvidenceFilters,
} from './claims-url.ts';
import {
  day,
  DetailHeader,
  FilterForm,
  ListBody,
  ListHeader,
  RoleButton,
  SearchFilter,
  StatusBadge,
  StatusFilter,
  ViewLink,
  WithdrawDialog,
} from './parts.tsx';

export function EvidenceView({ params, onBack }: { params: URLSearchParams; onBack: () => void }) {
  const open = params.get('evidence');
  const filters = readEvidenceFilters(params);
  if (open) {
    return <EvidenceDetail key={open} id={open} onBack={() => navigate(evidenceUrl(filters))} />;
  }
  return <EvidenceList filters={filters} onBack={onBack} />;
}

function EvidenceList({ filters, onBack }: { filters: EvidenceFilters; onBack: () => void }) {
  const evidence = useQuery({ queryKey: EVIDENCE_KEY, queryFn: listEvidence });
  const mayEdit = useCan('edit');
  const [adding, setAdding] = useState(false);
  const all = evidence.data ?? [];
  const rows = filterEvidence(all, filters);
  const refine = (patch: Partial<EvidenceFilters>) =>
    navigate(evidenceUrl({ ...filters, ...patch }), { replace: true });

  return (
    <section aria-labelledby="evidence-heading" data-testid="evidence-view">
      <ListHeader
        id="evidence-heading"
        title="Evidence"
        onBack={onBack}
        intro="What substantiates the claims: audit reports, studies, measurements. Withdrawing a piece of evidence stops the claims it alone supports from being approved."
        other={{ label: 'Claims', onOpen: () => navigate(claimsUrl({})) }}
        add={{
          label: 'Add evidence',
          may: mayEdit,
          why: 'Your role does not add evidence: editors do.',
          onClick: () => setAdding(true),
        }}
      />

      <FilterForm label="Filter evidence" columns="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SearchFilter
          label="Search title, source or notes"
          value={filters.q}
          onChange={(q) => refine({ q })}
        />
        <StatusFilter
          options={EVIDENCE_STATUS_FILTERS}
          value={filters.status}
          onChange={(status) => refine({ status })}
        />
      </FilterForm>

      <ListBody
        query={evidence}
        what="evidence"
        total={all.length}
        shown={rows.length}
        filtered={Boolean(filters.status || filters.q)}
        countText={`${all.length} piece${all.length === 1 ? '' : 's'} of evidence.`}
        empty={{
          none: ['No evidence yet', 'Add the report, study or measurement a claim rests on.'],
          unmatched: ['Nothing matches the filters', 'Change the search or choose another status.'],
        }}
      >
        <EvidenceRows rows={rows} filters={filters} />
      </ListBody>
      <EvidenceEditor
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(item) => navigate(evidenceUrl(filters, item.id))}
      />
    </section>
  );
}

function EvidenceLink({ item, filters }: { item: Evidence; filters: EvidenceFilters }) {
  return <ViewLink href={evidenceUrl(filters, item.id)}>{item.title}</ViewLink>;
}

function EvidenceRows({ rows, filters }: { rows: Evidence[]; filters: EvidenceFilters }) {
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(item) => item.id}
      label="Evidence, by title"
      rowHeader
      testIds={{ table: 'evidence-table', row: 'evidence-row', card: 'evidence-card' }}
      columns={[
        {
          key: 'title',
          heading: 'Title',
          className: 'max-w-80 px-3 py-2 text-left font-normal',
          cell: (item) => <EvidenceLink item={item} filters={filters} />,
        },
        { key: 'source', heading: 'Source', cell: (item) => item.source },
        {
          key: 'date',
          heading: 'Date',
          className: 'px-3 py-2 whitespace-nowrap tabular-nums',
          cell: (item) => item.date,
        },
        { key: 'kind', heading: 'Kind', cell: (item) => KIND_LABELS[item.kind] },
        {
          key: 'status',
          heading: 'Status',
          cell: (item) => <StatusBadge status={evidenceShownStatus(item)} />,
        },
        {
          key: 'expiry',
          heading: 'Expires',
          className: 'px-3 py-2 whitespace-nowrap tabular-nums',
          cell: (item) => day(item.expiresAt),
        },
      ]}
      card={(item) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <EvidenceLink item={item} filters={filters} />
            <StatusBadge status={evidenceShownStatus(item)} />
          </div>
          <p className="mt-1 text-slate-700">
            {item.source} · {item.date}
          </p>
          <p className="text-xs text-slate-600">
            {KIND_LABELS[item.kind]} · Expires {day(item.expiresAt)}
          </p>
        </>
      )}
    />
  );
}

function EvidenceDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const evidence = useQuery({ queryKey: evidenceKey(id), queryFn: () => getEvidence(id) });
  const mayEdit = useCan('edit');
  const mayReview = useCan('review');
  const [dialog, setDialog] = useState<'edit' | 'withdraw'>();
  const client = useQueryClient();
  const toast = useToast();
  const item = evidence.data;
  const adopt = (next: Evidence) => {
    client.setQueryData(evidenceKey(next.id), next);
    claimsChanged(client);
  };
  return (
    <section aria-labelledby="evidence-detail-heading" data-testid="evidence-detail">
      <DetailHeader
        id="evidence-detail-heading"
        kind="Evidence"
        title={item?.title ?? 'Evidence'}
        backLabel="All evidence"
        onBack={onBack}
        query={evidence}
      />
      {item && (
        <div className="mt-4 max-w-3xl rounded-xl border border-slate-200 bg-white p-4">
          <StatusBadge status={evidenceShownStatus(item)} />
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-slate-600">Source</dt>
            <dd className="text-slate-900">{item.source}</dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="text-slate-900">{item.date}</dd>
            <dt className="text-slate-600">Kind</dt>
            <dd className="text-slate-900">{KIND_LABELS[item.kind]}</dd>
            {item.url && (
              <>
                <dt className="text-slate-600">Address</dt>
                <dd className="wrap-anywhere">
                  <a href={item.url} rel="noreferrer" target="_blank" className="text-brand-700">
                    {item.url}
                  </a>
                </dd>
              </>
            )}
            {item.assetId && (
              <>
                <dt className="text-slate-600">Document</dt>
                <dd className="font-mono text-xs wrap-anywhere text-slate-900">
                  {assetPathOf(item.assetId)} (private)
                </dd>
              </>
            )}
            <dt className="text-slate-600">Expires</dt>
            <dd className="text-slate-900">{day(item.expiresAt)}</dd>
            {item.notes && (
              <>
                <dt className="text-slate-600">Notes</dt>
                <dd className="whitespace-pre-wrap text-slate-900">{item.notes}</dd>
              </>
            )}
            <dt className="text-slate-600">Changed</dt>
            <dd className="text-slate-900">
              {utcTime(item.updatedAt)} by {item.updatedBy}
            </dd>
            {item.withdrawal && (
              <>
                <dt className="text-slate-600">Withdrawn</dt>
                <dd className="text-red-900">
                  {utcTime(item.withdrawal.at)} by {item.withdrawal.by}: {item.withdrawal.reason}
                </dd>
              </>
            )}
          </dl>
          {item.status !== 'withdrawn' && (
            <div className="mt-4 flex flex-wrap gap-2">
              <RoleButton
                label="Edit evidence"
                may={mayEdit}
                why="Your role does not change evidence: editors do."
                onClick={() => setDialog('edit')}
              />
              <RoleButton
                label="Withdraw evidence"
                variant="danger"
                may={mayReview}
                why="Only reviewers withdraw evidence: the claims it supports lapse."
                onClick={() => setDialog('withdraw')}
              />
            </div>
          )}
          <EvidenceEditor
            open={dialog === 'edit'}
            evidence={item}
            onClose={() => setDialog(undefined)}
            onSaved={adopt}
          />
          <WithdrawDialog
            open={dialog === 'withdraw'}
            title={`Withdraw ${item.title}?`}
            message="Withdrawing is final: the claims whose every reference is withdrawn stop being approved, and the pages that say them are flagged."
            confirmLabel="Withdraw evidence"
            onClose={() => setDialog(undefined)}
            withdraw={(reason) => withdrawEvidence(item.id, reason)}
            onWithdrawn={(next) => {
              adopt(next);
              toast({ title: 'Evidence withdrawn', description: next.title });
            }}
          />
        </div>
      )}
    </section>
  );
}
