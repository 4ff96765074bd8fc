// Unsaved edits kept in this browser while an edit form is open, so a crash, a closed
// tab or an expired session does not lose them: the editor offers them back the next
// time the page is opened. One draft per page and administrator; removed once saved or
// discarded, and all of them on sign-out (a shared computer keeps nobody's drafts).
export interface LocalDraft {
  pageId: string;
  /** The administrator who typed it; another one is not offered it. */
  email: string;
  savedAt: string;
  /** The page revision the edits started from: restoring keeps it, so a save conflicts. */
  baseRevision: number;
  title: string;
  slug: string;
  isActive: boolean;
  contentText: string;
}

const PREFIX = 'pharmabridge-admin:draft:';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (privacy settings): drafts are a convenience, not a requirement.
    return undefined;
  }
}

export function saveDraft(draft: LocalDraft): void {
  try {
    storage()?.setItem(PREFIX + draft.pageId, JSON.stringify(draft));
  } catch {
    // Quota exceeded: keep editing; the draft is only a safety net.
  }
}

export function loadDraft(pageId: string, email: string): LocalDraft | undefined {
  const raw = storage()?.getItem(PREFIX + pageId);
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as Partial<LocalDraft>;
    if (
      draft.pageId !== pageId ||
      draft.email !== email ||
      typeof draft.contentText !== 'string' ||
      typeof draft.title !== 'string' ||
      typeof draft.slug !== 'string' ||
      typeof draft.isActive !== 'boolean' ||
      typeof draft.baseRevision !== 'number' ||
      typeof draft.savedAt !== 'string'
    ) {
      return undefined;
    }
    return draft as LocalDraft;
  } catch {
    return undefined;
  }
}

export function removeDraft(pageId: string): void {
  storage()?.removeItem(PREFIX + pageId);
}

export function removeAllDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
