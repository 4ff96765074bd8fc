// The features block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(30, 6, 40, 5, INK),
  box(8, 16, 38, 22),
  bar(52, 18, 36),
  bar(52, 26, 30),
  box(8, 44, 24, 8),
  box(38, 44, 24, 8),
  box(68, 44, 24, 8),
];
