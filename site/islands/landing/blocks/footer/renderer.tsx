// The footer block (functions/shared/blocks.ts, `footer`) renders nothing here: the site footer
// follows the page in its layout (LandingLayout.astro) while the layout has a shown footer block
// (showsFooter).
import type { Renderer } from '../render-context.ts';

export const render: Renderer<'footer'> = () => null;
