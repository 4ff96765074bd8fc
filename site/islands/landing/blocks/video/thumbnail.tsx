// The video block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { DARK, LIGHT, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [
  box(10, 6, 80, 48, DARK),
  <path key="play" d="M44 20 L60 30 L44 40 Z" fill={LIGHT} />,
];
