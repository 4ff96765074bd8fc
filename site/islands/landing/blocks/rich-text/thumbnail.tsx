// The richText block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { INK, bar } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(8, 8, 50, 6, INK),
  bar(8, 20, 84),
  bar(8, 28, 80),
  bar(8, 36, 84),
  bar(8, 44, 60),
];
