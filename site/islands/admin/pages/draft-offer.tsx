// The offer of edits kept in this browser (local-drafts.ts) when the editor opens: restore
// them or discard them.
import { formatTime } from '../api.ts';
import { Button } from '../ui.tsx';
import type { LocalDraft } from './local-drafts.ts';

export function DraftOffer({
  draft,
  baseRevision,
  onRestore,
  onDiscard,
}: {
  draft: LocalDraft;
  /** The revision of the page as loaded: a draft from another one will conflict. */
  baseRevision: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Unsaved edits kept in this browser"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="draft-offer"
    >
      <p className="font-medium">
        You have unsaved edits to this page from {formatTime(draft.savedAt)}.
      </p>
      <p className="mt-1">
        They were kept in this browser when the window closed or the session ended before they were
        saved.
        {draft.baseRevision !== baseRevision &&
          ' The page has been saved since; saving them will ask how to combine the two.'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="primary" onClick={onRestore}>
          Restore my edits
        </Button>
        <Button onClick={onDiscard}>Discard them</Button>
      </div>
    </div>
  );
}
