// The twoColumns block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(6, 12, 38, 5, INK),
  bar(6, 22, 40),
  bar(6, 30, 36),
  bar(6, 38, 40),
  box(54, 8, 40, 44),
];
