// Adding or changing a claim (issue 36): its key, wording, category, references (a piece of
// evidence and where in it), forbidden wordings and expiry day, checked as typed with the
// API's own schema (functions/shared/claims/model.ts) and shown beside each field after a
// first attempt to save. A change starts from the revision read: when someone else saved
// meanwhile the API answers 409 and the dialog offers their version (the revisioned
// editors' rule, common/use-revisioned-editor.ts), keeping what was typed until asked.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { createClaimSchema } from '../../../../functions/shared/claims/model.ts';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import {
  CLAIMS_KEY,
  createClaim,
  EVIDENCE_KEY,
  getClaim,
  listClaims,
  listEvidence,
  patchClaim,
  type Claim,
} from '../common/claims-api.ts';
import { useToast } from '../toast.tsx';
import { draftOf, forbiddenErrors, valueOf, type Draft } from './claim-draft.ts';
import { Button, FieldError, FormAlert, inputClass, Modal } from '../ui.tsx';

const STALE = /changed meanwhile/;

export function ClaimEditor({
  open,
  claim,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The claim to change; none adds one. */
  claim?: Claim;
  onClose: () => void;
  onSaved: (claim: Claim) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={claim ? `Edit the claim ${claim.key}` : 'New claim'}
      description={
        claim?.status === 'approved'
          ? 'Changing the key, the wording or the references returns the claim to draft: a reviewer signs it again.'
          : 'A new claim is a draft until a reviewer approves it with their signature.'
      }
      wide
    >
      {open && <ClaimForm claim={claim} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function ClaimForm({
  claim,
  onClose,
  onSaved,
}: {
  claim: Claim | undefined;
  onClose: () => void;
  onSaved: (claim: Claim) => void;
}) {
  const [base, setBase] = useState(claim);
  const [draft, setDraft] = useState(() => draftOf(claim));
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [stale, setStale] = useState<string>();
  const [busy, setBusy] = useState(false);
  const evidence = useQuery({ queryKey: EVIDENCE_KEY, queryFn: listEvidence });
  const claims = useQuery({ queryKey: CLAIMS_KEY, queryFn: listClaims });
  const toast = useToast();
  const ids = useId();

  const value = valueOf(draft);
  const checked = createClaimSchema.safeParse(value);
  const problems = checked.success ? {} : fieldErrors(checked.error.issues);
  const errorsOf = (field: string) => server[field] ?? (shown ? problems[field] : undefined);
  const edit = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServer({});
    setError(undefined);
  };
  const categories = [...new Set((claims.data ?? []).map((item) => item.category))].sort();
  // Withdrawn evidence cannot be cited anew; a reference already made to it stays listed.
  const choices = (evidence.data ?? []).filter(
    (item) =>
      item.status === 'current' ||
      draft.references.some((reference) => reference.evidenceId === item.id),
  );

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    setShown(true);
    setError(undefined);
    if (!checked.success) {
      setError('The claim is not saved yet: correct the fields marked below.');
      return;
    }
    setBusy(true);
    try {
      const saved = base
        ? await patchClaim(base.id, {
            ...checked.data,
            expiresAt: checked.data.expiresAt ?? null,
            revision: base.revision,
          })
        : await createClaim(checked.data);
      toast({
        title: base ? 'Claim saved' : 'Claim added as a draft',
        description:
          saved.status === 'approved'
            ? 'Its approval stands: the wording and references are unchanged.'
            : 'A reviewer approves it with their signature before pages may say it.',
      });
      onSaved(saved);
      onClose();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 409 && STALE.test(failure.message)) {
        setStale(describeError(failure));
      } else if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        setServer(failure.fields);
        setError('The claim is not saved yet: correct the fields marked below.');
      } else setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    if (!base) return;
    try {
      const theirs = await getClaim(base.id);
      setBase(theirs);
      setDraft(draftOf(theirs));
      setStale(undefined);
      setServer({});
      toast({ title: 'Their version is loaded', description: 'Your edits were discarded.' });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  const referenceRow = (index: number) => (patch: Partial<Draft['references'][number]>) =>
    edit({
      references: draft.references.map((reference, at) =>
        at === index ? { ...reference, ...patch } : reference,
      ),
    });

  return (
    <form className="grid gap-4" onSubmit={(event) => void save(event)} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id={`${ids}-key`}
          label="Key"
          errorLabel="The key"
          hint="Lowercase letters, digits and hyphens; pages say it as {{claim:key}}."
          value={draft.key}
          mono
          errors={errorsOf('key')}
          onChange={(key) => edit({ key })}
        />
        <div>
          <Input
            id={`${ids}-category`}
            label="Category"
            errorLabel="The category"
            hint="Such as performance, certifications or results."
            value={draft.category}
            list={`${ids}-categories`}
            errors={errorsOf('category')}
            onChange={(category) => edit({ category })}
          />
          <datalist id={`${ids}-categories`}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </div>
      </div>
      <div>
        <label htmlFor={`${ids}-text`} className="text-sm font-medium text-slate-800">
          Wording
        </label>
        <p id={`${ids}-text-hint`} className="text-xs text-slate-600">
          Exactly as pages show it.
        </p>
        <textarea
          id={`${ids}-text`}
          rows={2}
          value={draft.text}
          aria-invalid={Boolean(errorsOf('text'))}
          aria-describedby={`${ids}-text-hint ${ids}-text-error`}
          onChange={(event) => edit({ text: event.target.value })}
          className={inputClass}
        />
        <FieldError id={`${ids}-text-error`} messages={errorsOf('text')} label="The wording" />
      </div>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800">References</legend>
        <p className="text-xs text-slate-600">
          The evidence that substantiates the wording, and where in it: a page, a section or a
          quoted passage. At least one current reference is needed to approve.
        </p>
        {evidence.isError && (
          <p role="alert" className="text-sm text-red-700">
            The evidence could not be loaded. {describeError(evidence.error)}
          </p>
        )}
        {evidence.isSuccess && evidence.data.length === 0 && (
          <p className="text-sm text-amber-900">
            No evidence yet: add it in the Evidence view first.
          </p>
        )}
        {draft.references.map((reference, index) => {
          const change = referenceRow(index);
          const n = index + 1;
          return (
            <div
              key={index}
              className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
              data-testid="reference-row"
            >
              <div>
                <label
                  htmlFor={`${ids}-ev-${index}`}
                  className="text-sm font-medium text-slate-800"
                >
                  Evidence {n}
                </label>
                <select
                  id={`${ids}-ev-${index}`}
                  value={reference.evidenceId}
                  aria-invalid={Boolean(errorsOf(`references.${index}.evidenceId`))}
                  aria-describedby={`${ids}-ev-${index}-error`}
                  onChange={(event) => change({ evidenceId: event.target.value })}
                  className={inputClass}
                >
                  <option value="">Choose evidence</option>
                  {choices.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.title} ({item.source}, {item.date})
                      {item.status === 'withdrawn' ? ', withdrawn' : ''}
                    </option>
                  ))}
                </select>
                <FieldError
                  id={`${ids}-ev-${index}-error`}
                  messages={
                    errorsOf(`references.${index}.evidenceId`) &&
                    (reference.evidenceId
                      ? errorsOf(`references.${index}.evidenceId`)
                      : [`Choose the evidence of reference ${n}.`])
                  }
                  label={`Evidence ${n}`}
                />
              </div>
              <Input
                id={`${ids}-loc-${index}`}
                label={`Where in evidence ${n}`}
                errorLabel={`The place in evidence ${n}`}
                value={reference.locator}
                errors={errorsOf(`references.${index}.locator`)}
                onChange={(locator) => change({ locator })}
              />
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  aria-label={`Remove reference ${n}`}
                  onClick={() =>
                    edit({ references: draft.references.filter((_, at) => at !== index) })
                  }
                >
                  Remove
                </Button>
              </div>
            </div>
          );
        })}
        <FieldError
          id={`${ids}-references-error`}
          messages={errorsOf('references')}
          label="The references"
        />
        <div>
          <Button
            onClick={() =>
              edit({ references: [...draft.references, { evidenceId: '', locator: '' }] })
            }
          >
            Add reference
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-forbidden`} className="text-sm font-medium text-slate-800">
            Forbidden wordings <span className="font-normal text-slate-600">(one per line)</span>
          </label>
          <p id={`${ids}-forbidden-hint`} className="text-xs text-slate-600">
            Wordings that contradict the claim: a phrase, or /pattern/flags. A page saying one
            cannot be published.
          </p>
          <textarea
            id={`${ids}-forbidden`}
            rows={3}
            value={draft.forbidden}
            aria-invalid={Boolean(forbiddenErrors(errorsOf, draft))}
            aria-describedby={`${ids}-forbidden-hint ${ids}-forbidden-error`}
            onChange={(event) => edit({ forbidden: event.target.value })}
            className={inputClass}
          />
          <FieldError id={`${ids}-forbidden-error`} messages={forbiddenErrors(errorsOf, draft)} />
        </div>
        <Input
          id={`${ids}-expires`}
          label="Expires (optional)"
          errorLabel="The expiry day"
          hint="After this day the claim stops being approved."
          type="date"
          value={draft.expiresAt}
          errors={errorsOf('expiresAt')}
          onChange={(expiresAt) => edit({ expiresAt })}
        />
      </div>

      {stale && (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>{stale}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button onClick={() => void reload()}>Reload their version</Button>
            <Button onClick={() => setStale(undefined)}>Keep my edits</Button>
          </div>
        </div>
      )}
      <FormAlert message={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy || Boolean(stale)}>
          {busy ? 'Saving...' : base ? 'Save claim' : 'Add claim'}
        </Button>
      </div>
    </form>
  );
}

function Input({
  id,
  label,
  errorLabel,
  hint,
  value,
  errors,
  onChange,
  mono = false,
  type = 'text',
  list,
}: {
  id: string;
  label: string;
  /** How an error sentence names the field ("The key must ..."). */
  errorLabel: string;
  hint?: string;
  value: string;
  errors: string[] | undefined;
  onChange: (value: string) => void;
  mono?: boolean;
  type?: string;
  list?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        value={value}
        list={list}
        autoComplete="off"
        spellCheck={!mono}
        aria-invalid={Boolean(errors)}
        aria-describedby={
          [hint ? `${id}-hint` : '', errors ? `${id}-error` : ''].join(' ').trim() || undefined
        }
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${mono ? 'font-mono' : ''}`}
      />
      <FieldError id={`${id}-error`} messages={errors} label={errorLabel} />
    </div>
  );
}
