// What every editor of a stored, revisioned thing holds (the variant editor, the form editor;
// docs/decisions/0450-admin-common-kernel.md): the stored version it started from and its
// revision, the draft as edited, the shared schema's live verdict, dirty tracking with the
// "discard your edits?" question (the admin's unsaved guard, common/unsaved.ts), the server's
// field errors of the last save, and the 409 answer when someone else saved meanwhile, with
// "reload theirs". Each editor keeps its own save (what it sends, what it says when saved).
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type * as z from 'zod';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import { sameJson } from '../../../../functions/shared/stable-json.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import { useUnsavedGuard } from './unsaved.ts';

export interface RevisionedEditorOptions<Stored, Draft, Edited, Value> {
  stored: Stored;
  /**
   * The functions below are stable (declared at module level): the draft's value, its check
   * and everything the preview derives from them are memoised on them.
   */
  /** A fresh draft of a stored version. */
  draftOf: (stored: Stored) => Draft;
  /** The draft after a save or a review action adopted `stored` (default: a fresh draft). */
  rebase?: (draft: Draft, stored: Stored) => Draft;
  /** What the schema checks and what is compared with the stored version. */
  valueOf: (draft: Draft) => Edited;
  storedValueOf: (stored: Stored) => unknown;
  schema: z.ZodType<Value>;
  /** The editor's names for the schema's field errors, and for the server's. */
  schemaErrorsOf: (fields: FieldErrors) => FieldErrors;
  serverErrorsOf: (fields: FieldErrors) => FieldErrors;
  /** The server's answer that someone else saved first. */
  isConflict: (failure: HttpError) => boolean;
  /** What a refused save says when fields are marked. */
  notSaved: string;
  /** Their version, fetched (and cached) for "Reload their version"; undefined when gone. */
  fetchTheirs: () => Promise<Stored | undefined>;
}

export function useRevisionedEditor<Stored, Draft, Edited, Value>({
  stored,
  draftOf,
  rebase = (_draft, next) => draftOf(next),
  valueOf,
  storedValueOf,
  schema,
  schemaErrorsOf,
  serverErrorsOf,
  isConflict,
  notSaved,
  fetchTheirs,
}: RevisionedEditorOptions<Stored, Draft, Edited, Value>) {
  const toast = useToast();
  const [base, setBase] = useState(stored);
  const [draft, setDraft] = useState<Draft>(() => draftOf(stored));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();

  const value = useMemo(() => valueOf(draft), [valueOf, draft]);
  const checked = useMemo(() => schema.safeParse(value), [schema, value]);
  const liveErrors = useMemo<FieldErrors>(
    () => (checked.success ? {} : schemaErrorsOf(fieldErrors(checked.error.issues))),
    [checked, schemaErrorsOf],
  );
  const dirty = !sameJson(value, storedValueOf(base));

  const askDiscard = useCallback(
    () => new Promise<boolean>((resolve) => setDiscardAsk(() => resolve)),
    [],
  );
  const confirmDiscard = useCallback(
    async () => (dirty ? askDiscard() : true),
    [dirty, askDiscard],
  );
  useUnsavedGuard(dirty, confirmDiscard);

  /** Starts over from `next` as the server has it now. */
  const load = (next: Stored) => {
    setBase(next);
    setDraft((current) => rebase(current, next));
    setServerErrors({});
    setError(undefined);
    setConflict(undefined);
  };

  /** A refused save: someone else's version, marked fields, or a sentence. */
  const failed = (failure: unknown) => {
    if (failure instanceof HttpError && failure.status === 409 && isConflict(failure)) {
      setConflict(describeError(failure));
      return;
    }
    const fields = failure instanceof HttpError ? serverErrorsOf(failure.fields) : {};
    setServerErrors(fields);
    setError(Object.keys(fields).length ? notSaved : describeError(failure));
  };

  const reload = useMutation({
    mutationFn: fetchTheirs,
    onSuccess: (theirs) => {
      if (theirs) {
        setDraft(draftOf(theirs));
        load(theirs);
      }
      toast({ title: 'Their version is loaded', description: 'Your edits were discarded.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });

  /** Applies an edit; the server's errors were about what it was sent, so they go. */
  const edit = useCallback((change: (draft: Draft) => Draft) => {
    setDraft(change);
    setServerErrors({});
    setError(undefined);
  }, []);

  return {
    base,
    draft,
    setDraft,
    edit,
    value,
    checked,
    liveErrors,
    serverErrors,
    dirty,
    error,
    setError,
    conflict,
    load,
    failed,
    keepEditing: () => setConflict(undefined),
    reload,
    confirmDiscard,
    discardAsked: discardAsk !== undefined,
    answerDiscard: (discard: boolean) => {
      discardAsk?.(discard);
      setDiscardAsk(undefined);
    },
  };
}
