// The howItWorks block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { SOFT, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [1, 2, 3, 4, 5].map((n) =>
  box(4 + (n - 1) * 19, 18, 15, 20, n % 2 ? SOFT : '#94a3b8'),
);
