// What the media routes do with storage and records: turn a ticketed pending upload into
// served objects (publish, replace), find the pages that use an image, delete one. Routes
// (functions/routes/objects.ts, media.ts) stay thin; this file owns the object layout.
import type { Services } from '../lib/context.ts';
import { ConflictError } from '../core/domain-errors.ts';
import type { MediaContent } from '../data/media/publishing.ts';
import { TICKET_METADATA, type UploadTicket } from '../data/media/tickets.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import {
  objectPathOf,
  pendingKeyOf,
  type MediaRecord,
  type MediaUsagePage,
} from '../shared/media.ts';
import { publicPath } from '../storage/object-store.ts';
import { MediaRefused, processImage, type ProcessedImage } from './process.ts';

/** The served image's URL never changes (page content stores it): a short cache. */
export const MAIN_CACHE_CONTROL = 'public, max-age=60';
/** Variant URLs carry the version, so their bytes never change: cached for a year. */
export const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const mainKey = (id: string) => `uploads/${id}`;
export const variantKey = (id: string, version: number, width: number) =>
  `uploads/${id}.v${version}.w${width}.webp`;

const nothingUploaded = () => new ConflictError('Nothing has been uploaded to this path yet');

/**
 * The ticket of upload `id`: the one stored in the table (POST /api/objects/upload, the
 * multipart calls), else the signed one its object carries as metadata (GET /api/s3/params,
 * functions/data/media/tickets.ts), else none.
 */
export async function uploadTicket(
  services: Pick<Services, 'media' | 'objects'>,
  id: string,
): Promise<UploadTicket | undefined> {
  const stored = await services.media.ticket(id);
  if (stored) return stored;
  const token = (await services.objects.metadata(pendingKeyOf(id)))?.[TICKET_METADATA];
  return token ? services.media.ticketFromToken(id, token) : undefined;
}

/**
 * Reads and checks a ticket's pending object and re-encodes it. A refused file is deleted
 * with its ticket (nothing is left half-uploaded) and answered 413, 415 or 422.
 */
export async function processPending(
  services: Services,
  ticket: UploadTicket,
): Promise<{ image: ProcessedImage; uploadedBytes: number }> {
  const { objects, media, config } = services;
  const limits = { maxBytes: config.env.MEDIA_MAX_BYTES, maxPixels: config.env.MEDIA_MAX_PIXELS };
  const size = await objects.size(ticket.key);
  if (size === undefined) throw nothingUploaded();
  const refuse = async (refusal: MediaRefused): Promise<never> => {
    await objects.delete([ticket.key]);
    await media.dropTicket(ticket.id);
    throw refusal;
  };
  // The size from storage first: an oversized object is never read into memory.
  if (size > limits.maxBytes) {
    return refuse(
      new MediaRefused(
        'too_large',
        `The file is ${size} bytes; at most ${limits.maxBytes} bytes are accepted`,
      ),
    );
  }
  const bytes = await objects.read(ticket.key);
  if (!bytes) throw nothingUploaded();
  try {
    return { image: await processImage(bytes, limits), uploadedBytes: bytes.length };
  } catch (error) {
    if (error instanceof MediaRefused) return refuse(error);
    throw error;
  }
}

/**
 * Writes the variants of `version` and answers the record's fields; the served image
 * itself is written by storeMain, after the record that describes it (a replace must not
 * change the bytes under a record that might still say otherwise).
 */
export async function storeVariants(
  services: Services,
  id: string,
  version: number,
  image: ProcessedImage,
): Promise<MediaContent> {
  const { objects } = services;
  const variants = await Promise.all(
    image.variants.map(async (variant) => {
      const key = variantKey(id, version, variant.width);
      await objects.publish(key, variant.body, {
        contentType: 'image/webp',
        cacheControl: VARIANT_CACHE_CONTROL,
      });
      return { width: variant.width, url: publicPath(key), bytes: variant.body.length };
    }),
  );
  return {
    url: objectPathOf(id),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.body.length,
    variants,
    placeholder: image.placeholder,
    thumbhash: image.thumbhash,
  };
}

/** Writes the served image at its stable path. */
export async function storeMain(services: Services, id: string, image: ProcessedImage) {
  await services.objects.publish(mainKey(id), image.body, {
    contentType: image.contentType,
    cacheControl: MAIN_CACHE_CONTROL,
  });
}

/** Every stored object of a record at its current version. */
export const objectKeysOf = (record: Pick<MediaRecord, 'id' | 'version' | 'variants'>) => [
  mainKey(record.id),
  ...record.variants.map((variant) => variantKey(record.id, record.version, variant.width)),
];

/** The display name of an upload: the browser's file name, or one made from the id. */
export const fileNameOf = (ticket: UploadTicket) =>
  ticket.fileName || `upload-${ticket.id.slice(0, 8)}`;

/**
 * Pages whose content refers to the image, by its object path or any of its variant URLs
 * (relative or absolute), with the content fields that do; then pages whose working copy
 * alone does (`workingCopy: true`): a change waiting for review may use it (issue 33).
 */
export async function usageOf(services: Services, id: string): Promise<MediaUsagePage[]> {
  const needle = objectPathOf(id);
  const pages = await services.pages.list();
  const copies = await services.workflow.workingCopies(pages.map((page) => page.id));
  const inContent = pages
    .map((page) => ({ page, fields: fieldsReferring(page.content, needle) }))
    .filter(({ fields }) => fields.length > 0)
    .map(({ page, fields }) => usagePage(page, fields));
  const inCopies = pages
    .filter((page) => !inContent.some((used) => used.id === page.id))
    .flatMap((page) => {
      const copy = copies.get(page.id);
      const fields = copy ? fieldsReferring(copy.content, needle) : [];
      return fields.length ? [{ ...usagePage(page, fields), workingCopy: true }] : [];
    });
  return [...inContent, ...inCopies];
}

const usagePage = (page: LandingPage, fields: string[]): MediaUsagePage => ({
  id: page.id,
  title: page.title,
  slug: page.slug,
  fields,
});

export function fieldsReferring(content: unknown, needle: string): string[] {
  const fields: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      // /objects/uploads/<id> itself, or a variant (<id>.v2.w960.webp), not another id's prefix.
      let at = node.indexOf(needle);
      while (at >= 0) {
        const next = node[at + needle.length];
        if (next === undefined || !/[0-9a-f-]/.test(next)) {
          fields.push(path.join('.'));
          return;
        }
        at = node.indexOf(needle, at + 1);
      }
    } else if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, [...path, String(index)]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
    }
  };
  walk(content, []);
  return fields;
}

/** "Default (/default), Spring campaign (/spring, working copy)" for messages. */
export const pageList = (pages: MediaUsagePage[]) =>
  pages
    .map((page) => `${page.title} (/${page.slug}${page.workingCopy ? ', working copy' : ''})`)
    .join(', ');
