// Library images on the landing page: the responsive WebP variants by srcset/sizes, the
// intrinsic width and height (no layout shift), and the ThumbHash placeholder under the
// image until it has loaded.
import { useEffect, useRef, useState } from 'react';
import { mediaIdFromObjectPath, type MediaRecord } from '../../../functions/shared/media.ts';

/** What a landing page needs to know of a library image (a media record's public part). */
export type PageMedia = Pick<
  MediaRecord,
  'objectPath' | 'url' | 'width' | 'height' | 'alt' | 'variants' | 'placeholder'
>;

/** Library images by the object path page content stores (`/objects/uploads/<id>`). */
export type MediaMap = Readonly<Record<string, PageMedia>>;

export const pageMediaOf = ({
  objectPath,
  url,
  width,
  height,
  alt,
  variants,
  placeholder,
}: PageMedia): PageMedia => ({ objectPath, url, width, height, alt, variants, placeholder });

/** Every library object path a page's content refers to (any field, any depth). */
export function mediaPathsIn(content: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (mediaIdFromObjectPath(node)) found.add(node);
    } else if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (node !== null && typeof node === 'object') {
      Object.values(node).forEach(walk);
    }
  };
  walk(content);
  return [...found];
}

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
