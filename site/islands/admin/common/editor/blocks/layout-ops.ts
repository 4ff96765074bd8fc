// The block editor's operations on a page's layout (issue 27, docs/decisions/0177-block-editor.md):
// pure functions over `content.layout` (functions/shared/blocks.ts), so block-editor.tsx only
// wires them to buttons, keys and drags. The schema's placement rule holds throughout: the
// navigation stays first and the footer last, so a move or an insert that would break it is
// refused here (and its button disabled). Every change goes back into the content through
// withLayout, which also keeps the page's sections in step (functions/shared/block-sync.ts).
import * as z from 'zod';
import {
  BLOCK_ID_PATTERN,
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  deriveLayout,
  MAX_BLOCKS,
  SINGLE_BLOCK_TYPES,
  type Block,
  type BlockType,
} from '../../../../../../functions/shared/blocks.ts';
import { MIRRORED_SECTIONS, syncSections } from '../../../../../../functions/shared/block-sync.ts';
import { stableStringify } from '../../../../../../functions/shared/stable-json.ts';
import type { LandingContent } from '../../../../../../functions/shared/landing-content.ts';
import { blankOf } from '../values.ts';
import { STARTERS } from './starters.ts';

/** The blocks the editor shows: the page's layout, or for a page without one the derived one. */
export function editorLayout(content: unknown): Block[] {
  const value = content as Partial<LandingContent> | undefined;
  if (Array.isArray(value?.layout)) return value.layout;
  try {
    return deriveLayout(value as LandingContent);
  } catch {
    // Content too broken to derive from (the JSON tab's business): no blocks.
    return [];
  }
}

/** True when the content carries its own layout (else the editor shows the derived one). */
export const hasLayout = (content: unknown) =>
  Array.isArray((content as { layout?: unknown } | undefined)?.layout);

/** The content with `layout` written, its mirrored sections copied from the blocks. */
export function withLayout(content: unknown, layout: Block[]): unknown {
  return settled({ ...(content as LandingContent), layout });
}

/**
 * The content after an edit: its mirrored sections copied from the blocks (syncSections),
 * and its layout left out while it is exactly the one its sections derive. A page without a
 * layout whose text is edited stays a page without one (its sections change, as they did
 * before blocks), so a reviewer's comparison shows the field that changed, not a layout.
 */
export function settled(content: LandingContent): LandingContent {
  const synced = syncSections(content);
  if (!synced.layout) return synced;
  const { layout, ...sections } = synced;
  return stableStringify(layout) === stableStringify(deriveLayout(sections))
    ? (sections as LandingContent)
    : synced;
}

/** The list's name of a block: its label, else its type's. */
export const blockLabel = (block: Pick<Block, 'type' | 'label'>) =>
  block.label?.trim() || typeLabel(block.type);

export const typeLabel = (type: string) =>
  Object.hasOwn(BLOCK_TYPES, type) ? BLOCK_TYPES[type as BlockType].label : type;

/** The schema of a type's own fields (without id, type, label, hidden and style). */
export function fieldsSchemaOf(type: BlockType): z.ZodObject {
  return z.strictObject(BLOCK_TYPES[type].fields() as z.ZodRawShape);
}

const kebab = (type: string) => type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A fresh id from the type ("rich-text", then "rich-text-2" ...), unused in `layout`. */
export function newBlockId(type: BlockType, layout: readonly Block[]): string {
  const taken = new Set(layout.map((block) => block.id));
  const stem = kebab(type).slice(0, 28);
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) {
    const id = `${stem}-${n}`;
    if (!taken.has(id) && BLOCK_ID_PATTERN.test(id)) return id;
  }
}

/**
 * A new block of `type` with an id unused in `layout`: its blank fields, over them its starter
 * (starters.ts), where a blank one would be refused, so it mostly passes the schema; what
 * remains (an image to pick) is shown on its form.
 */
export function newBlock(type: BlockType, layout: readonly Block[]): Block {
  const blank = blankOf(fieldsSchemaOf(type)) as Record<string, unknown>;
  return {
    ...blank,
    ...structuredClone(STARTERS[type]),
    id: newBlockId(type, layout),
    type,
  } as Block;
}

const isNav = (block: Block | undefined) => block?.type === 'navigation';
const isFooter = (block: Block | undefined) => block?.type === 'footer';

/**
 * The types the picker offers: rendered ones, without a navigation, hero, footer or
 * references block already there (SINGLE_BLOCK_TYPES).
 */
export function pickerTypes(layout: readonly Block[]): BlockType[] {
  return BLOCK_TYPE_NAMES.filter(
    (type) =>
      BLOCK_TYPES[type].rendered &&
      !(SINGLE_BLOCK_TYPES.has(type) && layout.some((b) => b.type === type)),
  );
}

/** Where a block inserted after `index` goes (-1: nothing selected, at the end). */
export function insertIndex(layout: readonly Block[], type: BlockType, index: number): number {
  if (type === 'navigation') return 0;
  if (type === 'footer') return layout.length;
  let at = index < 0 ? layout.length : index + 1;
  if (isNav(layout[0])) at = Math.max(at, 1);
  if (isFooter(layout.at(-1))) at = Math.min(at, layout.length - 1);
  return at;
}

/** `layout` with `block` inserted after the block at `index` (kept inside navigation/footer). */
export function insertAfter(layout: readonly Block[], index: number, block: Block): Block[] {
  if (layout.length >= MAX_BLOCKS) return [...layout];
  const next = [...layout];
  next.splice(insertIndex(layout, block.type, index), 0, block);
  return next;
}

/** Whether the block at `from` may move to `to` (navigation first and footer last stay). */
export function canMove(layout: readonly Block[], from: number, to: number): boolean {
  if (from === to || to < 0 || to >= layout.length || from < 0 || from >= layout.length) {
    return false;
  }
  const block = layout[from];
  if (isNav(block) || isFooter(block)) return false;
  if (isNav(layout[0]) && to === 0) return false;
  if (isFooter(layout.at(-1)) && to === layout.length - 1) return false;
  return true;
}

/** `layout` with the block at `from` moved to `to`, or unchanged when the move is refused. */
export function moveBlock(layout: readonly Block[], from: number, to: number): Block[] {
  if (!canMove(layout, from, to)) return [...layout];
  const next = [...layout];
  const [block] = next.splice(from, 1);
  next.splice(to, 0, block!);
  return next;
}

/** Whether the block at `index` may be duplicated (not a type of SINGLE_BLOCK_TYPES). */
export const canDuplicate = (layout: readonly Block[], index: number) =>
  layout.length < MAX_BLOCKS &&
  layout[index] !== undefined &&
  !SINGLE_BLOCK_TYPES.has(layout[index].type);

/** `layout` with a copy of the block at `index` right after it, under a new id. */
export function duplicateBlock(layout: readonly Block[], index: number): Block[] {
  const block = layout[index];
  if (!block || !canDuplicate(layout, index)) return [...layout];
  const copy = {
    ...structuredClone(block),
    id: newBlockId(block.type, layout),
    label: `${blockLabel(block)} (copy)`.slice(0, 60),
  } as Block;
  const next = [...layout];
  next.splice(index + 1, 0, copy);
  return next;
}

/** `layout` without the block at `index`. */
export const removeBlock = (layout: readonly Block[], index: number) =>
  layout.filter((_, i) => i !== index);

/** `layout` with the block at `index` patched (an undefined value leaves the block). */
export function patchBlock(
  layout: readonly Block[],
  index: number,
  patch: Partial<Pick<Block, 'label' | 'hidden' | 'style'>>,
): Block[] {
  return layout.map((block, i) => {
    if (i !== index) return block;
    const next = Object.entries({ ...block, ...patch }).filter(([, value]) => value !== undefined);
    // Cast kept: `style` is typed per block type, and no type ties the patch's to this block's.
    return Object.fromEntries(next) as unknown as Block;
  });
}

/** Hides or shows the block at `index` (shown blocks carry no flag). */
export const setHidden = (layout: readonly Block[], index: number, hidden: boolean) =>
  patchBlock(layout, index, { hidden: hidden || undefined });

/** Names the block at `index`; an empty name clears it (the type's label shows). */
export const renameBlock = (layout: readonly Block[], index: number, label: string) =>
  patchBlock(layout, index, { label: label.trim() ? label.trim().slice(0, 60) : undefined });

/**
 * The content errors of a page, keyed as the block editor's forms read them: for a page
 * without a layout, a mirrored section's errors ("hero.headline") move to its derived
 * block ("layout.1.headline"), the brand name to the navigation's.
 */
export function blockErrors(
  errors: Record<string, string[]>,
  content: unknown,
): Record<string, string[]> {
  if (hasLayout(content)) return errors;
  const layout = editorLayout(content);
  const sectionIndex = new Map<string, number>();
  layout.forEach((block, index) => {
    if (block.type === 'navigation') sectionIndex.set('brand', index);
    const section = (MIRRORED_SECTIONS as Record<string, string>)[block.type];
    if (section && !sectionIndex.has(section)) sectionIndex.set(section, index);
  });
  const out: Record<string, string[]> = {};
  for (const [key, problems] of Object.entries(errors)) {
    const [head, ...rest] = key.split('.');
    const index = sectionIndex.get(head!);
    out[index === undefined ? key : ['layout', index, ...rest].join('.')] = problems;
  }
  return out;
}

/** How many problems the block at `index` has (its fields, label, style, id or place). */
export const errorCountOf = (errors: Record<string, string[]>, index: number) =>
  Object.keys(errors).filter(
    (key) => key === `layout.${index}` || key.startsWith(`layout.${index}.`),
  ).length;
