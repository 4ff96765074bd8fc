// What a new logoStrip block starts with (admin only: newBlock in layout-ops.ts fills it over the
// blank fields), so it mostly passes the schema; what remains is shown on its form.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'logoStrip'> = { headline: 'Trusted by' };
