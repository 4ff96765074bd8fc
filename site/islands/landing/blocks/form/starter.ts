// What a new form block starts with (admin only: newBlock in layout-ops.ts fills it over the blank
// fields): a form it can show at once, the built-in demo request, until one is picked.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'form'> = { formId: 'demo-request', headline: 'Register now' };
