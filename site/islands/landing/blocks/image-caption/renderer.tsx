// The image with caption block (functions/shared/blocks.ts, `imageCaption`): one image with its
// alt text and an optional caption.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr } from '../../dynamic-text.tsx';
import type { MediaMap } from '../../media-image.tsx';
import { Screenshot } from '../../sections.tsx';
import { BlockSection } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function ImageCaptionBlock({
  block,
  media,
}: {
  block: BlockOf<'imageCaption'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={false} width="max-w-5xl">
      <figure>
        <Screenshot src={block.image} alt={block.alt} fallbackAlt={block.alt} media={media} />
        {block.caption && (
          <figcaption className={`mt-4 text-sm ${look.tone.muted}`}>
            {dtr(block.caption)}
          </figcaption>
        )}
      </figure>
    </BlockSection>
  );
}

export const render: Renderer<'imageCaption'> = (block, { media }) => (
  <ImageCaptionBlock block={block} media={media} />
);
