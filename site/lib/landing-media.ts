// Build-time media map: the library records of the images the active landing pages use,
// read once per build, so a page renders its images with srcset, size and alt text.
// Images by URL (screenshots, other sites) need no record and render as before.
import { readMediaRecords } from '../../functions/site-data/store.ts';
import { mediaIdFromObjectPath } from '../../functions/shared/media.ts';
import { mediaPathsIn, pageMediaOf, type MediaMap } from '../islands/landing/media-image.tsx';
import { activePages } from './landing-data.ts';

let cached: Promise<MediaMap> | undefined;

async function loadMedia(): Promise<MediaMap> {
  const pages = await activePages();
  const ids = pages
    .flatMap((page) => mediaPathsIn(page.content))
    .flatMap((path) => mediaIdFromObjectPath(path) ?? []);
  // Without a store the build renders the template, which uses no library image.
  const records = await readMediaRecords(ids);
  return Object.fromEntries(records.map((record) => [record.objectPath, pageMediaOf(record)]));
}

/**
 * The library images `content` uses, by object path. A path whose record is gone (deleted
 * or never published) is left out and renders as a plain image of that URL.
 */
export async function mediaFor(content: unknown): Promise<MediaMap> {
  cached ??= loadMedia();
  const all = await cached;
  return Object.fromEntries(
    mediaPathsIn(content).flatMap((path) => (all[path] ? [[path, all[path]]] : [])),
  );
}
