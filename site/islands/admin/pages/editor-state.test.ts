import { afterEach, describe, expect, it, vi } from 'vitest';
import { landingTemplate } from '../../../../functions/shared/template.ts';
import { draftSuperseded, editorReducer, formOf, initialEditorState } from './editor-state.ts';
import { saveDraft, type LocalDraft } from './local-drafts.ts';
import type { LandingPage } from '../common/pages-api.ts';

const page: LandingPage = {
  id: 'p1',
  title: 'Home',
  slug: 'home',
  isActive: true,
  content: landingTemplate(),
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  revision: 3,
};

function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
  return items;
}

const draftOf = (changes: Partial<LocalDraft>): LocalDraft => ({
  pageId: page.id,
  email: 'a@example.com',
  savedAt: '2024-01-02T00:00:00.000Z',
  baseRevision: 2,
  ...formOf(page),
  ...changes,
});

afterEach(() => vi.unstubAllGlobals());

describe('the page editor state', () => {
  it('offers a kept draft that differs from the page, and drops one that does not', () => {
    const items = stubStorage();
    saveDraft(draftOf({ title: 'Home, edited' }));
    expect(initialEditorState(page, 'a@example.com').draftOffer?.title).toBe('Home, edited');
    expect(initialEditorState(page, 'b@example.com').draftOffer).toBeUndefined();

    saveDraft(draftOf({}));
    expect(initialEditorState(page, 'a@example.com').draftOffer).toBeUndefined();
    expect(items.size).toBe(0);
  });

  it('restores a draft with the revision it started from', () => {
    stubStorage();
    saveDraft(draftOf({ title: 'Home, edited' }));
    const state = editorReducer(initialEditorState(page, 'a@example.com'), {
      type: 'restoreDraft',
    });
    expect(state.form.title).toBe('Home, edited');
    expect(state.baseRevision).toBe(2);
    expect(state.base.revision).toBe(3);
    expect(state.draftOffer).toBeUndefined();
  });

  it('keeps the edits over a save and starts over on a loaded page', () => {
    const start = initialEditorState(page, 'a@example.com');
    const edited = editorReducer(start, { type: 'edit', patch: { title: 'New' } });
    const refused = editorReducer(
      editorReducer(edited, { type: 'checked', errors: {}, showJsonAlert: true }),
      { type: 'failed', errors: { title: ['is taken'] } },
    );
    expect(refused.serverErrors).toEqual({ title: ['is taken'] });
    expect(editorReducer(refused, { type: 'text', contentText: '{' }).showJsonAlert).toBe(false);

    const saved = editorReducer(edited, { type: 'saved', page: { ...page, revision: 4 } });
    expect(saved.form.title).toBe('New');
    expect(saved.baseRevision).toBe(4);

    const loaded = editorReducer(refused, { type: 'load', page: { ...page, revision: 5 } });
    expect(loaded.form).toEqual(formOf(page));
    expect(loaded.serverErrors).toEqual({});
    expect(loaded.baseRevision).toBe(5);
  });

  it('stops offering kept edits once their author saved the page after them (issue 35)', () => {
    const items = stubStorage();
    const draft = draftOf({ title: 'Home, edited' });
    // Saved since by the same person: not offered, and forgotten.
    expect(draftSuperseded(draft, { revision: 3, updatedBy: 'a@example.com' })).toBe(true);
    saveDraft(draft);
    const savedOver = { ...page, updatedBy: 'a@example.com' };
    expect(initialEditorState(savedOver, 'a@example.com').draftOffer).toBeUndefined();
    expect(items.size).toBe(0);
    // Saved since by someone else, or not saved since: still offered.
    expect(draftSuperseded(draft, { revision: 3, updatedBy: 'b@example.com' })).toBe(false);
    expect(draftSuperseded(draft, { revision: 2, updatedBy: 'a@example.com' })).toBe(false);
    saveDraft(draft);
    const offered = initialEditorState({ ...page, updatedBy: 'b@example.com' }, 'a@example.com');
    expect(offered.draftOffer?.title).toBe('Home, edited');
    // A save made while the offer is open ends the offer.
    expect(
      editorReducer(offered, { type: 'saved', page: { ...page, revision: 4 } }).draftOffer,
    ).toBeUndefined();
  });
});
