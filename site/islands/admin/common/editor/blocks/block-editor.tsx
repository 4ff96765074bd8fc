// The block editor of the page editor (issue 27, docs/decisions/0177-block-editor.md): the page's
// blocks as a list (block-list.tsx) beside the form of the selected one (block-form.tsx),
// with the picker to add one (block-picker.tsx). A page without a layout shows its derived
// one (deriveLayout); its first change of structure writes `layout` into the content (a text
// edit changes the sections only). Every change goes through withLayout or settled
// (layout-ops.ts), which keep the sections in step (syncSections). The
// selected block is in the URL (editor-url.ts), so a reload comes back to it.
import { useRef, useState } from 'react';
import { BLOCK_TYPES, MAX_BLOCKS, type Block } from '../../../../../../functions/shared/blocks.ts';
import type { LandingContent } from '../../../../../../functions/shared/landing-content.ts';
import { Button, ConfirmDialog, Tooltip } from '../../../ui.tsx';
import { BlockForm } from './block-form.tsx';
import { BlockList, type BlockThreads } from './block-list.tsx';
import { isOpenThread, threadsOf } from '../../../../../../functions/shared/comments.ts';
import type { CommentEntry } from '../../../../../../functions/shared/workflow.ts';
import { BlockPicker } from './block-picker.tsx';
import {
  BLOCK_PARAM,
  NEW_THREAD,
  setEditorParams,
  THREAD_PARAM,
  useEditorParam,
} from './editor-url.ts';
import {
  blockErrors,
  blockLabel,
  duplicateBlock,
  editorLayout,
  hasLayout,
  insertAfter,
  moveBlock,
  newBlock,
  removeBlock,
  setHidden,
  settled,
  withLayout,
} from './layout-ops.ts';

/** The selected block: the URL's when the layout has it, else the first after the navigation. */
export function selectedBlockOf(layout: readonly Block[], wanted: string | undefined) {
  return (
    layout.find((block) => block.id === wanted) ??
    layout.find((block) => block.type !== 'navigation') ??
    layout[0]
  );
}

/** Each anchored block's threads; its pin opens the first open one (else the first). */
function threadsByBlock(comments: readonly CommentEntry[]): Map<string, BlockThreads> {
  const found = new Map<string, BlockThreads>();
  for (const { top } of threadsOf(comments)) {
    const id = top.anchor?.blockId;
    if (!id) continue;
    const open = isOpenThread(top);
    const seen = found.get(id);
    if (!seen) found.set(id, { open: open ? 1 : 0, total: 1, first: top.id });
    else {
      const firstOpen = seen.open === 0 && open;
      found.set(id, {
        open: seen.open + (open ? 1 : 0),
        total: seen.total + 1,
        first: firstOpen ? top.id : seen.first,
      });
    }
  }
  return found;
}

export const selectBlock = (id: string | undefined) => setEditorParams({ [BLOCK_PARAM]: id });

export function BlockEditor({
  content,
  errors,
  onChange,
  comments,
}: {
  content: unknown;
  errors: Record<string, string[]>;
  onChange: (next: unknown) => void;
  /** The page's review comments: pins on the blocks they are about (issue 36). */
  comments?: readonly CommentEntry[] | undefined;
}) {
  const layout = editorLayout(content);
  const derived = !hasLayout(content);
  // The forms read and write the content with its layout, the derived one included.
  const view = derived ? { ...(content as LandingContent), layout } : content;
  const shownErrors = blockErrors(errors, content);
  const selected = selectedBlockOf(layout, useEditorParam(BLOCK_PARAM));
  const index = selected ? layout.indexOf(selected) : -1;
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const count = useRef(0);
  const announce = (text: string) => {
    // A repeated sentence is still announced: a counter makes the text differ.
    count.current += 1;
    setAnnouncement(`${text}${count.current % 2 ? '' : '\u00a0'}`);
  };

  const apply = (next: Block[]) => onChange(withLayout(view, next));
  const position = (list: readonly Block[], id: string) =>
    `position ${list.findIndex((block) => block.id === id) + 1} of ${list.length}`;

  const add = (type: Block['type']) => {
    const block = newBlock(type, layout);
    const next = insertAfter(layout, index, block);
    apply(next);
    selectBlock(block.id);
    setPicking(false);
    announce(`${BLOCK_TYPES[type].label} added at ${position(next, block.id)}.`);
  };

  return (
    <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="grid content-start gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-ink">
            Blocks <span className="font-normal text-slate-600">({layout.length})</span>
          </h3>
          <Button
            variant="primary"
            className="px-2.5 py-1.5"
            disabled={layout.length >= MAX_BLOCKS}
            onClick={() => setPicking(true)}
          >
            Add block
          </Button>
        </div>
        {derived && (
          <p className="text-xs text-slate-600" data-testid="derived-layout">
            This page shows the standard sections; your first change here saves them as its blocks.
          </p>
        )}
        <BlockList
          layout={layout}
          selectedId={selected?.id}
          errors={shownErrors}
          onSelect={selectBlock}
          onMove={(from, to) => {
            const next = moveBlock(layout, from, to);
            apply(next);
            const block = layout[from]!;
            announce(`${blockLabel(block)} moved to ${position(next, block.id)}.`);
          }}
          threads={comments && threadsByBlock(comments)}
          onThreads={(id, threads) =>
            setEditorParams({ [BLOCK_PARAM]: id, [THREAD_PARAM]: threads.first })
          }
          onHidden={(at, hidden) => {
            apply(setHidden(layout, at, hidden));
            announce(`${blockLabel(layout[at]!)} ${hidden ? 'hidden' : 'shown'}.`);
          }}
        />
        {comments && selected && (
          <Tooltip content="Opens the Review tab with a comment box pinned to this block.">
            <Button
              variant="ghost"
              className="justify-self-start px-2 py-1"
              onClick={() =>
                setEditorParams({ [BLOCK_PARAM]: selected.id, [THREAD_PARAM]: NEW_THREAD })
              }
            >
              Comment on {blockLabel(selected)}
            </Button>
          </Tooltip>
        )}
        <p role="status" aria-live="polite" className="sr-only" data-testid="block-announcement">
          {announcement}
        </p>
      </div>
      {selected ? (
        <BlockForm
          content={view}
          layout={layout}
          index={index}
          errors={shownErrors}
          onChange={(next) => onChange(settled(next as LandingContent))}
          onLayout={apply}
          onDuplicate={() => {
            const next = duplicateBlock(layout, index);
            const copy = next[index + 1]!;
            apply(next);
            selectBlock(copy.id);
            announce(`${blockLabel(selected)} duplicated at ${position(next, copy.id)}.`);
          }}
          onRemove={() => setRemoving(true)}
        />
      ) : (
        <p className="text-sm text-slate-700">This page has no blocks yet: add one.</p>
      )}
      <BlockPicker
        open={picking}
        onOpenChange={setPicking}
        layout={layout}
        after={selected && blockLabel(selected)}
        onPick={add}
      />
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={`Remove ${selected ? blockLabel(selected) : 'the block'}?`}
        message="The block and its fields leave the page once it is saved."
        confirmLabel="Remove block"
        onConfirm={() => {
          setRemoving(false);
          if (!selected) return;
          const next = removeBlock(layout, index);
          apply(next);
          selectBlock((next[index] ?? next[index - 1])?.id);
          announce(`${blockLabel(selected)} removed.`);
        }}
      />
    </div>
  );
}
