// The event block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(8, 8, 22, 24, BRAND),
  bar(36, 10, 50, 5, INK),
  bar(36, 20, 40),
  bar(8, 40, 84),
  bar(8, 48, 70),
];
