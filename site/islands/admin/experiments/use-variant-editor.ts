// The variant editor's state (variant-editor.tsx is its layout): the variant's content as the
// structured editor changes it, the shared content schema's live errors, the last valid
// content for the preview, dirty tracking with the "discard your edits?" question (the
// admin's unsaved guard, pages/unsaved.ts), and the save with its revision: a variant saved
// by someone else meanwhile is refused (409) and the editor offers to reload theirs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import {
  landingContentSchema,
  type LandingContent,
} from '../../../../functions/shared/landing-content.ts';
import { sameJson } from '../../../../functions/shared/stable-json.ts';
import { describeError, HttpError } from '../api.ts';
import type { ContentErrors } from '../pages/structured-editor.tsx';
import { useUnsavedGuard } from '../pages/unsaved.ts';
import { useToast } from '../toast.tsx';
import {
  cacheExperiment,
  fetchExperiment,
  saveVariant,
  type ExperimentDetail,
  type VariantDetail,
} from './experiments-api.ts';

/** Server field errors of a variant's save, as the structured editor names them. */
export function contentErrorsOf(fields: Record<string, string[]>): ContentErrors {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key === 'content' || key.startsWith('content.'))
      .map(([key, problems]) => [key.replace(/^content\.?/, '') || '(content)', problems]),
  );
}

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
  const [base, setBase] = useState({ content: variant.content, revision: variant.revision });
  const [content, setContent] = useState<unknown>(variant.content);
  const [serverErrors, setServerErrors] = useState<ContentErrors>({});
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState<string>();
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();

  const checked = useMemo(() => landingContentSchema.safeParse(content), [content]);
  const liveErrors = useMemo<ContentErrors>(
    () => (checked.success ? {} : fieldErrors(checked.error.issues)),
    [checked],
  );
  // The preview shows the last content the schema accepted.
  const [lastValid, setLastValid] = useState<LandingContent>(variant.content);
  if (checked.success && checked.data !== lastValid) setLastValid(checked.data);
  const previewContent = useDeferredValue(lastValid);
  const dirty = !sameJson(content, base.content);

  const askDiscard = useCallback(
    () => new Promise<boolean>((resolve) => setDiscardAsk(() => resolve)),
    [],
  );
  const confirmDiscard = useCallback(
    async () => (dirty ? askDiscard() : true),
    [dirty, askDiscard],
  );
  useUnsavedGuard(dirty, confirmDiscard);

  /** Starts over from the variant as the server has it now. */
  const load = (next: VariantDetail) => {
    setBase({ content: next.content, revision: next.revision });
    setContent(next.content);
    setServerErrors({});
    setError(undefined);
    setConflict(undefined);
  };

  const save = useMutation({
    mutationFn: (body: { content: unknown; revision: number }) =>
      saveVariant(experiment.id, variant.id, body),
    onSuccess: (detail) => {
      const saved = detail.variants.find((v) => v.id === variant.id);
      if (saved) load(saved);
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
    onError: (failure) => {
      if (failure instanceof HttpError && failure.status === 409 && failure.fields['revision']) {
        setConflict(describeError(failure));
        return;
      }
      const fields = failure instanceof HttpError ? contentErrorsOf(failure.fields) : {};
      setServerErrors(fields);
      setError(
        Object.keys(fields).length
          ? 'The content was not saved: fix the marked fields.'
          : describeError(failure),
      );
    },
  });

  const reload = useMutation({
    mutationFn: () => fetchExperiment(experiment.id),
    onSuccess: (detail) => {
      cacheExperiment(client, detail);
      const theirs = detail.variants.find((v) => v.id === variant.id);
      if (theirs) load(theirs);
      toast({ title: 'Their version is loaded', description: 'Your edits were discarded.' });
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const submit = () => {
    setError(undefined);
    if (!checked.success) {
      setError('The content was not saved: fix the marked fields.');
      return;
    }
    save.mutate({ content: checked.data, revision: base.revision });
  };

  const requestClose = async () => {
    if (await confirmDiscard()) onClose();
  };

  return {
    content,
    setContent: (next: unknown) => {
      setContent(next);
      setError(undefined);
    },
    errors: { ...serverErrors, ...liveErrors },
    valid: checked.success,
    previewContent,
    dirty,
    revision: base.revision,
    error,
    conflict,
    keepEditing: () => setConflict(undefined),
    reloadTheirs: () => reload.mutate(),
    reloading: reload.isPending,
    save,
    submit,
    requestClose,
    discardAsked: discardAsk !== undefined,
    answerDiscard: (discard: boolean) => {
      discardAsk?.(discard);
      setDiscardAsk(undefined);
    },
  };
}
