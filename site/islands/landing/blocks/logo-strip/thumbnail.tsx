// The logoStrip block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(30, 10, 40, 4, INK),
  box(6, 26, 18, 14),
  box(29, 26, 18, 14),
  box(52, 26, 18, 14),
  box(75, 26, 18, 14),
];
