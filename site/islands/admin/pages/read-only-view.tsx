// The page as reviewers and sales open it (issue 35, docs/decisions/0421-editor-by-role.md):
// no inputs, no blocks to add or remove, no Save; what the page is and where it is seen, the
// saved content as visitors would get it, and what the role can do with it: reviewers
// comment and sign in the Review tab, sales open the page and copy its address to share.
// The API refuses their writes anyway (docs/decisions/0131-roles.md); this is the screen
// fitting the role.
import { formatTime } from '../api.ts';
import { CopyButton } from '../common/copyable-link.tsx';
import { Button } from '../ui.tsx';
import { READ_ONLY_WORDING, type EditorAccess } from './editor-status.ts';
import { LivePreview } from '../common/editor/live-preview.tsx';
import type { PageEditor } from './use-page-editor.ts';
import { livePath, publicPath } from '../../../../functions/shared/slug.ts';
import { BLOCK_PARAM, useEditorParam } from '../common/editor/blocks/editor-url.ts';

export function ReadOnlyView({
  editor,
  access,
  onReview,
}: {
  editor: PageEditor;
  access: Exclude<EditorAccess, 'edit'>;
  /** Opens the Review tab (comments, approvals). */
  onReview: () => void;
}) {
  const { base, live } = editor;
  // The Review tab's "Go to block" (workflow/checks-section.tsx) scrolls the preview to it.
  const focusBlock = useEditorParam(BLOCK_PARAM);
  const isLive = live?.isActive ?? base.isActive;
  const hasCopy = Boolean(editor.workflow?.workingCopy);
  // The public address for a live page; a draft's preview address (signed-in only) otherwise.
  const opened = isLive ? publicPath(live?.slug ?? base.slug) : livePath(base.slug);
  const publicUrl = new URL(publicPath(live?.slug ?? base.slug), window.location.origin).href;
  return (
    <section
      aria-labelledby="read-only-heading"
      className="grid gap-4"
      data-testid="read-only-view"
    >
      <h3 id="read-only-heading" className="sr-only">
        {base.title}, read only
      </h3>
      <p className="rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
        {READ_ONLY_WORDING[access]}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">Title</dt>
        <dd className="text-ink">{base.title}</dd>
        <dt className="font-medium text-slate-700">Address</dt>
        <dd className="font-mono text-ink">{publicPath(base.slug)}</dd>
        <dt className="font-medium text-slate-700">On the site</dt>
        <dd className="text-ink">
          {isLive
            ? hasCopy
              ? 'Live; the changes below are in a working copy visitors do not see yet'
              : 'Live: visitors see this version'
            : 'Draft: visitors cannot see it yet'}
        </dd>
        <dt className="font-medium text-slate-700">Saved</dt>
        <dd className="text-ink">
          {formatTime(base.updatedAt)}
          {base.updatedBy ? ` by ${base.updatedBy}` : ''}
        </dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2" data-testid="read-only-actions">
        <a
          href={opened}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-9 items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {isLive ? 'Open the live page' : 'Open the preview'}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {access === 'review' ? (
          <Button variant="primary" onClick={onReview}>
            Comment or approve
          </Button>
        ) : (
          isLive && <CopyButton text={publicUrl} label="Copy the page address" />
        )}
      </div>
      {access === 'read' && !isLive && (
        <p className="text-sm text-slate-600">
          There is nothing to share yet: the page goes on the site when it is published.
        </p>
      )}
      {editor.previewContent ? (
        <LivePreview
          content={editor.previewContent}
          stale={false}
          note={hasCopy ? '(the working copy, as saved)' : '(as saved)'}
          focusBlock={focusBlock}
        />
      ) : (
        <p className="text-sm text-slate-600">
          The saved content does not pass the current checks, so it cannot be previewed here.
        </p>
      )}
    </section>
  );
}
