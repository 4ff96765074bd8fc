// The video block (functions/shared/blocks.ts, `video`; docs/decisions/0174-video-blocks.md): a
// YouTube or Vimeo video that loads only when played. The prerendered markup is the poster
// (a library image, served by the site) under a play link to the video on youtube.com or
// vimeo.com: nothing is asked of the provider before the click, and without JavaScript the
// link still leads to the video. With it, site/islands/landing/video-embed.ts puts the
// privacy-enhanced player in the poster's place on the click. Colours only from style.ts.
import type { BlockOf } from '../../../../../functions/shared/blocks.ts';
import { withFallbacks } from '../../dynamic-text.tsx';
import { MediaImage, type MediaMap } from '../../media-image.tsx';
import { BlockSection, Heading } from '../block-section.tsx';
import type { Renderer } from '../render-context.ts';
import { blockLook } from '../style.ts';
import { landingText } from '../../../../i18n/landing.ts';

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/** The video's own page at its provider: where the play link leads without JavaScript. */
export function watchUrl(provider: BlockOf<'video'>['provider'], videoId: string): string {
  const id = encodeURIComponent(videoId);
  return provider === 'vimeo' ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`;
}

function Poster({ src, media }: { src: string; media: MediaMap | undefined }) {
  const record = media?.[src];
  // The title is the section's heading and the link's name: the poster needs no alt of
  // its own beyond the library's.
  return record ? (
    <MediaImage
      media={record}
      fallbackAlt=""
      sizes="(min-width: 1024px) 896px, 100vw"
      className="h-full w-full"
    />
  ) : (
    <img src={src} alt="" loading="lazy" decoding="async" />
  );
}

export function VideoBlock({
  block,
  media,
  locale,
}: {
  block: BlockOf<'video'>;
  media: MediaMap | undefined;
  /** The page's locale: the play link's name and the privacy note (default en-US). */
  locale?: string | undefined;
}) {
  const look = blockLook(block.style);
  const words = landingText(locale).video;
  const title = withFallbacks(block.title);
  const provider = PROVIDER_NAMES[block.provider];
  return (
    <BlockSection block={block} labelled width="max-w-4xl">
      <Heading id={block.id} text={block.title} tone={look.tone} />
      {/* 16:9 whatever the poster's proportions; the player takes the same box. */}
      <div
        data-video={block.provider}
        data-video-id={block.videoId}
        data-video-title={title}
        className="group relative mt-8 aspect-video overflow-hidden rounded-xl bg-ink shadow-xl ring-1 ring-slate-900/10 [&_img]:h-full [&_img]:w-full [&_img]:object-cover"
      >
        <Poster src={block.poster} media={media} />
        <a
          href={watchUrl(block.provider, block.videoId)}
          data-video-play=""
          className="absolute inset-0 flex items-center justify-center focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
        >
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-ink/80 text-white shadow-lg ring-2 ring-white/70 group-hover:bg-brand-700 motion-safe:transition motion-safe:group-hover:scale-105">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 h-9 w-9 fill-current">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z" />
            </svg>
          </span>
          <span className="sr-only">{words.play(title)}</span>
        </a>
      </div>
      <p className={`mt-3 text-sm ${look.tone.muted}`}>{words.privacy(provider)}</p>
    </BlockSection>
  );
}

export const render: Renderer<'video'> = (block, { media, locale }) => (
  <VideoBlock block={block} media={media} locale={locale} />
);
