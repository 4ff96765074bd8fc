// The form editor's state (form-editor.tsx is its layout): the definition as edited
// (form-editing.ts), the shared schema's live errors (functions/shared/forms/definition.ts's
// formDefinitionSchema, which the API checks again), the API's 400 field errors until the
// next edit, and saving with the revision loaded. The revision, the 409 answer and the
// unsaved guard are the admin's one editor state (common/use-revisioned-editor.ts): a form
// saved by someone else meanwhile is refused and the editor offers to reload theirs. With approvals required the API saves the form's working
// copy (issue 33): the definition and revision the editor holds are then the copy's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { builtInForm, isBuiltInForm } from '../../../../functions/shared/forms/built-in.ts';
import {
  formDefinitionSchema,
  type FormDefinition,
} from '../../../../functions/shared/forms/definition.ts';
import { describeError, HttpError, type FieldErrors } from '../api.ts';
import { useRevisionedEditor } from '../common/use-revisioned-editor.ts';
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
} from '../common/forms-api.ts';

export const NOT_SAVED = 'The form was not saved: fix the marked fields.';

/** The saved definition again, keeping the rows' keys (so focus and selection stay). */
function rebase(draft: Draft, form: FormDefinition): Draft {
  const next = fromDefinition(form);
  return {
    ...next,
    fields: next.fields.map((row, index) => ({ ...row, key: draft.fields[index]?.key ?? row.key })),
  };
}

// The editor's options that never change (stable, so the editor's checks are memoised).
const draftOf = (stored: FormState) => fromDefinition(stored.form);
const storedValueOf = (stored: FormState) => stored.form;
const isConflict = (failure: HttpError) => failure.code === 'conflict';

export function useFormEditor({
  stored,
  onDeleted,
}: {
  stored: FormState;
  onDeleted: (id: string) => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const editor = useRevisionedEditor({
    stored,
    draftOf,
    rebase: (draft: Draft, next: FormState) => rebase(draft, next.form),
    valueOf: toDefinition,
    storedValueOf,
    schema: formDefinitionSchema,
    schemaErrorsOf: editorErrors,
    serverErrorsOf: editorErrors,
    isConflict,
    notSaved: NOT_SAVED,
    fetchTheirs: async () => {
      const theirs = await fetchForm(stored.id);
      client.setQueryData(formKey(theirs.id), theirs);
      return theirs;
    },
  });
  const { base, checked, liveErrors, load, failed } = editor;

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
      editor.setDraft(fromDefinition(saved.form));
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

  /** Saves when the schema accepts the form; `onRefused` hears the errors when it is refused. */
  const submit = (onRefused: (errors: FieldErrors) => void) => {
    editor.setError(undefined);
    if (!checked.success) {
      editor.setError(NOT_SAVED);
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

  const { edit } = editor;
  return {
    base,
    /** The form as it stands after a review action (no edit of the draft is lost: none waits). */
    adopt: load,
    draft: editor.draft,
    definition: editor.value,
    edit,
    setFields: (change: (fields: DraftField[]) => DraftField[]) =>
      edit((current) => ({ ...current, fields: change(current.fields) })),
    errors: { ...liveErrors, ...editor.serverErrors } as FieldErrors,
    valid: checked.success,
    dirty: editor.dirty,
    error: editor.error,
    conflict: editor.conflict,
    keepEditing: editor.keepEditing,
    // A failed reload closes the conflict dialog, so its sentence shows in the editor.
    reloadTheirs: () => editor.reload.mutate(undefined, { onError: editor.keepEditing }),
    reloading: editor.reload.isPending,
    save,
    submit,
    reset,
    remove,
    confirmDiscard: editor.confirmDiscard,
    discardAsked: editor.discardAsked,
    answerDiscard: editor.answerDiscard,
  };
}
