// The gatedAsset block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(8, 10, 30, 40),
  bar(46, 12, 44, 5, INK),
  box(46, 24, 44, 7),
  box(46, 34, 44, 7),
  box(46, 44, 26, 7, BRAND),
];
