// Library images on the landing page: the responsive WebP variants by srcset/sizes, the
// intrinsic width and height (no layout shift), and the ThumbHash placeholder under the
// image until it has loaded.
import { useEffect, useRef, useState } from 'react';

export {
  mediaPathsIn,
  pageMediaOf,
  type MediaMap,
  type PageMedia,
} from '../../../functions/shared/media-map.ts';
import type { PageMedia } from '../../../functions/shared/media-map.ts';

export const srcSetOf = (media: PageMedia) =>
  media.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

export function MediaImage({
  media,
  fallbackAlt,
  sizes,
  eager = false,
  className = '',
}: {
  media: PageMedia;
  /** Used when the record has no alt text: the item's title. */
  fallbackAlt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const image = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // An image that finished before hydration fired its load event unheard.
  useEffect(() => {
    if (image.current?.complete && image.current.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <span
      data-media={media.objectPath}
      className={`relative block overflow-hidden bg-slate-100 ${className}`}
    >
      {!loaded && media.placeholder && (
        <img
          src={media.placeholder}
          alt=""
          aria-hidden="true"
          width={media.width}
          height={media.height}
          className="absolute inset-0 h-full w-full scale-110 object-cover blur-lg"
        />
      )}
      <img
        ref={image}
        src={media.url}
        srcSet={srcSetOf(media)}
        sizes={sizes}
        width={media.width}
        height={media.height}
        alt={media.alt.trim() || fallbackAlt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        onLoad={() => setLoaded(true)}
        className="relative block h-auto w-full"
      />
    </span>
  );
}
