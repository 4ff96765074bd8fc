// The navigation block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(6, 8, 18, 5, INK),
  bar(40, 9, 10),
  bar(54, 9, 10),
  bar(68, 9, 10),
  box(82, 6, 12, 8, BRAND),
];
