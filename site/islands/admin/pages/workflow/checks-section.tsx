// The Review tab's checks before publishing (issue 38, functions/shared/page-checks.ts): what
// the server found in the working copy as it will render (links, accessibility, search,
// structured data, claims, content to fill in), errors first, each with its level in words
// beside an icon, its category and, for a finding inside a block, a "Go to block" button
// that selects the block in the editor (?block=<id>, common/editor/blocks/editor-url.ts, so
// a reload keeps it). The checks come with the page (GET /api/admin/pages/:id), which the
// editor's save and the Review tab's actions refetch.
import type { ReactNode } from 'react';
import type { Block } from '../../../../../functions/shared/blocks.ts';
import {
  CHECK_CATEGORY_LABELS,
  errorsOf,
  sortChecks,
  type CheckLevel,
  type PageCheck,
  type PageChecks,
} from '../../../../../functions/shared/page-checks.ts';
import { formatTime } from '../../api.ts';
import { BLOCK_PARAM, setEditorParams } from '../../common/editor/blocks/editor-url.ts';
import { blockLabel } from '../../common/editor/blocks/layout-ops.ts';
import { Button } from '../../ui.tsx';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "No problems found.", "1 error.", "2 errors and 3 warnings.", "1 warning." */
export function checksSummary(checks: readonly PageCheck[]): string {
  const errors = errorsOf(checks).length;
  const warnings = checks.length - errors;
  if (errors === 0 && warnings === 0) return 'No problems found.';
  const parts = [
    ...(errors ? [plural(errors, 'error')] : []),
    ...(warnings ? [plural(warnings, 'warning')] : []),
  ];
  return `${parts.join(' and ')}.`;
}

export const BLOCKING_SENTENCE =
  'Errors must be fixed before this page can be submitted or published.';

/** Whether the checks refuse submitting and publishing now. */
export const checksRefuse = (checks: PageChecks | undefined) =>
  Boolean(checks?.blocking && errorsOf(checks.checks).length > 0);

const LEVEL_WORDS: Record<CheckLevel, string> = { error: 'Error', warning: 'Warning' };

/** A cross in a circle for an error, an exclamation mark in a triangle for a warning. */
function LevelIcon({ level }: { level: CheckLevel }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {level === 'error' ? (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="m9 9 6 6M15 9l-6 6" />
        </>
      ) : (
        <>
          <path d="M12 3 2 20h20L12 3Z" />
          <path d="M12 10v4M12 17h.01" />
        </>
      )}
    </svg>
  );
}

/**
 * Selects the block in the editor (the URL's ?block=), opening the Blocks tab of the content
 * (pages/content-fields.tsx follows the parameter), then moves the focus to the block's row
 * in the block list, or, in the read-only view, brings the preview (which scrolls to the
 * block, common/editor/live-preview.tsx) into view.
 */
export function goToBlock(blockId: string): void {
  setEditorParams({ [BLOCK_PARAM]: blockId });
  const frames = (then: () => void) => requestAnimationFrame(() => requestAnimationFrame(then));
  const row = () =>
    document
      .querySelector(`[data-block-row="${CSS.escape(blockId)}"]`)
      ?.querySelector<HTMLElement>('[data-control="select"]');
  const focusRow = () => {
    const select = row();
    if (!select) return false;
    select.scrollIntoView({ block: 'center' });
    select.focus();
    return true;
  };
  // The Blocks tab and the row render after the URL changes: wait for that frame.
  frames(() => {
    if (focusRow()) return;
    // The block was already chosen while another content tab showed: a Radix tab opens on
    // focus (automatic activation), then the row renders.
    const blocksTab = document.querySelector<HTMLElement>('[data-content-tab="blocks"]');
    if (blocksTab) {
      blocksTab.focus();
      frames(() => void focusRow());
      return;
    }
    // The read-only view: its preview scrolls to the block.
    document
      .querySelector('[data-testid="read-only-view"] iframe')
      ?.scrollIntoView({ block: 'start' });
  });
}

export function ChecksSection({
  checks,
  blocks,
  stale,
  live = true,
  onGoToBlock = goToBlock,
  children,
}: {
  checks: PageChecks | undefined;
  /** The blocks of the checked content, to name the block a finding is in. */
  blocks: readonly Block[];
  /** The editor has unsaved edits: the checks are of the saved copy. */
  stale?: boolean;
  /** Whether the page is live: without a working copy, the checks are of the page as stored. */
  live?: boolean;
  onGoToBlock?: (blockId: string) => void;
  /** More findings beside the server's (the browser's accessibility check). */
  children?: ReactNode;
}) {
  if (!checks) return null;
  const sorted = sortChecks(checks.checks);
  const names = new Map(blocks.map((block) => [block.id, blockLabel(block)]));
  return (
    <section aria-labelledby="wf-checks" className="grid gap-2" data-testid="page-checks">
      <h3 id="wf-checks" className="font-semibold text-ink">
        Checks before publishing
      </h3>
      <p data-testid="checks-summary">
        <span className="font-medium">{checksSummary(sorted)}</span>{' '}
        {checksRefuse(checks) && (
          <span className="text-red-800" data-testid="checks-blocking">
            {BLOCKING_SENTENCE}
          </span>
        )}
      </p>
      <p className="text-xs text-slate-600">
        {/* No revision number: the editor's header and the Review tab's state say it once. */}
        {checks.of === 'working-copy'
          ? 'The saved working copy'
          : live
            ? 'The live page'
            : 'The page (not live yet)'}{' '}
        was checked <time dateTime={checks.checkedAt}>{formatTime(checks.checkedAt)}</time>.
        {stale && ' Your unsaved edits are not checked yet: save them to check them.'}
        {!checks.blocking &&
          errorsOf(sorted).length > 0 &&
          ' The settings list errors only: they do not refuse submitting or publishing.'}
      </p>
      {sorted.length > 0 && (
        <ul className="grid gap-2" aria-label="Problems the checks found" data-testid="checks-list">
          {sorted.map((check) => {
            const block = check.blockId && (names.get(check.blockId) ?? check.blockId);
            return (
              <li
                key={`${check.level} ${check.id}`}
                data-check-level={check.level}
                data-check-category={check.category}
                className={`flex flex-wrap items-start gap-x-2 gap-y-1 rounded-md border p-2 ${
                  check.level === 'error'
                    ? 'border-red-200 bg-red-50 text-red-900'
                    : 'border-amber-200 bg-amber-50 text-amber-950'
                }`}
              >
                <LevelIcon level={check.level} />
                <p className="min-w-0 flex-1 basis-48 break-words">
                  <span className="font-semibold">{LEVEL_WORDS[check.level]}</span>
                  <span className="text-slate-700"> · {CHECK_CATEGORY_LABELS[check.category]}</span>
                  {block && <span className="text-slate-700"> · {block}</span>}
                  <span className="block text-slate-900">{check.message}</span>
                </p>
                {check.blockId && (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 underline underline-offset-2"
                    aria-label={`Go to block ${block}`}
                    data-control="go-to-block"
                    onClick={() => onGoToBlock(check.blockId!)}
                  >
                    Go to block
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {children}
    </section>
  );
}
