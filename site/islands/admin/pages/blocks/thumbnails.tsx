// A small schematic of each block type for the block picker (block-picker.tsx). A complete
// record keyed by BlockType (functions/shared/blocks.ts), so a type added there does not
// type-check until it has a thumbnail here. Inline SVG: nothing is loaded, and the shapes
// are decorative (the picker names each type in text).
import type { ReactNode } from 'react';
import type { BlockType } from '../../../../../functions/shared/blocks.ts';

const INK = '#334155';
const SOFT = '#cbd5e1';
const BRAND = '#2e9656';

const bar = (x: number, y: number, w: number, h = 4, fill = SOFT) => (
  <rect key={`${x}-${y}-${w}`} x={x} y={y} width={w} height={h} rx={1.5} fill={fill} />
);
const box = (x: number, y: number, w: number, h: number, fill = SOFT) => (
  <rect key={`b${x}-${y}-${w}-${h}`} x={x} y={y} width={w} height={h} rx={2} fill={fill} />
);

export const THUMBNAILS: Record<BlockType, ReactNode> = {
  navigation: [
    bar(6, 8, 18, 5, INK),
    bar(40, 9, 10),
    bar(54, 9, 10),
    bar(68, 9, 10),
    box(82, 6, 12, 8, BRAND),
  ],
  hero: [
    bar(8, 10, 44, 6, INK),
    bar(8, 20, 36, 6, BRAND),
    bar(8, 32, 40),
    box(8, 42, 16, 7, BRAND),
    box(56, 8, 36, 40),
  ],
  howItWorks: [1, 2, 3, 4, 5].map((n) =>
    box(4 + (n - 1) * 19, 18, 15, 20, n % 2 ? SOFT : '#94a3b8'),
  ),
  features: [
    bar(30, 6, 40, 5, INK),
    box(8, 16, 38, 22),
    bar(52, 18, 36),
    bar(52, 26, 30),
    box(8, 44, 24, 8),
    box(38, 44, 24, 8),
    box(68, 44, 24, 8),
  ],
  supplierFeatures: [
    bar(30, 6, 40, 5, INK),
    box(8, 16, 26, 30),
    box(37, 16, 26, 30),
    box(66, 16, 26, 30),
    box(36, 50, 28, 5, BRAND),
  ],
  benefits: [0, 1, 2].flatMap((row) =>
    [0, 1].map((col) => box(8 + col * 44, 8 + row * 16, 40, 12)),
  ),
  pricing: [
    bar(24, 10, 52, 6, INK),
    bar(30, 22, 40),
    box(22, 36, 26, 9, BRAND),
    box(52, 36, 26, 9),
  ],
  finalCTA: [
    box(2, 4, 96, 52, '#1e293b'),
    bar(24, 18, 52, 6, '#f8fafc'),
    box(36, 34, 28, 9, BRAND),
  ],
  testimonials: [
    box(6, 12, 40, 34),
    box(54, 12, 40, 34),
    bar(10, 18, 30, 3, INK),
    bar(58, 18, 30, 3, INK),
  ],
  footer: [
    box(2, 38, 96, 18, '#1e293b'),
    bar(8, 45, 30, 3, '#f8fafc'),
    bar(60, 45, 14, 3, '#f8fafc'),
    bar(78, 45, 14, 3, '#f8fafc'),
  ],
  richText: [bar(8, 8, 50, 6, INK), bar(8, 20, 84), bar(8, 28, 80), bar(8, 36, 84), bar(8, 44, 60)],
  event: [
    box(8, 8, 22, 24, BRAND),
    bar(36, 10, 50, 5, INK),
    bar(36, 20, 40),
    bar(8, 40, 84),
    bar(8, 48, 70),
  ],
  gatedAsset: [
    box(8, 10, 30, 40),
    bar(46, 12, 44, 5, INK),
    box(46, 24, 44, 7),
    box(46, 34, 44, 7),
    box(46, 44, 26, 7, BRAND),
  ],
  logoStrip: [
    bar(30, 10, 40, 4, INK),
    box(6, 26, 18, 14),
    box(29, 26, 18, 14),
    box(52, 26, 18, 14),
    box(75, 26, 18, 14),
  ],
  faq: [bar(28, 6, 44, 5, INK), box(8, 16, 84, 9), box(8, 29, 84, 9), box(8, 42, 84, 9)],
  video: [
    box(10, 6, 80, 48, '#1e293b'),
    <path key="play" d="M44 20 L60 30 L44 40 Z" fill="#f8fafc" />,
  ],
  stats: [0, 1, 2].flatMap((n) => [bar(10 + n * 30, 20, 20, 9, BRAND), bar(8 + n * 30, 34, 24)]),
  imageCaption: [box(14, 6, 72, 38), bar(28, 49, 44)],
  twoColumns: [
    bar(6, 12, 38, 5, INK),
    bar(6, 22, 40),
    bar(6, 30, 36),
    bar(6, 38, 40),
    box(54, 8, 40, 44),
  ],
};

export function BlockThumbnail({ type }: { type: BlockType }) {
  return (
    <svg
      viewBox="0 0 100 60"
      aria-hidden="true"
      focusable="false"
      className="h-15 w-25 shrink-0 rounded border border-slate-200 bg-white"
    >
      {THUMBNAILS[type]}
    </svg>
  );
}
