// What the block types' admin modules are written with (docs/decisions/0380-block-type-folders.md):
// the shapes of the picker's thumbnails (<type>/thumbnail.tsx) and the type of a new block's
// starting fields (<type>/starter.ts). The block editor's side only: nothing the landing page
// renders imports this, a thumbnail or a starter (eslint.config.js), so the page's script and
// the preview islands never carry them.
import type { BlockInputOf, BlockType } from '../../../../functions/shared/blocks.ts';

/** Starting fields where a blank one would be refused (newBlock in layout-ops.ts). */
export type Starter<T extends BlockType> = Partial<Omit<BlockInputOf<T>, 'id' | 'type'>>;

export const INK = '#334155';
export const SOFT = '#cbd5e1';
export const BRAND = '#2e9656';
/** The dark bands (final call to action, footer, video). */
export const DARK = '#1e293b';
export const LIGHT = '#f8fafc';

/** A line of text in a thumbnail (viewBox 100 x 60). */
export const bar = (x: number, y: number, w: number, h = 4, fill = SOFT) => (
  <rect key={`${x}-${y}-${w}`} x={x} y={y} width={w} height={h} rx={1.5} fill={fill} />
);

/** An image, card or button in a thumbnail. */
export const box = (x: number, y: number, w: number, h: number, fill = SOFT) => (
  <rect key={`b${x}-${y}-${w}-${h}`} x={x} y={y} width={w} height={h} rx={2} fill={fill} />
);
