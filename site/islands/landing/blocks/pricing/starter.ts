// What a new pricing block starts with (admin only: newBlock in layout-ops.ts): nothing beyond
// its blank fields, which its form asks for.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'pricing'> = {};
