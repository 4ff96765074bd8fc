// What a landing page needs to know of the library images its content uses: shared by
// the site build (site/lib/landing-media.ts), the public page API (the live /legacy
// page) and the landing components (site/islands/landing/media-image.tsx).
import type * as z from 'zod';
import { mediaIdFromObjectPath } from './media-paths.ts';
import type { MediaRecord, pageMediaSchema } from './media.ts';

/** A media record's public part. */
export type PageMedia = z.infer<typeof pageMediaSchema>;

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

/** The media map of `content`, from records read by id (missing ones are left out). */
export function mediaMapOf(records: readonly MediaRecord[]): MediaMap {
  return Object.fromEntries(records.map((record) => [record.objectPath, pageMediaOf(record)]));
}

/** The library ids `content` uses. */
export const mediaIdsIn = (content: unknown): string[] =>
  mediaPathsIn(content).flatMap((path) => mediaIdFromObjectPath(path) ?? []);
