// The text and image block (functions/shared/blocks.ts, `twoColumns`): rich text (markdown.tsx)
// beside an image, the image on either side on wide screens.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import type { MediaMap } from '../../media-image.tsx';
import { Screenshot } from '../../sections.tsx';
import { BlockSection } from '../block-section.tsx';
import { RichText } from '../markdown.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function TwoColumnsBlock({
  block,
  media,
}: {
  block: BlockOf<'twoColumns'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false} width="max-w-7xl">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className={block.imageSide === 'start' ? 'lg:order-2' : ''}>
          <RichText markdown={block.markdown} tone={look.tone} center={look.center} />
        </div>
        <Screenshot src={block.image} alt={block.alt} fallbackAlt={block.alt} media={media} />
      </div>
    </BlockSection>
  );
}

export const render: Renderer<'twoColumns'> = (block, { media }) => (
  <TwoColumnsBlock block={block} media={media} />
);
