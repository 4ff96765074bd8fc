// The testimonials block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(6, 12, 40, 34),
  box(54, 12, 40, 34),
  bar(10, 18, 30, 3, INK),
  bar(58, 18, 30, 3, INK),
];
