// What a new references block starts with (admin only: newBlock in layout-ops.ts): nothing,
// the heading is optional.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'references'> = {};
