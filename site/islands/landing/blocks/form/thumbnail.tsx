// The form block's schematic in the block picker (admin only: editor-parts.tsx): a headline over a
// card of fields, a tick box and the button.
import type { ReactNode } from 'react';
import { BRAND, INK, bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  bar(20, 6, 60, 5, INK),
  box(20, 16, 28, 7),
  box(52, 16, 28, 7),
  box(20, 27, 60, 7),
  box(20, 38, 5, 5),
  bar(28, 39, 40, 3),
  box(20, 47, 24, 7, BRAND),
];
