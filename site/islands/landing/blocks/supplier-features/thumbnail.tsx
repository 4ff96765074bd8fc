// The supplierFeatures block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(30, 6, 40, 5, INK),
  box(8, 16, 26, 30),
  box(37, 16, 26, 30),
  box(66, 16, 26, 30),
  box(36, 50, 28, 5, BRAND),
];
