// The references block (functions/shared/blocks.ts, `references`): where the page's
// References list stands (claim-text.tsx), instead of at the end of the page.
import { ReferencesList } from '../../claim-text.tsx';
import type { Renderer } from '../render-context.ts';

export const render: Renderer<'references'> = (block) => <ReferencesList block={block} />;
