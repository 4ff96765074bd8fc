// The imageCaption block's schematic in the block picker (admin only: editor-parts.tsx).
import type { ReactNode } from 'react';
import { bar, box } from '../editor-parts.tsx';

export const thumbnail: ReactNode = [box(14, 6, 72, 38), bar(28, 49, 44)];
