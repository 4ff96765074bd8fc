// The page editor's state as a reducer (use-page-editor.ts runs it): the form, the server
// version it is based on and the revision a save carries, the offered-back local draft,
// the field errors of a refused save, the JSON alert and the save's conflict.
import type { FieldErrors } from '../api.ts';
import { prettyContent } from './json-text.ts';
import { loadDraft, removeDraft, type LocalDraft } from './local-drafts.ts';
import type { LandingPage } from '../common/pages-api.ts';

export interface EditorForm {
  title: string;
  slug: string;
  isActive: boolean;
  contentText: string;
}

export const formOf = (page: LandingPage): EditorForm => ({
  title: page.title,
  slug: page.slug,
  isActive: page.isActive,
  contentText: prettyContent(page.content),
});

export interface EditorState {
  /** The server's version this form is based on. */
  base: LandingPage;
  /** The revision a save is based on (an offered-back draft keeps its own). */
  baseRevision: number;
  form: EditorForm;
  /** Edits kept in this browser from an earlier session, until they are answered. */
  draftOffer: LocalDraft | undefined;
  /** The server's field errors of the last save, or the required fields it left empty. */
  serverErrors: FieldErrors;
  /** True after a save was refused for broken JSON (the problem is announced). */
  showJsonAlert: boolean;
  /** The 409's sentence while the conflict dialog is open. */
  conflict: string | undefined;
}

export type EditorAction =
  | { type: 'edit'; patch: Partial<Omit<EditorForm, 'contentText'>> }
  | { type: 'text'; contentText: string }
  /** A fresher server copy, taken while nothing is edited. */
  | { type: 'fresh'; page: LandingPage }
  /** A page the form starts over from (a restored version, their version after a conflict). */
  | { type: 'load'; page: LandingPage }
  | { type: 'restoreDraft' }
  | { type: 'dropDraft' }
  | { type: 'checked'; errors: FieldErrors; showJsonAlert: boolean }
  | { type: 'saved'; page: LandingPage }
  | { type: 'failed'; errors: FieldErrors }
  | { type: 'conflict'; message: string | undefined };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'edit':
      return { ...state, form: { ...state.form, ...action.patch } };
    case 'text':
      return {
        ...state,
        form: { ...state.form, contentText: action.contentText },
        showJsonAlert: false,
      };
    case 'fresh':
      return {
        ...state,
        base: action.page,
        baseRevision: action.page.revision,
        form: formOf(action.page),
      };
    case 'load':
      return {
        ...state,
        base: action.page,
        baseRevision: action.page.revision,
        form: formOf(action.page),
        serverErrors: {},
        showJsonAlert: false,
      };
    case 'restoreDraft': {
      const draft = state.draftOffer;
      if (!draft) return state;
      return {
        ...state,
        form: {
          title: draft.title,
          slug: draft.slug,
          isActive: draft.isActive,
          contentText: draft.contentText,
        },
        baseRevision: draft.baseRevision,
        draftOffer: undefined,
      };
    }
    case 'dropDraft':
      return { ...state, draftOffer: undefined };
    case 'checked':
      return { ...state, serverErrors: action.errors, showJsonAlert: action.showJsonAlert };
    case 'saved':
      // A save comes after the offered edits: they are no longer offered (issue 35).
      return {
        ...state,
        draftOffer: undefined,
        conflict: undefined,
        base: action.page,
        baseRevision: action.page.revision,
      };
    case 'failed':
      return { ...state, conflict: undefined, serverErrors: action.errors };
    case 'conflict':
      return { ...state, conflict: action.message };
  }
}

/**
 * True when the page was saved after the kept edits by the one who made them (issue 35): they
 * saved a later revision than the edits started from, so the edits are either in it or were
 * left on purpose, and "Restore my edits" is not offered. A save by someone else keeps the
 * offer (restoring then asks how to combine the two, conflict-dialog.tsx).
 */
export function draftSuperseded(
  draft: LocalDraft,
  page: Pick<LandingPage, 'revision' | 'updatedBy'>,
): boolean {
  return page.revision > draft.baseRevision && page.updatedBy === draft.email;
}

/** The editor's first state: the page, and a kept draft unless it equals the page or was saved over. */
export function initialEditorState(page: LandingPage, email: string): EditorState {
  const form = formOf(page);
  const draft = loadDraft(page.id, email);
  const same =
    draft !== undefined &&
    ((draft.title === form.title &&
      draft.slug === form.slug &&
      draft.isActive === form.isActive &&
      draft.contentText === form.contentText) ||
      draftSuperseded(draft, page));
  if (same) removeDraft(page.id);
  return {
    base: page,
    baseRevision: page.revision,
    form,
    draftOffer: same ? undefined : draft,
    serverErrors: {},
    showJsonAlert: false,
    conflict: undefined,
  };
}
