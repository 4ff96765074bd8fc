// /api/admin/media: the media library. List (newest first, signed cursor), one record,
// alt text and caption, replace (new bytes, same id and path, version + 1), usage and
// delete (refused with 409 while a page's content or working copy refers to the image).
// Every change is in the audit log; a change to an image in use asks for a site rebuild.
// While review is required, a change to an image live pages show makes a new record that
// pages take through their working copies instead (functions/media/governed.ts, issue 33).
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { requirePermission } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { LiveChangedMeanwhileError } from '../data/media/errors.ts';
import { mediaCursorSchema } from '../data/media/store.ts';
import { readGenerations } from '../data/live-guard.ts';
import {
  adopt,
  copyWithText,
  recordOfUpload,
  rehashCopiesShowing,
  shownLive,
} from '../media/governed.ts';
import {
  objectKeysOf,
  pageList,
  processPending,
  storeMain,
  storeVariants,
  uploadTicket,
  usageOf,
  variantKey,
} from '../media/library.ts';
import {
  mediaIdFromObjectPath,
  mediaChangeResponseSchema,
  mediaIdSchema,
  mediaListQuerySchema,
  mediaListResponseSchema,
  mediaRecordSchema,
  mediaReplaceSchema,
  mediaUpdateSchema,
  mediaUsageResponseSchema,
  type MediaChangeResponse,
  type MediaListResponse,
  type MediaRecord,
  type MediaUsageResponse,
} from '../shared/media.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { audit } from './support/audit.ts';
import { actorEmail, actorOf } from './support/actor.ts';

/**
 * How a change to `record` may go (issue 33): while review is required, either `shown`
 * (live pages or experiments show it: the change makes a new record) or in place on the
 * condition that no page goes live meanwhile (`inPlace`, the live count read now). With no
 * review required, in place without a condition.
 */
async function governed(
  c: Context<AppEnv>,
  record: MediaRecord,
): Promise<{ shown?: { experiments: string[] }; inPlace: number | null | undefined }> {
  const services = c.get('services');
  const generations = await readGenerations(services.db, services.tableName);
  if (generations.approvalsRequired === 0) return { inPlace: undefined };
  const shown = await shownLive(services, record.id);
  if (shown.pages.length > 0 || shown.experiments.length > 0) {
    return { shown, inPlace: undefined };
  }
  return { inPlace: generations.live ?? null };
}

const CURSOR_PURPOSE = 'media-library';
const PAGE_SIZE = 24;
const idParam = z.object({ id: mediaIdSchema });

async function recordOr404(c: Context<AppEnv>, id: string): Promise<MediaRecord> {
  const record = await c.get('services').media.get(id);
  if (!record) throw notFound('Image');
  return record;
}

/** The site shows the new alt text or bytes after a rebuild, if a page uses the image. */
async function rebuildIfUsed(c: Context<AppEnv>, record: MediaRecord, what: string) {
  const services = c.get('services');
  const pages = (await usageOf(services, record.id)).filter((page) => !page.workingCopy);
  if (pages.length === 0) return;
  try {
    await services.rebuilder.request(`${what} (${record.objectPath}) by ${c.get('admin')?.email}`);
  } catch (error) {
    services.log.error('site rebuild request failed', {
      requestId: c.get('requestId'),
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

const limitRefusal = () =>
  new ApiError(400, 'validation_failed', 'Invalid request: limit must be 1 to 100', {
    limit: ['must be an integer from 1 to 100'],
  });

export const listMedia = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: 'The media library, newest first, a page at a time',
    request: { query: mediaListQuerySchema, queryRefusal: limitRefusal },
    responses: { 200: mediaListResponseSchema },
  },
  async (c, { query: { cursor: token, limit } }) => {
    const services = c.get('services');
    const cursor = token
      ? await services.cursors.decode(CURSOR_PURPOSE, token, mediaCursorSchema)
      : undefined;
    const { items, next } = await services.media.list(limit ?? PAGE_SIZE, cursor);
    return c.json<MediaListResponse>({
      items,
      ...(next ? { nextCursor: await services.cursors.encode(CURSOR_PURPOSE, next) } : {}),
    });
  },
);

export const getMedia = defineRoute(
  {
    method: 'get',
    path: '/:id',
    permission: 'session',
    summary: 'One image of the library',
    request: { params: idParam },
    responses: { 200: mediaRecordSchema },
  },
  async (c, { params: { id } }) => c.json(await recordOr404(c, id)),
);

export const mediaUsage = defineRoute(
  {
    method: 'get',
    path: '/:id/usage',
    permission: 'session',
    summary: 'The pages that show an image',
    request: { params: idParam },
    responses: { 200: mediaUsageResponseSchema },
  },
  async (c, { params: { id } }) => {
    await recordOr404(c, id);
    return c.json<MediaUsageResponse>({ pages: await usageOf(c.get('services'), id) });
  },
);

export const updateMedia = defineRoute(
  {
    method: 'patch',
    path: '/:id',
    permission: 'edit',
    summary: 'An image’s alternative text, caption or file name',
    request: { params: idParam, json: mediaUpdateSchema },
    responses: { 200: mediaChangeResponseSchema },
  },
  async (c, { params: { id }, json: patch }) => {
    const services = c.get('services');
    for (let attempt = 1; ; attempt++) {
      const before = await recordOr404(c, id);
      const changed = (['alt', 'caption'] as const).filter(
        (field) => patch[field] !== undefined && patch[field] !== before[field],
      );
      // The alt text is what pages render of a record besides its bytes (the caption is not).
      const guard = changed.includes('alt') ? await governed(c, before) : { inPlace: undefined };
      if (guard.shown) {
        const next = await copyWithText(
          services,
          before,
          { alt: patch.alt ?? before.alt, caption: patch.caption ?? before.caption },
          actorEmail(c),
        );
        const adoption = await adopt(services, actorOf(c), before, next, guard.shown);
        await audit(
          c,
          'create',
          `Image ${next.fileName} (${next.objectPath}): ${changed.join(' and ')} of ${before.objectPath} changed in a new image, since live pages show it; working copies using it now: ${adoption.pages.map((page) => `/${page.slug}`).join(', ') || 'none'}`,
        );
        return c.json<MediaChangeResponse>({ ...next, adoption });
      }
      try {
        const record = await services.media.update(id, patch, guard.inPlace);
        if (!record) throw notFound('Image');
        if (changed.length > 0) {
          await audit(
            c,
            'update',
            `Image ${record.fileName} (${record.objectPath}): ${changed.join(' and ')} changed`,
          );
          await rehashCopiesShowing(services, record);
          await rebuildIfUsed(c, record, `${changed.join(' and ')} of an image changed`);
        }
        return c.json(record);
      } catch (error) {
        // A page went live meanwhile: it may show this image now, so look again.
        if (error instanceof LiveChangedMeanwhileError && attempt < 3) continue;
        throw error;
      }
    }
  },
);

export const replaceMedia = defineRoute(
  {
    method: 'post',
    path: '/:id/replace',
    permission: 'edit',
    summary: 'Replaces an image’s file with a new upload, keeping its id',
    request: { params: idParam, json: mediaReplaceSchema },
    responses: { 200: mediaChangeResponseSchema },
  },
  async (c, { params: { id }, json }) => {
    const { objectPath } = json;
    const services = c.get('services');
    const record = await recordOr404(c, id);
    const uploadId = mediaIdFromObjectPath(objectPath)!;
    if (uploadId === id) {
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid request: objectPath must be a new upload',
        {
          objectPath: ['must be a new upload, not the image itself'],
        },
      );
    }
    const ticket = await uploadTicket(services, uploadId);
    if (!ticket) throw new ApiError(404, 'not_found', `No upload is waiting at ${objectPath}`);
    const { image } = await processPending(services, ticket);
    const guard = await governed(c, record);
    if (guard.shown) {
      // Shown live while review is required: the upload becomes a new image, which pages
      // take through their working copies (functions/media/governed.ts).
      const next = await recordOfUpload(services, record, ticket, image, actorEmail(c));
      if (!next) {
        throw new ApiError(
          409,
          'conflict',
          'This upload was used meanwhile; upload the file again',
        );
      }
      await services.objects.delete([ticket.key]);
      const adoption = await adopt(services, actorOf(c), record, next, guard.shown);
      await audit(
        c,
        'create',
        `Image ${next.fileName} (${next.objectPath}) uploaded to replace ${record.objectPath}, which live pages show; working copies using it now: ${adoption.pages.map((page) => `/${page.slug}`).join(', ') || 'none'}`,
      );
      return c.json<MediaChangeResponse>({ ...next, adoption });
    }
    const version = record.version + 1;
    const content = await storeVariants(services, id, version, image);
    const updated = await services.media.replace(
      id,
      record.version,
      content,
      ticket,
      guard.inPlace,
    );
    if (!updated) {
      // Another replace or a delete won; leave its objects alone, drop only our variants.
      await services.objects.delete(content.variants.map((v) => variantKey(id, version, v.width)));
      throw new ApiError(409, 'conflict', 'The image changed meanwhile; reload and try again');
    }
    await storeMain(services, id, image);
    await services.objects.delete([
      ticket.key,
      ...record.variants.map((variant) => variantKey(id, record.version, variant.width)),
    ]);
    await audit(
      c,
      'update',
      `Image ${updated.fileName} (${updated.objectPath}) replaced: version ${version}, ${updated.width}×${updated.height}`,
    );
    await rehashCopiesShowing(services, updated);
    await rebuildIfUsed(c, updated, 'an image was replaced');
    return c.json(updated);
  },
);

export const deleteMedia = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'edit',
    summary: 'Deletes an image no page uses',
    request: { params: idParam },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    const services = c.get('services');
    const record = await recordOr404(c, id);
    const pages = await usageOf(services, id);
    if (pages.length > 0) {
      throw new ApiError(
        409,
        'conflict',
        `This image is used on ${pages.length === 1 ? 'a page' : `${pages.length} pages`}: ${pageList(pages)}. Remove it there first.`,
      );
    }
    if (!(await services.media.delete(id, record.version))) {
      throw new ApiError(409, 'conflict', 'The image changed meanwhile; reload and try again');
    }
    await services.objects.delete(objectKeysOf(record));
    await audit(c, 'delete', `Image ${record.fileName} (${record.objectPath}) deleted`);
    return c.body(null, 204);
  },
);

export const media = mount(
  new Hono<AppEnv>().use(requirePermission('edit', { writesOnly: true })),
  [listMedia, getMedia, mediaUsage, updateMedia, replaceMedia, deleteMedia],
);
