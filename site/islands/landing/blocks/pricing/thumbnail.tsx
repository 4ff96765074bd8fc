// The pricing block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(24, 10, 52, 6, INK),
  bar(30, 22, 40),
  box(22, 36, 26, 9, BRAND),
  box(52, 36, 26, 9),
];
