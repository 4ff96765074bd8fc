// What a new twoColumns block starts with (admin only: newBlock in layout-ops.ts fills it over the
// blank fields), so it mostly passes the schema; what remains is shown on its form.
import type { Starter } from '../editor-parts.tsx';

export const starter: Starter<'twoColumns'> = {
  markdown: '## New section\n\nWrite your text here.',
  alt: 'Describe the image',
};
