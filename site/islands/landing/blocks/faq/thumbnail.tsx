// The faq block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(28, 6, 44, 5, INK),
  box(8, 16, 84, 9),
  box(8, 29, 84, 9),
  box(8, 42, 84, 9),
];
