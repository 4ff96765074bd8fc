// The evidence editor (issue 36, docs/decisions/0534-claims-screens.md): add or change a piece
// of evidence: title, source, date, kind (a private PDF of the asset store, a URL, or an
// internal record), notes and expiry, checked as typed with the shared schema.
import { useId, useState, type SyntheticEvent } from 'react';
import { assetIdFromPath, assetPathOf } from '../../../../functions/shared/assets.ts';
import {
  createEvidenceSchema,
  EVIDENCE_KINDS,
  type CreateEvidence,
} from '../../../../functions/shared/claims/model.ts';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { createEvidence, patchEvidence, type Evidence } from '../common/claims-api.ts';
import { AssetPicker } from '../common/editor/asset-picker.tsx';
import { useToast } from '../toast.tsx';
import { Button, FieldError, FormAlert, inputClass, Modal } from '../ui.tsx';

export const KIND_LABELS: Record<Evidence['kind'], string> = {
  document: 'Document (PDF)',
  url: 'Web address',
  internal: 'Internal record',
};

interface EvidenceDraft {
  title: string;
  source: string;
  date: string;
  kind: Evidence['kind'];
  url: string;
  /** `/assets/<id>`, as the asset picker holds it. */
  asset: string;
  notes: string;
  expiresAt: string;
}

const evidenceDraftOf = (item: Evidence | undefined): EvidenceDraft => ({
  title: item?.title ?? '',
  source: item?.source ?? '',
  date: item?.date ?? '',
  kind: item?.kind ?? 'document',
  url: item?.url ?? '',
  asset: item?.assetId ? assetPathOf(item.assetId) : '',
  notes: item?.notes ?? '',
  expiresAt: item?.expiresAt ?? '',
});

/** What is sent: only the kind's own address, and no empty optional field. */
function evidenceValue(draft: EvidenceDraft): CreateEvidence {
  const assetId = assetIdFromPath(draft.asset);
  return {
    title: draft.title,
    source: draft.source,
    date: draft.date,
    kind: draft.kind,
    ...(draft.kind === 'url' && draft.url.trim() ? { url: draft.url.trim() } : {}),
    ...(draft.kind === 'document' && assetId ? { assetId } : {}),
    ...(draft.notes.trim() ? { notes: draft.notes } : {}),
    ...(draft.expiresAt ? { expiresAt: draft.expiresAt } : {}),
  };
}

export function EvidenceEditor({
  open,
  evidence,
  onClose,
  onSaved,
}: {
  open: boolean;
  evidence?: Evidence;
  onClose: () => void;
  onSaved: (evidence: Evidence) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={evidence ? `Edit ${evidence.title}` : 'Add evidence'}
      description="Claims cite it with a locator: a page, a section or a quoted passage."
      wide
    >
      {open && <EvidenceForm evidence={evidence} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EvidenceForm({
  evidence,
  onClose,
  onSaved,
}: {
  evidence: Evidence | undefined;
  onClose: () => void;
  onSaved: (evidence: Evidence) => void;
}) {
  const [draft, setDraft] = useState(() => evidenceDraftOf(evidence));
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const ids = useId();
  const value = evidenceValue(draft);
  const checked = createEvidenceSchema.safeParse(value);
  const problems = checked.success ? {} : fieldErrors(checked.error.issues);
  const errorsOf = (field: string) => server[field] ?? (shown ? problems[field] : undefined);
  const edit = (patch: Partial<EvidenceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServer({});
    setError(undefined);
  };

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setShown(true);
    setError(undefined);
    if (!checked.success) {
      setError('The evidence is not saved yet: correct the fields marked below.');
      return;
    }
    setBusy(true);
    try {
      const saved = evidence
        ? await patchEvidence(evidence.id, {
            ...checked.data,
            // A field emptied, or the other kind's address, is cleared.
            url: checked.data.url ?? null,
            assetId: checked.data.assetId ?? null,
            notes: checked.data.notes ?? null,
            expiresAt: checked.data.expiresAt ?? null,
          })
        : await createEvidence(checked.data);
      toast({ title: evidence ? 'Evidence saved' : 'Evidence added', description: saved.title });
      onSaved(saved);
      onClose();
    } catch (failure) {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        setServer(failure.fields);
        setError('The evidence is not saved yet: correct the fields marked below.');
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: 'title' | 'source' | 'date' | 'url' | 'expiresAt',
    label: string,
    errorLabel: string,
    options: { hint?: string; type?: string; key?: keyof EvidenceDraft } = {},
  ) => {
    const id = `${ids}-${name}`;
    const key = options.key ?? name;
    const errors = errorsOf(name);
    return (
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {options.hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {options.hint}
          </p>
        )}
        <input
          id={id}
          type={options.type ?? 'text'}
          value={draft[key]}
          autoComplete="off"
          aria-invalid={Boolean(errors)}
          aria-describedby={
            [options.hint ? `${id}-hint` : '', errors ? `${id}-error` : ''].join(' ').trim() ||
            undefined
          }
          onChange={(event) => edit({ [key]: event.target.value })}
          className={inputClass}
        />
        <FieldError id={`${id}-error`} messages={errors} label={errorLabel} />
      </div>
    );
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void save(event)} noValidate>
      {field('title', 'Title', 'The title', { hint: 'Such as "SOC 2 Type II report 2026".' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('source', 'Source', 'The source', {
          hint: 'Who issued it: the auditor, the study, the lab.',
        })}
        {field('date', 'Date', 'The date', {
          type: 'date',
          hint: 'When it was issued or measured.',
        })}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Kind</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {EVIDENCE_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${ids}-kind`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => edit({ kind })}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.kind === 'document' && (
        <div>
          <label htmlFor={`${ids}-asset`} className="text-sm font-medium text-slate-800">
            Document
          </label>
          <AssetPicker
            id={`${ids}-asset`}
            value={draft.asset}
            onChange={(asset) => edit({ asset })}
            describedBy={errorsOf('assetId') ? `${ids}-asset-error` : undefined}
            invalid={Boolean(errorsOf('assetId'))}
            className={inputClass}
            label="Document"
            emptyWarning="Choose or upload the PDF: a document needs its file."
            uploadHint="Upload a PDF of at most 25 MB. It stays private: only administrators open it, it is never served on the site."
          />
          <FieldError id={`${ids}-asset-error`} messages={errorsOf('assetId')} label="The PDF" />
        </div>
      )}
      {draft.kind === 'url' &&
        field('url', 'Address', 'The address', {
          hint: 'Where it is published, starting with https://.',
        })}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-notes`} className="text-sm font-medium text-slate-800">
            Notes (optional)
          </label>
          <textarea
            id={`${ids}-notes`}
            rows={3}
            value={draft.notes}
            onChange={(event) => edit({ notes: event.target.value })}
            className={inputClass}
          />
          <FieldError id={`${ids}-notes-error`} messages={errorsOf('notes')} label="The notes" />
        </div>
        {field('expiresAt', 'Expires (optional)', 'The expiry day', {
          type: 'date',
          hint: 'After this day it no longer substantiates a claim.',
        })}
      </div>
      <FormAlert message={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving...' : evidence ? 'Save evidence' : 'Add evidence'}
        </Button>
      </div>
    </form>
  );
}
