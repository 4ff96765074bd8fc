// What a new footer block starts with (admin only: newBlock in layout-ops.ts): nothing, it has
// no fields.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'footer'> = {};
