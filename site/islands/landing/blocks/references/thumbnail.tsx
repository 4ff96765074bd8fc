// The references block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, INK, bar } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(8, 8, 36, 6, INK),
  ...[0, 1, 2].flatMap((n) => [bar(8, 22 + n * 11, 5, 5, BRAND), bar(16, 22 + n * 11, 60 - n * 8)]),
];
