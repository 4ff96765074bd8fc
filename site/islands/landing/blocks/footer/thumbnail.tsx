// The footer block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { DARK, LIGHT, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(2, 38, 96, 18, DARK),
  bar(8, 45, 30, 3, LIGHT),
  bar(60, 45, 14, 3, LIGHT),
  bar(78, 45, 14, 3, LIGHT),
];
