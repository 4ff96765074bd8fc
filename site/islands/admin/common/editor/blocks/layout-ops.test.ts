import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  layoutSchema,
  type Block,
} from '../../../../../../functions/shared/blocks.ts';
import { placeholderContent } from '../../../../../../functions/shared/landing-content.ts';
import {
  blockErrors,
  blockLabel,
  canMove,
  duplicateBlock,
  editorLayout,
  errorCountOf,
  insertAfter,
  moveBlock,
  newBlock,
  newBlockId,
  pickerTypes,
  canDuplicate,
  removeBlock,
  renameBlock,
  setHidden,
  withLayout,
} from './layout-ops.ts';
import { THUMBNAILS } from './thumbnails.tsx';

const content = placeholderContent();
const layout = (): Block[] => editorLayout(content);
const types = (blocks: readonly Block[]) => blocks.map((block) => block.type);

describe('the layout the editor shows', () => {
  it('is the derived one for a page without a layout, the page’s own otherwise', () => {
    expect(types(layout())[0]).toBe('navigation');
    expect(types(layout()).at(-1)).toBe('footer');
    const own = [newBlock('richText', [])];
    expect(editorLayout({ ...content, layout: own })).toBe(own);
  });

  it('writes the layout and keeps the sections in step', () => {
    const blocks = layout().map((block) =>
      block.type === 'hero' ? { ...block, headline: 'From the block' } : block,
    );
    const next = withLayout(content, blocks) as typeof content;
    // A text edit of a page without a layout changes its section and writes no layout.
    expect(next).not.toHaveProperty('layout');
    expect(next.hero.headline).toBe('From the block');
    // A change of structure writes the layout, the sections still in step.
    const moved = moveBlock(blocks, types(blocks).indexOf('pricing'), 2);
    const structured = withLayout(content, moved) as typeof content;
    expect(structured.layout).toBe(moved);
    expect(structured.hero.headline).toBe('From the block');
    // A label, a hidden flag or a style is structure too.
    const hidden = setHidden(blocks, 2, true);
    expect((withLayout(content, hidden) as typeof content).layout).toBe(hidden);
  });
});

describe('adding blocks', () => {
  it('inserts after the selected block, never before the navigation or after the footer', () => {
    const blocks = layout();
    const block = newBlock('richText', blocks);
    expect(types(insertAfter(blocks, 1, block))[2]).toBe('richText');
    // After the footer (the last block): just before it.
    const atEnd = insertAfter(blocks, blocks.length - 1, block);
    expect(types(atEnd).slice(-2)).toEqual(['richText', 'footer']);
    // Nothing selected: at the end, still before the footer.
    expect(types(insertAfter(blocks, -1, block)).slice(-2)).toEqual(['richText', 'footer']);
  });

  it('gives each new block a fresh id derived from its type', () => {
    const first = newBlock('richText', layout());
    expect(first.id).toBe('rich-text');
    const second = newBlockId('richText', [...layout(), first]);
    expect(second).toBe('rich-text-2');
    expect(newBlockId('imageCaption', [])).toBe('image-caption');
  });

  it('offers the rendered types only, without a navigation, hero or footer already there', () => {
    const offered = pickerTypes(layout());
    for (const type of BLOCK_TYPE_NAMES) {
      const expected =
        BLOCK_TYPES[type].rendered && type !== 'navigation' && type !== 'hero' && type !== 'footer';
      expect(offered.includes(type), type).toBe(expected);
    }
    expect(pickerTypes([])).toContain('navigation');
    expect(pickerTypes([])).toContain('footer');
    expect(pickerTypes([])).toContain('hero');
    // One References list a page (issue 36).
    expect(pickerTypes(layout())).toContain('references');
    expect(pickerTypes([{ id: 'sources', type: 'references' }])).not.toContain('references');
    expect(canDuplicate([{ id: 'sources', type: 'references' }], 0)).toBe(false);
  });

  it('starts every type with fields the schema accepts, or whose problems it names on the block', () => {
    for (const type of BLOCK_TYPE_NAMES) {
      const block = newBlock(type, []);
      const result = layoutSchema.safeParse([block]);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        // Each problem is on one of the block's own fields, where its form shows it.
        expect(issue.path[0], `${type}: ${issue.message}`).toBe(0);
        expect(Object.keys(block), `${type}: ${issue.path.join('.')}`).toContain(issue.path[1]);
      }
    }
    // The text blocks start valid: nothing to fix before saving.
    for (const type of ['richText', 'faq', 'stats'] as const) {
      expect(layoutSchema.safeParse([newBlock(type, [])]).success, type).toBe(true);
    }
  });

  it('has a thumbnail for every type', () => {
    expect(Object.keys(THUMBNAILS).sort()).toEqual([...BLOCK_TYPE_NAMES].sort());
  });
});

describe('moving blocks', () => {
  it('moves a block and keeps the navigation first and the footer last', () => {
    const blocks = layout();
    const last = blocks.length - 1;
    expect(canMove(blocks, 2, 1)).toBe(true);
    expect(types(moveBlock(blocks, 2, 1))[1]).toBe(blocks[2]!.type);
    // Not above the navigation, not below the footer, and those two do not move.
    expect(canMove(blocks, 1, 0)).toBe(false);
    expect(canMove(blocks, last - 1, last)).toBe(false);
    expect(canMove(blocks, 0, 1)).toBe(false);
    expect(canMove(blocks, last, last - 1)).toBe(false);
    expect(moveBlock(blocks, 1, 0)).toEqual(blocks);
    expect(layoutSchema.safeParse(moveBlock(blocks, 2, last - 1)).success).toBe(true);
  });
});

describe('duplicating, hiding, renaming, removing', () => {
  it('duplicates after the block under a new unique id', () => {
    const blocks = layout();
    const at = types(blocks).indexOf('features');
    const next = duplicateBlock(blocks, at);
    expect(next).toHaveLength(blocks.length + 1);
    expect(next[at + 1]!.type).toBe('features');
    expect(next[at + 1]!.id).not.toBe(blocks[at]!.id);
    expect(new Set(next.map((block) => block.id)).size).toBe(next.length);
    expect(next[at + 1]!.label).toBe(`${blockLabel(blocks[at]!)} (copy)`);
    // One navigation, one hero, one footer.
    expect(duplicateBlock(blocks, 0)).toEqual(blocks);
    expect(duplicateBlock(blocks, types(blocks).indexOf('hero'))).toEqual(blocks);
    expect(duplicateBlock(blocks, blocks.length - 1)).toEqual(blocks);
    expect(layoutSchema.safeParse(next).success).toBe(true);
  });

  it('hides and shows with the hidden flag', () => {
    const hidden = setHidden(layout(), 2, true);
    expect(hidden[2]!.hidden).toBe(true);
    expect('hidden' in setHidden(hidden, 2, false)[2]!).toBe(false);
  });

  it('renames, and an empty name clears the label', () => {
    const named = renameBlock(layout(), 2, '  Spring launch  ');
    expect(named[2]!.label).toBe('Spring launch');
    expect(blockLabel(named[2]!)).toBe('Spring launch');
    const cleared = renameBlock(named, 2, ' ');
    expect('label' in cleared[2]!).toBe(false);
    expect(blockLabel(cleared[2]!)).toBe(BLOCK_TYPES[cleared[2]!.type].label);
  });

  it('removes the block', () => {
    const blocks = layout();
    const next = removeBlock(blocks, 2);
    expect(next.map((block) => block.id)).not.toContain(blocks[2]!.id);
    expect(next).toHaveLength(blocks.length - 1);
  });
});

describe('errors on blocks', () => {
  it('moves a derived page’s section errors to its blocks and counts them', () => {
    const blocks = layout();
    const heroIndex = blocks.findIndex((block) => block.type === 'hero');
    const errors = blockErrors(
      { 'hero.headline': ['is required'], 'brand.name': ['is required'], seo: ['x'] },
      content,
    );
    expect(errors[`layout.${heroIndex}.headline`]).toEqual(['is required']);
    expect(errors['layout.0.name']).toEqual(['is required']);
    expect(errors['seo']).toEqual(['x']);
    expect(errorCountOf(errors, heroIndex)).toBe(1);
    expect(errorCountOf({ 'layout.1.a': ['x'], 'layout.10.a': ['y'] }, 1)).toBe(1);
  });
});
