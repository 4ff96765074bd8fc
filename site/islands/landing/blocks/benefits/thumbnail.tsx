// The benefits block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [0, 1, 2].flatMap((row) =>
  [0, 1].map((col) => box(8 + col * 44, 8 + row * 16, 40, 12)),
);
