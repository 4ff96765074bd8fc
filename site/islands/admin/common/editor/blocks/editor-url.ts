// The page editor's place in the admin URL (site/islands/admin/route.ts): /admin?edit=<page
// id>&block=<block id>&thread=<comment id>&tab=<side tab>. The Pages tab opens the editor of
// `edit` on load, the block editor selects `block`, the Review tab opens the comment thread
// `thread` (issue 36) and the editor's side shows the tab `tab` (review, versions; a page
// card's check errors open the Review tab, issue 38), so a reload (or a link sent to a colleague) comes back to the same place.
// These are refinements of the Pages view, so they replace the history entry.
import { useEffect, useRef } from 'react';
import { navigate, useAdminLocation } from '../../../route.ts';

export const EDIT_PARAM = 'edit';
export const BLOCK_PARAM = 'block';
export const THREAD_PARAM = 'thread';
export const TAB_PARAM = 'tab';
/** `thread`'s value that opens the Review tab's new comment box, pinned to `block`. */
export const NEW_THREAD = 'new';

/** Sets (or, with undefined, removes) the editor's URL parameters, keeping the others. */
export function setEditorParams(patch: Record<string, string | undefined>): void {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(patch)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.size ? `?${params}` : '';
  navigate(`${window.location.pathname}${search}`, { replace: true });
}

/** The value of one of the editor's URL parameters. */
export function useEditorParam(name: string): string | undefined {
  return useAdminLocation().params.get(name) || undefined;
}

/**
 * Opens the editor of the URL's page once the page list is first loaded (a reload, or a
 * link); a page that is gone leaves the URL.
 */
export function useOpenEditorFromUrl<P extends { id: string }>(
  pages: readonly P[] | undefined,
  open: (page: P) => void,
): void {
  const wanted = useEditorParam(EDIT_PARAM);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !pages) return;
    done.current = true;
    if (!wanted) return;
    const page = pages.find((candidate) => candidate.id === wanted);
    if (page) open(page);
    else setEditorParams({ [EDIT_PARAM]: undefined, [BLOCK_PARAM]: undefined });
  }, [pages, wanted, open]);
}
