// The Images tab's calls (docs/requirements.md §7 and the media library API), on the admin's HTTP layer.
// Answers are checked against the shared schemas, so a drifted contract fails loudly here.
import {
  useInfiniteQuery,
  useQueries,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  mediaChangeResponseSchema,
  mediaListResponseSchema,
  mediaRecordSchema,
  mediaUsageResponseSchema,
  type MediaChangeResponse,
  type MediaListResponse,
  type MediaRecord,
  type MediaUpdate,
  type MediaUsageResponse,
} from '../../../../../functions/shared/media.ts';
import {
  mediaIdsIn,
  mediaMapOf,
  type MediaMap,
} from '../../../../../functions/shared/media-map.ts';
import { BUILD_KEY, noContent, request } from '../../api.ts';
import { PAGES_KEY } from '../pages-api.ts';

export const MEDIA_KEY = ['/api/admin/media'] as const;
export const mediaKey = (id: string) => ['/api/admin/media', id] as const;
export const usageKey = (id: string) => ['/api/admin/media', id, 'usage'] as const;

export async function publishUpload(objectPath: string): Promise<MediaRecord> {
  return request(mediaRecordSchema, 'POST', '/api/objects/acl', {
    objectPath,
    visibility: 'public',
  });
}

/**
 * New bytes for an image. While review is required and live pages show it, the answer is
 * a new image (issue 33) whose `adoption` names the working copies that now use it.
 */
export async function replaceMedia(id: string, objectPath: string): Promise<MediaChangeResponse> {
  return request(mediaChangeResponseSchema, 'POST', `/api/admin/media/${id}/replace`, {
    objectPath,
  });
}

/** What a change made instead of changing the image in place (see replaceMedia). */
export const adoptionOf = (record: MediaRecord): MediaChangeResponse['adoption'] =>
  (record as MediaChangeResponse).adoption;

export async function listMedia(cursor: string | undefined): Promise<MediaListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return request(mediaListResponseSchema, 'GET', `/api/admin/media${query}`);
}

export async function getMedia(id: string): Promise<MediaRecord> {
  return request(mediaRecordSchema, 'GET', `/api/admin/media/${id}`);
}

export async function mediaUsage(id: string): Promise<MediaUsageResponse> {
  return request(mediaUsageResponseSchema, 'GET', `/api/admin/media/${id}/usage`);
}

/** Alt text and caption; a new image instead while review is required (see replaceMedia). */
export async function updateMedia(id: string, update: MediaUpdate): Promise<MediaChangeResponse> {
  return request(mediaChangeResponseSchema, 'PATCH', `/api/admin/media/${id}`, update);
}

export const deleteMedia = (id: string) => request(noContent, 'DELETE', `/api/admin/media/${id}`);

/** The library's pages: newest first, one cursor page at a time. */
export function useMediaLibrary() {
  return useInfiniteQuery({
    queryKey: MEDIA_KEY,
    queryFn: ({ pageParam }) => listMedia(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const toMediaMap = (results: UseQueryResult<MediaRecord>[]): MediaMap =>
  mediaMapOf(results.flatMap((result) => (result.data ? [result.data] : [])));

/**
 * The media map of the library images `content` uses, as the public page gets it
 * (functions/routes/landing-page-by-slug.ts): each record read by id, a missing one left
 * out (it renders as a plain image of its URL). Kept until an image changes (refreshMedia).
 */
export function usePageMedia(content: unknown): MediaMap {
  const ids = useMemo(() => mediaIdsIn(content), [content]);
  return useQueries({
    queries: ids.map((id) => ({ queryKey: mediaKey(id), queryFn: () => getMedia(id) })),
    combine: toMediaMap,
  });
}

/** After an image changed: the library, every "used on", the pages and the build status. */
export function refreshMedia(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: MEDIA_KEY });
  void client.invalidateQueries({ queryKey: BUILD_KEY });
}

/** After a change made a new image that working copies took: those pages too. */
export function refreshAdopted(client: QueryClient): void {
  refreshMedia(client);
  void client.invalidateQueries({ queryKey: PAGES_KEY });
  void client.invalidateQueries({ queryKey: ['/api/admin/pages'] });
  void client.invalidateQueries({ queryKey: ['/api/admin/workflow'] });
}

/** After an assignment: pages, "used on" and the build status. */
export function refreshPages(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: PAGES_KEY });
  void client.invalidateQueries({ queryKey: MEDIA_KEY });
  void client.invalidateQueries({ queryKey: BUILD_KEY });
}

/** The smallest variant wide enough for a `width` px box (thumbnails, previews). */
export function variantFor(media: MediaRecord, width: number): string {
  const wide = media.variants.find((variant) => variant.width >= width);
  return (wide ?? media.variants.at(-1))?.url ?? media.url;
}

/** Sizes as Uppy writes them (10485760 bytes is "10 MB"), so the two never disagree. */
export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
