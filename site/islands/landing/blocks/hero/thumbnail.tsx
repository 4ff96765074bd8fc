// The hero block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(8, 10, 44, 6, INK),
  bar(8, 20, 36, 6, BRAND),
  bar(8, 32, 40),
  box(8, 42, 16, 7, BRAND),
  box(56, 8, 36, 40),
];
