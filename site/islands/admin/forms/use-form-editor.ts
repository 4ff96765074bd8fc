// The form editor's state (form-editor.tsx is its layout): the definition as edited
// (form-editing.ts), the shared schema's live errors (functions/shared/forms.ts's
// formDefinitionSchema, which the API checks again), the API's 400 field errors until the
// next edit, dirty tracking with the admin's unsaved guard (pages/unsaved.ts), and saving
// with the revision loaded: a form saved by someone else meanwhile is refused (409) and the
// editor offers to reload theirs. With approvals required the API saves the form's working
// copy (issue 33): the definition and revision the editor holds are then the copy's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import {
  builtInForm,
  formDefinitionSchema,
  isBuiltInForm,
  type FormDefinition,
} from '../../../../functions/shared/forms.ts';
import { sameJson } from '../../../../functions/shared/stable-json.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { useUnsavedGuard } from '../pages/unsaved.ts';
import { useToast } from '../toast.tsx';
import {
  editorErrors,
  fromDefinition,
  toDefinition,
  type Draft,
  type DraftField,
} from './form-editing.ts';
import {
  cacheForm,
  deleteForm,
  fetchForm,
  FORMS_KEY,
  formKey,
  saveForm,
  type FormState,
} from './forms-api.ts';

export const NOT_SAVED = 'The form was not saved: fix the marked fields.';

/** The saved definition again, keeping the rows' keys (so focus and selection stay). */
function rebase(draft: Draft, form: FormDefinition): Draft {
  const next = fromDefinition(form);
  return {
    ...next,
    fields: next.fields.map((row, index) => ({ ...row, key: draft.fields[index]?.key ?? row.key })),
  };
}

export function useFormEditor({
  stored,
  onDeleted,
}: {
  stored: FormState;
  onDeleted: (id: string) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const [base, setBase] = useState(stored);
  const [draft, setDraft] = useState<Draft>(() => fromDefinition(stored.form));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();

  const definition = useMemo(() => toDefinition(draft), [draft]);
  const checked = useMemo(() => formDefinitionSchema.safeParse(definition), [definition]);
  const liveErrors = useMemo<FieldErrors>(
    () => (checked.success ? {} : editorErrors(fieldErrors(checked.error.issues))),
    [checked],
  );
  const dirty = !sameJson(definition, base.form);

  const askDiscard = useCallback(
    () => new Promise<boolean>((resolve) => setDiscardAsk(() => resolve)),
    [],
  );
  const confirmDiscard = useCallback(
    async () => (dirty ? askDiscard() : true),
    [dirty, askDiscard],
  );
  useUnsavedGuard(dirty, confirmDiscard);

  const load = (next: FormState) => {
    setBase(next);
    setDraft((current) => rebase(current, next.form));
    setServerErrors({});
    setError(undefined);
    setConflict(undefined);
  };

  const failed = (failure: unknown) => {
    if (failure instanceof HttpError && failure.status === 409 && failure.code === 'conflict') {
      setConflict(describeError(failure));
      return;
    }
    const fields = failure instanceof HttpError ? editorErrors(failure.fields) : {};
    setServerErrors(fields);
    setError(Object.keys(fields).length ? NOT_SAVED : describeError(failure));
  };

  // Every form the editor opens exists: its revision (0 for built-in defaults never saved)
  // makes a save after someone else's a 409 rather than an overwrite.
  const revisionOf = (form: FormState) => form.revision;

  const save = useMutation({
    mutationFn: (form: FormDefinition) => saveForm(base.id, form, revisionOf(base)),
    onSuccess: (saved) => {
      load(saved);
      cacheForm(client, saved);
      toast({
        title: `${saved.form.title} saved`,
        description: saved.workingCopy
          ? 'Saved to the working copy: visitors keep the live form until it is approved and published.'
          : 'Visitors see the change within a minute; pages built with the form show it after the next rebuild.',
      });
    },
    onError: failed,
  });

  const reset = useMutation({
    mutationFn: () => {
      if (!isBuiltInForm(base.id)) throw new Error('Only a built-in form has defaults.');
      return saveForm(base.id, builtInForm(base.id), revisionOf(base));
    },
    onSuccess: (saved) => {
      setDraft(fromDefinition(saved.form));
      load(saved);
      cacheForm(client, saved);
      toast({ title: `${saved.form.title} is back to its defaults` });
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: () => deleteForm(base.id),
    onSuccess: () => {
      client.removeQueries({ queryKey: formKey(base.id) });
      void client.invalidateQueries({ queryKey: FORMS_KEY, exact: true });
      toast({ title: `${base.form.title} deleted` });
      onDeleted(base.id);
    },
    onError: (failure) =>
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      }),
  });

  const reload = useMutation({
    mutationFn: () => fetchForm(base.id),
    onSuccess: (theirs) => {
      setDraft(fromDefinition(theirs.form));
      load(theirs);
      client.setQueryData(formKey(theirs.id), theirs);
      toast({ title: 'Their version is loaded', description: 'Your edits were discarded.' });
    },
    onError: (failure) => {
      setConflict(undefined);
      setError(describeError(failure));
    },
  });

  /** Applies an edit; the server's errors were about what it was sent, so they go. */
  const edit = useCallback((change: (draft: Draft) => Draft) => {
    setDraft(change);
    setServerErrors({});
    setError(undefined);
  }, []);

  /** Saves when the schema accepts the form; `onRefused` hears the errors when it is refused. */
  const submit = (onRefused: (errors: FieldErrors) => void) => {
    setError(undefined);
    if (!checked.success) {
      setError(NOT_SAVED);
      onRefused(liveErrors);
      return;
    }
    save.mutate(checked.data, {
      onError: (failure) => {
        if (failure instanceof HttpError && failure.status === 400)
          onRefused(editorErrors(failure.fields));
      },
    });
  };

  return {
    base,
    /** The form as it stands after a review action (no edit of the draft is lost: none waits). */
    adopt: load,
    draft,
    definition,
    edit,
    setFields: (change: (fields: DraftField[]) => DraftField[]) =>
      edit((current) => ({ ...current, fields: change(current.fields) })),
    errors: { ...liveErrors, ...serverErrors } as FieldErrors,
    valid: checked.success,
    dirty,
    error,
    conflict,
    keepEditing: () => setConflict(undefined),
    reloadTheirs: () => reload.mutate(),
    reloading: reload.isPending,
    save,
    submit,
    reset,
    remove,
    confirmDiscard,
    discardAsked: discardAsk !== undefined,
    answerDiscard: (discard: boolean) => {
      discardAsk?.(discard);
      setDiscardAsk(undefined);
    },
  };
}
