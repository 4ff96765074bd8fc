// The page editor's state (edit-dialog.tsx is its layout; the reducer is editor-state.ts):
// the content as JSON text and as the parsed value the section forms and the preview show,
// the schema's live errors, dirty tracking, the fresher server copy taken while nothing is
// edited, the local draft kept while editing (local-drafts.ts), the save with its conflict
// (409 on a stale revision) and the "discard your edits?" question.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  useState,
  type SyntheticEvent,
} from 'react';
import type { UpdatePageRequest } from '../../../../functions/shared/api/pages.ts';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import {
  landingContentSchema,
  type LandingContent,
} from '../../../../functions/shared/landing-content.ts';
import { DEFAULT_SLUG, livePath, publicPath } from '../../../../functions/shared/slug.ts';
import { sameJson } from '../../../../functions/shared/stable-json.ts';
import { authGate, describeError, HttpError, type FieldErrors } from '../api.ts';
import { useToast } from '../toast.tsx';
import {
  draftSuperseded,
  editorReducer,
  initialEditorState,
  type EditorForm,
} from './editor-state.ts';
import { parseJsonText } from './json-text.ts';
import { removeDraft, saveDraft } from './local-drafts.ts';
import { useCan } from '../permissions.ts';
import {
  copyAsPage,
  editedCopy,
  savesToCopy,
  saveWorkingCopy,
  WORKFLOW_SUMMARY_KEY,
} from '../common/workflow-api.ts';
import {
  cachePage,
  fetchPage,
  pageKey,
  savedToCopy,
  updatePage,
  versionsKey,
  type LandingPage,
} from '../common/pages-api.ts';
import type { ContentErrors } from '../common/editor/values.ts';
import { useUnsavedGuard } from '../common/unsaved.ts';

/** How long typing may pause before the local draft is written. */
const DRAFT_DELAY_MS = 400;

export interface PageEditorProps {
  page: LandingPage;
  onClose: () => void;
  /** After a save or a restore: the page list, the build status and the audit refresh. */
  onChanged: () => void;
}

export function usePageEditor({ page, onClose, onChanged }: PageEditorProps) {
  const email = authGate.email ?? '';
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState(page, email),
  );
  const { base, baseRevision, form, draftOffer, serverErrors } = state;
  const [discardAsk, setDiscardAsk] = useState<((discard: boolean) => void) | undefined>();
  const toast = useToast();
  const client = useQueryClient();

  const parsed = useMemo(() => parseJsonText(form.contentText), [form.contentText]);
  // The structured editor and the preview keep working while the JSON text is broken:
  // they show the last text that parsed (state derived while rendering, as React advises
  // for values that depend on earlier renders).
  const [lastParsed, setLastParsed] = useState<unknown>(page.content);
  if (parsed.ok && parsed.value !== lastParsed) setLastParsed(parsed.value);
  const contentValue = parsed.ok ? parsed.value : lastParsed;
  const checked = useMemo(() => landingContentSchema.safeParse(contentValue), [contentValue]);
  // The preview shows the last content the schema accepted.
  const [lastValid, setLastValid] = useState<LandingContent | undefined>(undefined);
  if (checked.success && checked.data !== lastValid) setLastValid(checked.data);
  const previewContent = useDeferredValue(checked.success ? checked.data : lastValid);
  // Live field errors from the shared schema, as the server will judge the content.
  const liveErrors = useMemo<ContentErrors>(
    () => (checked.success ? {} : fieldErrors(checked.error.issues)),
    [checked],
  );
  const contentServerErrors = Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([key]) => key.startsWith('content.') || key === 'content')
      .map(([key, problems]) => [key.replace(/^content\.?/, '') || '(content)', problems]),
  );

  const dirty =
    form.title !== base.title ||
    form.slug !== base.slug ||
    form.isActive !== base.isActive ||
    !parsed.ok ||
    !sameJson(parsed.value, base.content);

  // A fresher copy of the page than the list's, with its workflow (issue 23), taken while
  // nothing is edited yet. A working copy, when there is one, is what the editor edits.
  const fresh = useQuery({
    queryKey: pageKey(page.id),
    queryFn: () => fetchPage(page.id),
    gcTime: 0,
  });
  const workflow = fresh.data?.workflow;
  const latest = fresh.data && editedCopy(fresh.data);
  // Kept edits that their author has saved the page after are not offered any more.
  const superseded = Boolean(latest && draftOffer && draftSuperseded(draftOffer, latest));
  useEffect(() => {
    if (!superseded) return;
    removeDraft(page.id);
    dispatch({ type: 'dropDraft' });
  }, [superseded, page.id]);
  if (latest && latest.revision > base.revision && !dirty && !draftOffer) {
    dispatch({ type: 'fresh', page: latest });
  }
  // Where a save goes (docs/decisions/0136-admin-roles-and-gap.md): the working copy when
  // there is one, or when a live page may not be changed at once (the role cannot publish,
  // or review is required); else SPEC's save, live at once.
  const mayPublish = useCan('publish');
  // A copy saved here counts before the page's workflow is read again.
  const [savedCopy, setSavedCopy] = useState(false);
  const copyMode = savesToCopy(fresh.data ?? page, mayPublish, savedCopy);

  // Keep unsaved edits in this browser; an offered draft stays until it is answered.
  useEffect(() => {
    if (draftOffer) return;
    const timer = setTimeout(() => {
      if (!dirty) removeDraft(page.id);
      else {
        saveDraft({
          pageId: page.id,
          email,
          savedAt: new Date().toISOString(),
          baseRevision,
          ...form,
        });
      }
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, dirty, draftOffer, baseRevision, page.id, email]);

  /** Resolves true to discard the edits, false to keep editing. */
  const askDiscard = useCallback(
    () => new Promise<boolean>((resolve) => setDiscardAsk(() => resolve)),
    [],
  );
  const confirmDiscard = useCallback(async () => {
    if (!dirty) return true;
    const discard = await askDiscard();
    if (discard) removeDraft(page.id);
    return discard;
  }, [dirty, askDiscard, page.id]);
  useUnsavedGuard(dirty, confirmDiscard);

  const requestClose = async () => {
    if (await confirmDiscard()) {
      if (!draftOffer) removeDraft(page.id);
      onClose();
    }
  };

  /** A refused save: the conflict dialog for a stale revision, else the fields and a toast. */
  const saveFailed = (title: string) => (error: Error) => {
    if (error instanceof HttpError && error.status === 409 && error.fields['revision']) {
      dispatch({ type: 'conflict', message: describeError(error) });
      return;
    }
    dispatch({ type: 'failed', errors: error instanceof HttpError ? error.fields : {} });
    toast({ title, description: describeError(error), variant: 'destructive' });
  };

  const saveCopy = useMutation({
    mutationFn: ({ revision, content }: { revision: number; content: unknown }) =>
      saveWorkingCopy(page.id, { title: form.title, slug: form.slug, content, revision }),
    onSuccess: (copy) => {
      removeDraft(page.id);
      setSavedCopy(true);
      dispatch({ type: 'saved', page: copyAsPage(base, copy) });
      void client.invalidateQueries({ queryKey: pageKey(page.id) });
      void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
      toast({
        title: 'Working copy saved',
        description: 'Visitors still see the live version until the working copy is published.',
      });
    },
    onError: saveFailed('The working copy was not saved'),
  });

  const saveLive = useMutation({
    mutationFn: ({ revision, content }: { revision: number; content: unknown }) =>
      updatePage(page.id, {
        title: form.title,
        slug: form.slug,
        isActive: form.isActive,
        content,
        revision,
        // The content as typed: the server judges it (the editor shows its schema errors).
      } as UpdatePageRequest),
    onSuccess: (saved) => {
      removeDraft(page.id);
      // Review was switched on since the editor read the page (issue 33): the server put
      // the change into the working copy, and the editor stays on it.
      if (savedToCopy(saved)) {
        setSavedCopy(true);
        dispatch({ type: 'saved', page: copyAsPage(base, saved.workingCopy) });
        void client.invalidateQueries({ queryKey: pageKey(page.id) });
        void client.invalidateQueries({ queryKey: WORKFLOW_SUMMARY_KEY });
        toast({ title: 'Working copy saved', description: saved.message });
        return;
      }
      dispatch({ type: 'saved', page: saved });
      cachePage(client, saved);
      toast({ title: 'Landing page updated successfully' });
      onChanged();
      void client.invalidateQueries({ queryKey: versionsKey(page.id) });
      onClose();
    },
    onError: saveFailed('Failed to update landing page'),
  });

  const save = copyMode ? saveCopy : saveLive;

  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (!parsed.ok) {
      dispatch({ type: 'checked', errors: {}, showJsonAlert: true });
      return;
    }
    const missing: FieldErrors = {};
    if (!form.title.trim()) missing['title'] = ['is required'];
    if (!form.slug.trim()) missing['slug'] = ['is required'];
    dispatch({ type: 'checked', errors: missing, showJsonAlert: false });
    if (Object.keys(missing).length) return;
    save.mutate({ revision: baseRevision, content: parsed.value });
  };

  const answerDiscard = (discard: boolean) => {
    discardAsk?.(discard);
    setDiscardAsk(undefined);
  };

  return {
    ...state,
    parsed,
    /** The content the section forms show: the JSON text's, or the last that parsed. */
    contentValue,
    /** The content passes the schema (else the preview shows the last that did). */
    valid: checked.success,
    previewContent,
    liveErrors,
    contentServerErrors,
    dirty,
    /** The revision the editor shows (header and Review tab) and a save is based on. */
    revision: baseRevision,
    jsonProblem: parsed.ok
      ? undefined
      : `line ${parsed.line}, column ${parsed.column}: ${parsed.message}`,
    isDefault: base.slug === DEFAULT_SLUG,
    /** Where the page is seen: its public address when live, else the draft preview's. */
    address: form.isActive ? publicPath(form.slug || base.slug) : livePath(base.slug),
    /** What this administrator has now, for comparing with a version or their save. */
    mine: { title: form.title, slug: form.slug, isActive: form.isActive, content: contentValue },
    /** Title, slug or Active as typed. */
    edit: (patch: Partial<Omit<EditorForm, 'contentText'>>) => dispatch({ type: 'edit', patch }),
    /** The JSON text as typed. */
    setContentText: (contentText: string) => dispatch({ type: 'text', contentText }),
    /** The content the section forms changed (the JSON text follows). */
    setContent: (next: unknown) =>
      dispatch({ type: 'text', contentText: JSON.stringify(next, null, 2) }),
    confirmDiscard,
    requestClose,
    discardAsked: discardAsk !== undefined,
    answerDiscard,
    save,
    /** True when saves go to the working copy (visitors keep the live version). */
    copyMode,
    /** False until the editor knows whether a working copy exists (where a save goes). */
    ready: !fresh.isPending,
    /** The page's workflow as last read (undefined until the editor has read it). */
    workflow,
    /** The live page as last read, beside the working copy. */
    live: fresh.data,
    submit,
    restoreDraft: () => dispatch({ type: 'restoreDraft' }),
    discardDraft: () => {
      removeDraft(page.id);
      dispatch({ type: 'dropDraft' });
    },
    /** Starts over from `next` (a restored version). */
    resetTo: (next: LandingPage) => {
      // A restored version, or the live page after a publish or a discard: the copy saved
      // here, if any, is gone; the page's workflow (read again) says whether one remains.
      setSavedCopy(false);
      dispatch({ type: 'load', page: next });
    },
    /** After a conflict: keep editing. */
    cancelConflict: () => dispatch({ type: 'conflict', message: undefined }),
    /** After a conflict: their version replaces these edits. */
    reloadTheirs: (theirs: LandingPage) => {
      dispatch({ type: 'conflict', message: undefined });
      removeDraft(page.id);
      dispatch({ type: 'load', page: theirs });
      toast({ title: 'Their version is loaded', description: 'Your edits were discarded.' });
    },
    /** After a conflict: these edits are saved over their version. */
    overwrite: (theirs: LandingPage) => {
      if (parsed.ok) save.mutate({ revision: theirs.revision, content: parsed.value });
    },
  };
}

export type PageEditor = ReturnType<typeof usePageEditor>;
