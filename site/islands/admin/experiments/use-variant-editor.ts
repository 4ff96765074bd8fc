// The variant editor's state (variant-editor.tsx is its layout): the variant's content as the
// structured editor changes it, checked by the shared content schema, with the last valid
// content for the preview, and the save with its revision. The revision, the 409 answer and
// the unsaved guard are the admin's one editor state (common/use-revisioned-editor.ts): a
// variant saved by someone else meanwhile is refused and the editor offers to reload theirs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import {
  landingContentSchema,
  type LandingContent,
} from '../../../../functions/shared/landing-content.ts';
import type { HttpError } from '../api.ts';
import type { ContentErrors } from '../common/editor/values.ts';
import { useRevisionedEditor } from '../common/use-revisioned-editor.ts';
import { useToast } from '../toast.tsx';
import {
  cacheExperiment,
  fetchExperiment,
  saveVariant,
  type ExperimentDetail,
  type VariantDetail,
} from '../common/experiments-api.ts';

/** Server field errors of a variant's save, as the structured editor names them. */
export function contentErrorsOf(fields: Record<string, string[]>): ContentErrors {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key === 'content' || key.startsWith('content.'))
      .map(([key, problems]) => [key.replace(/^content\.?/, '') || '(content)', problems]),
  );
}

const NOT_SAVED = 'The content was not saved: fix the marked fields.';

// The editor's options that never change (stable, so the editor's checks are memoised).
const draftOf = (variant: VariantDetail): unknown => variant.content;
const same = <T>(value: T) => value;
const isConflict = (failure: HttpError) => Boolean(failure.fields['revision']);

export function useVariantEditor({
  experiment,
  variant,
  onClose,
}: {
  experiment: ExperimentDetail;
  variant: VariantDetail;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const editor = useRevisionedEditor({
    stored: variant,
    draftOf,
    valueOf: same,
    storedValueOf: draftOf,
    schema: landingContentSchema,
    schemaErrorsOf: same,
    serverErrorsOf: contentErrorsOf,
    isConflict,
    notSaved: NOT_SAVED,
    fetchTheirs: async () => {
      const detail = await fetchExperiment(experiment.id);
      cacheExperiment(client, detail);
      return detail.variants.find((v) => v.id === variant.id);
    },
  });
  const { checked } = editor;

  // The preview shows the last content the schema accepted.
  const [lastValid, setLastValid] = useState<LandingContent>(variant.content);
  if (checked.success && checked.data !== lastValid) setLastValid(checked.data);
  const previewContent = useDeferredValue(lastValid);

  const save = useMutation({
    mutationFn: (body: { content: unknown; revision: number }) =>
      saveVariant(experiment.id, variant.id, body),
    onSuccess: (detail) => {
      const saved = detail.variants.find((v) => v.id === variant.id);
      if (saved) editor.load(saved);
      cacheExperiment(client, detail);
      toast({
        title: `${variant.name} saved`,
        description:
          detail.approvalsRequired > 0
            ? 'Reviewers approve this content before the experiment can start.'
            : 'Visitors see it once the experiment starts.',
      });
      onClose();
    },
    onError: (failure) => editor.failed(failure),
  });

  const submit = () => {
    editor.setError(undefined);
    if (!checked.success) {
      editor.setError(NOT_SAVED);
      return;
    }
    save.mutate({ content: checked.data, revision: editor.base.revision });
  };

  const requestClose = async () => {
    if (await editor.confirmDiscard()) onClose();
  };

  return {
    content: editor.draft,
    setContent: (next: unknown) => {
      editor.setDraft(next);
      editor.setError(undefined);
    },
    errors: { ...editor.serverErrors, ...editor.liveErrors } as ContentErrors,
    valid: checked.success,
    previewContent,
    dirty: editor.dirty,
    revision: editor.base.revision,
    error: editor.error,
    conflict: editor.conflict,
    keepEditing: editor.keepEditing,
    reloadTheirs: () => editor.reload.mutate(),
    reloading: editor.reload.isPending,
    save,
    submit,
    requestClose,
    discardAsked: editor.discardAsked,
    answerDiscard: editor.answerDiscard,
  };
}
