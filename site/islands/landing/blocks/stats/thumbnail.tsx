// The stats block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { BRAND, bar } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [0, 1, 2].flatMap((n) => [
  bar(10 + n * 30, 20, 20, 9, BRAND),
  bar(8 + n * 30, 34, 24),
]);
