// The block list of the page editor (issue 27): one row per block of the layout, in order,
// with its name, its type, a Hidden marker and a count of its problems. A row selects its
// block; Move up / Move down (or Alt+ArrowUp / Alt+ArrowDown on the row, or a drag) reorder
// it, and Hide / Show toggles it. Moves that would take the navigation off the top or the
// footer off the bottom are disabled (layout-ops.ts). Focus stays on the moved row. A block
// with review comments has a pin with the count of its open threads, which opens them in the
// Review tab (issue 36, docs/decisions/0527-annotations.md).
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Block } from '../../../../../../functions/shared/blocks.ts';
import { Tooltip } from '../../../ui.tsx';
import { blockLabel, canMove, errorCountOf, typeLabel } from './layout-ops.ts';

type Control = 'select' | 'up' | 'down' | 'hide' | 'comments';

/** A block's comment threads: how many, how many open, and the one its pin opens. */
export interface BlockThreads {
  open: number;
  total: number;
  first: string;
}

function IconButton({
  label,
  control,
  disabled,
  onClick,
  children,
}: {
  label: string;
  control: Control;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        data-control={control}
        disabled={disabled}
        onClick={onClick}
        className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-200 disabled:text-slate-300 disabled:hover:bg-transparent"
      >
        {children}
      </button>
    </Tooltip>
  );
}

const svg = (path: ReactNode) => (
  <svg
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
    className="h-4 w-4"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.6}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);
const PIN = svg(<path d="M2.5 3.5h11v7h-6l-3 2.5v-2.5h-2z" />);
const UP = svg(<path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" />);
const DOWN = svg(<path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" />);
const EYE = svg(
  <>
    <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
    <circle cx="8" cy="8" r="2" />
  </>,
);
const EYE_OFF = svg(
  <>
    <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
    <path d="M2.5 13.5 13.5 2.5" />
  </>,
);

export function BlockList({
  layout,
  selectedId,
  errors,
  onSelect,
  onMove,
  onHidden,
  threads,
  onThreads,
}: {
  layout: readonly Block[];
  selectedId: string | undefined;
  errors: Record<string, string[]>;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onHidden: (index: number, hidden: boolean) => void;
  /** Review comments by block id (the page editor's; none in a variant's). */
  threads?: ReadonlyMap<string, BlockThreads> | undefined;
  onThreads?: ((blockId: string, threads: BlockThreads) => void) | undefined;
}) {
  const list = useRef<HTMLOListElement>(null);
  // After a move, the moved row's control that was used gets the focus back (the row's DOM
  // node moves, which drops the focus in some browsers).
  const refocus = useRef<{ id: string; control: Control } | undefined>(undefined);
  const [dragFrom, setDragFrom] = useState<number | undefined>();
  const [dropAt, setDropAt] = useState<number | undefined>();

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !list.current) return;
    refocus.current = undefined;
    const row = list.current.querySelector(`[data-block-row="${CSS.escape(wanted.id)}"]`);
    const control = row?.querySelector<HTMLButtonElement>(`[data-control="${wanted.control}"]`);
    const target =
      control && !control.disabled
        ? control
        : row?.querySelector<HTMLButtonElement>('[data-control="select"]');
    target?.focus();
  }, [layout]);

  const move = (from: number, to: number, control: Control) => {
    const block = layout[from];
    if (!block || !canMove(layout, from, to)) return;
    refocus.current = { id: block.id, control };
    onMove(from, to);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, 'select');
  };

  return (
    <ol ref={list} aria-label="Blocks of the page" className="grid gap-1" data-testid="block-list">
      {layout.map((block, index) => {
        const selected = block.id === selectedId;
        const label = blockLabel(block);
        const named = Boolean(block.label?.trim());
        const problems = errorCountOf(errors, index);
        const blockThreads = threads?.get(block.id);
        const pinned = block.type === 'navigation' || block.type === 'footer';
        const dropping = dropAt === index && dragFrom !== undefined && dragFrom !== index;
        return (
          <li
            key={block.id}
            data-block-row={block.id}
            draggable={!pinned}
            onKeyDown={(event) => onKeyDown(event, index)}
            onDragStart={(event) => {
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', block.id);
            }}
            onDragOver={(event) => {
              if (dragFrom === undefined || !canMove(layout, dragFrom, index)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropAt(index);
            }}
            onDragLeave={() => setDropAt((at) => (at === index ? undefined : at))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== undefined) move(dragFrom, index, 'select');
              setDragFrom(undefined);
              setDropAt(undefined);
            }}
            onDragEnd={() => {
              setDragFrom(undefined);
              setDropAt(undefined);
            }}
            className={`flex items-center gap-1 rounded-md border px-1 py-1 ${
              selected ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'
            } ${dropping ? 'ring-2 ring-brand-600' : ''} ${block.hidden ? 'opacity-80' : ''}`}
          >
            <span
              aria-hidden="true"
              className={`w-3 shrink-0 text-center text-xs leading-none select-none ${
                pinned ? 'text-transparent' : 'cursor-grab text-slate-500'
              }`}
            >
              ⋮⋮
            </span>
            <button
              type="button"
              data-control="select"
              aria-current={selected ? 'true' : undefined}
              aria-keyshortcuts={pinned ? undefined : 'Alt+ArrowUp Alt+ArrowDown'}
              onClick={() => onSelect(block.id)}
              className="grid min-w-0 flex-1 rounded px-1 py-0.5 text-left hover:bg-slate-100"
            >
              <span className="flex min-w-0 items-center gap-1.5">
                <span
                  className={`truncate text-sm font-medium ${block.hidden ? 'text-slate-600 line-through' : 'text-ink'}`}
                >
                  {/* Named once: "Hero", or "Hero: Spring launch" (the type line below is a
                      picture of the same words, so screen readers skip it). */}
                  {named && <span className="sr-only">{typeLabel(block.type)}: </span>}
                  {label}
                </span>
                {problems > 0 && (
                  <span className="shrink-0 rounded-full bg-red-700 px-1.5 text-xs text-white">
                    {problems}
                    <span className="sr-only"> {problems === 1 ? 'problem' : 'problems'}</span>
                  </span>
                )}
              </span>
              <span className="flex min-w-0 items-center gap-1 text-xs text-slate-600">
                {named && (
                  <span className="truncate" aria-hidden="true">
                    {typeLabel(block.type)}
                  </span>
                )}
                {block.hidden && (
                  <span className="shrink-0 rounded bg-slate-200 px-1 font-medium text-slate-800">
                    {' '}
                    Hidden
                  </span>
                )}
              </span>
            </button>
            {blockThreads && onThreads && (
              <Tooltip
                content={
                  blockThreads.open
                    ? `${blockThreads.open} open comment thread${blockThreads.open === 1 ? '' : 's'} on ${label}: open in the Review tab`
                    : `${blockThreads.total} resolved comment thread${blockThreads.total === 1 ? '' : 's'} on ${label}: open in the Review tab`
                }
              >
                <button
                  type="button"
                  data-control="comments"
                  data-testid="block-pin"
                  aria-label={`Comments on ${label}: ${blockThreads.open} open of ${blockThreads.total}`}
                  onClick={() => onThreads(block.id, blockThreads)}
                  className={`inline-flex h-7 shrink-0 items-center gap-0.5 rounded px-1 text-xs font-semibold ${
                    blockThreads.open
                      ? 'bg-amber-100 text-amber-900 hover:bg-amber-200'
                      : 'text-slate-600 hover:bg-slate-200'
                  }`}
                >
                  {PIN}
                  <span aria-hidden="true">{blockThreads.open || blockThreads.total}</span>
                </button>
              </Tooltip>
            )}
            <IconButton
              label={`Move ${label} up`}
              control="up"
              disabled={!canMove(layout, index, index - 1)}
              onClick={() => move(index, index - 1, 'up')}
            >
              {UP}
            </IconButton>
            <IconButton
              label={`Move ${label} down`}
              control="down"
              disabled={!canMove(layout, index, index + 1)}
              onClick={() => move(index, index + 1, 'down')}
            >
              {DOWN}
            </IconButton>
            <IconButton
              label={block.hidden ? `Show ${label}` : `Hide ${label}`}
              control="hide"
              onClick={() => onHidden(index, !block.hidden)}
            >
              {block.hidden ? EYE_OFF : EYE}
            </IconButton>
          </li>
        );
      })}
    </ol>
  );
}
