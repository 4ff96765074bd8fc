// The finalCTA block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, DARK, LIGHT, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(2, 4, 96, 52, DARK),
  bar(24, 18, 52, 6, LIGHT),
  box(36, 34, 28, 9, BRAND),
];
