// The logo strip block (functions/shared/blocks.ts, `logoStrip`): a row of customer or partner
// logos, each optionally a link.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { dtr, withFallbacks } from '../../dynamic-text.tsx';
import type { MediaMap } from '../../media-image.tsx';
import { BlockSection, titleId } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';

export function LogoStripBlock({
  block,
  media,
}: {
  block: BlockOf<'logoStrip'>;
  media: MediaMap | undefined;
}) {
  const look = blockLook(block.style);
  return (
    <BlockSection block={block} labelled={Boolean(block.headline)} width="max-w-7xl">
      {block.headline && (
        <h2
          id={titleId(block.id)}
          className={`text-center text-lg font-semibold ${look.tone.muted}`}
        >
          {dtr(block.headline)}
        </h2>
      )}
      <ul
        className={`flex flex-wrap items-center justify-center gap-x-12 gap-y-6 ${block.headline ? 'mt-8' : ''}`}
      >
        {block.logos.map((logo) => {
          const record = media?.[logo.image];
          const img = (
            <img
              src={record?.url ?? logo.image}
              alt={withFallbacks(logo.name)}
              {...(record ? { width: record.width, height: record.height } : {})}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto max-w-40 object-contain"
            />
          );
          return (
            <li key={`${logo.name} ${logo.image}`}>
              {logo.href ? (
                <a
                  href={logo.href}
                  {...(/^https?:/i.test(logo.href) ? { rel: 'noopener noreferrer' } : {})}
                >
                  {img}
                </a>
              ) : (
                img
              )}
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}

export const render: Renderer<'logoStrip'> = (block, { media }) => (
  <LogoStripBlock block={block} media={media} />
);
