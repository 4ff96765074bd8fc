// The parts the section blocks of docs/requirements.md §2 share (their renderers are in
// blocks/<type>/renderer.tsx, docs/decisions/0380-block-type-folders.md): the screenshot with its
// library or WebP sources, the centred section heading, the two button looks, and the feature
// showcase of the features and supplier features blocks. Pure markup, rendered to static HTML.
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import { SCREENSHOT, screenshotWebpSrcSet } from '../../lib/screenshots.ts';
import { MediaImage, type MediaMap } from './media-image.tsx';
import { dtr, withFallbacks } from './dynamic-text.tsx';
import { landingText } from '../../i18n/landing.ts';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:border-brand-600';

/** Half the width from lg up (two columns), the whole width below. */
const IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

export function Screenshot({
  src,
  alt,
  eager = false,
  media,
  fallbackAlt = alt,
}: {
  src: string;
  /** The alt text of an image outside the library. */
  alt: string;
  eager?: boolean;
  /** Library images known to the page; `src` found here renders responsively. */
  media?: MediaMap | undefined;
  /** A library image's alt text when its record has none (the item's title). */
  fallbackAlt?: string;
}) {
  const record = media?.[src];
  if (record) {
    return (
      <MediaImage
        media={record}
        fallbackAlt={fallbackAlt}
        sizes={IMAGE_SIZES}
        eager={eager}
        className="rounded-lg shadow-xl ring-1 ring-slate-900/10"
      />
    );
  }
  const img = (
    <img
      src={src}
      alt={alt}
      width={SCREENSHOT.width}
      height={SCREENSHOT.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className="h-auto w-full rounded-lg bg-slate-100 shadow-xl ring-1 ring-slate-900/10"
    />
  );
  const webp = screenshotWebpSrcSet(src);
  if (!webp) return img;
  return (
    <picture>
      <source srcSet={webp} sizes={IMAGE_SIZES} type="image/webp" />
      {img}
    </picture>
  );
}

export function SectionHeading({
  id,
  headline,
  highlight,
  subheadline,
}: {
  id: string;
  headline: string;
  highlight?: string;
  subheadline?: string;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {dtr(headline)} {highlight && <span className="text-brand-700">{dtr(highlight)}</span>}
      </h2>
      {subheadline && <p className="mt-4 text-lg leading-8 text-slate-600">{dtr(subheadline)}</p>}
    </div>
  );
}

/** The features with an image, in alternating rows; those without, as cards. */
export function FeatureShowcase({
  features,
  tone,
  media,
  locale,
}: {
  /** The page's locale: the screenshots' alt text (default en-US). */
  locale?: string | undefined;
  features: LandingContent['features'];
  tone: 'white' | 'slate';
  media: MediaMap | undefined;
}) {
  const showcased = features.items.filter((item) => item.image);
  const cards = features.items.filter((item) => !item.image);
  return (
    <>
      <div className="mt-14 space-y-16">
        {showcased.map((item, index) => (
          <div key={item.title} className="grid items-center gap-10 lg:grid-cols-2">
            <div className={index % 2 ? 'lg:order-2' : ''}>
              <h3 className="text-2xl font-semibold text-ink">{dtr(item.title)}</h3>
              <p className="mt-4 text-base leading-7 text-slate-600">{dtr(item.description)}</p>
            </div>
            <Screenshot
              src={item.image!}
              alt={landingText(locale).screenshot(withFallbacks(item.title))}
              fallbackAlt={withFallbacks(item.title)}
              media={media}
            />
          </div>
        ))}
      </div>
      {cards.length > 0 && (
        <ul className="mt-16 grid gap-6 md:grid-cols-3">
          {cards.map((item) => (
            <li
              key={item.title}
              className={`rounded-xl border border-slate-200 p-6 shadow-sm ${tone === 'white' ? 'bg-slate-50' : 'bg-white'}`}
            >
              <h3 className="text-lg font-semibold text-ink">{dtr(item.title)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{dtr(item.description)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
