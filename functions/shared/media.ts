// The media API's shapes: upload tickets, the companion endpoints @uppy/aws-s3 v6 calls
// (companionEndpoint "/api"), and the media library. One schema per shape, imported by the
// routes (functions/routes/objects.ts, s3.ts, media.ts) and the Images tab alike.
import * as z from 'zod';
import { MEDIA_ID_RE, mediaIdFromPendingKey, OBJECT_PATH_RE, objectPathOf } from './media-paths.ts';

/** Widths of the WebP variants written for every image (never upscaled). */
export const MEDIA_VARIANT_WIDTHS = [480, 960, 1600] as const;

/** The only types a published image can have, checked from its bytes, never from the browser. */
export const MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** docs/requirements.md §9 uploader constants (the server's limit is MEDIA_MAX_BYTES, default the same). */
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_FILE_BYTES = 10_485_760;
/** @uppy/aws-s3 switches to multipart above this size (its own default, docs/requirements.md §4). */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024;
/** S3's minimum part size (except the last part); the size the uploader should cut parts to. */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

/**
 * What uploaded files are served with (the local server and CloudFront alike): nothing may
 * load or run, and `sandbox` gives a document an opaque origin, should one ever get through.
 */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** The text docs/requirements.md §5 gives for signing a part without its identifiers (400). */
export const CANNOT_SIGN_MESSAGE = 'Cannot sign without a key, an uploadId, and a partNumber';

export {
  mediaIdFromObjectPath,
  mediaIdFromPendingKey,
  objectPathOf,
  pendingKeyOf,
} from './media-paths.ts';

export const mediaIdSchema = z.string().regex(MEDIA_ID_RE, 'must be a media id');

/** `/objects/uploads/<id>`: where an upload is served once published. */
export const objectPathSchema = z
  .string()
  .regex(OBJECT_PATH_RE, 'must be an upload path (/objects/uploads/<id>)');

/**
 * The object path of a finished Uppy upload: @uppy/aws-s3 reports only `{ location, key }`
 * in `upload-success` (the key is `pending/<id>`), so the Images tab maps the key back.
 */
export function objectPathFromKey(key: string): string | undefined {
  const id = mediaIdFromPendingKey(key);
  return id ? objectPathOf(id) : undefined;
}

// --- POST /api/objects/upload (no body) ---------------------------------------------

/** A single presigned PUT of the whole file to `uploadURL` (absolute), then publish `objectPath`. */
export const uploadTicketSchema = z.object({
  uploadURL: z.string(),
  objectPath: objectPathSchema,
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

// --- POST /api/objects/acl ----------------------------------------------------------

export const publishRequestSchema = z.strictObject({
  objectPath: objectPathSchema,
  visibility: z.literal('public'),
});

// --- the media record ---------------------------------------------------------------

export const mediaVariantSchema = z.object({
  width: z.number().int(),
  /** Versioned, so served with long caching: /objects/uploads/<id>/v<version>/<width>.webp */
  url: z.string(),
  bytes: z.number().int(),
});

export const mediaRecordSchema = z.object({
  id: z.string(),
  /** `/objects/uploads/<id>`: stable across replaces; what page content stores. */
  objectPath: z.string(),
  /** The public URL of the served (re-encoded) image: `objectPath?v=<version>`. */
  url: z.string(),
  /** The browser's file name, for display only (never used for storage). */
  fileName: z.string(),
  contentType: z.enum(MEDIA_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  /** Bytes of the served image. */
  bytes: z.number().int(),
  alt: z.string(),
  caption: z.string(),
  /**
   * WebP variants, narrowest first: each of 480/960/1600 narrower than the image, plus the
   * image's own width when it is under 1600 px (never upscaled, never empty).
   */
  variants: z.array(mediaVariantSchema),
  /** A tiny `data:image/png;base64,...` rendered from the image's ThumbHash. */
  placeholder: z.string(),
  /** The ThumbHash itself (base64), for clients that decode it themselves. */
  thumbhash: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  updatedAt: z.string(),
  /** Starts at 1, +1 on every replace; part of the variant URLs (cache busting). */
  version: z.number().int(),
  /**
   * Set when a change to this image, shown on a live page while review was required, made
   * a new record instead (issue 33): the new one's id. Live pages show this one until their
   * working copies, which use the new one, are published.
   */
  replacedBy: z.string().optional(),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

/**
 * A library image's public part, what a page's or a preview's `media` map carries by
 * object path (functions/shared/media-map.ts).
 */
export const pageMediaSchema = mediaRecordSchema.pick({
  objectPath: true,
  url: true,
  width: true,
  height: true,
  alt: true,
  variants: true,
  placeholder: true,
});

/**
 * PATCH /api/admin/media/:id and POST .../replace: the image as it is now. When the image
 * was shown on a live page while review is required, the change made a new record (this
 * answer) and `adoption` says which pages' working copies now use it, in a sentence.
 */
export const mediaChangeResponseSchema = mediaRecordSchema.extend({
  adoption: z
    .object({
      previousId: z.string(),
      pages: z.array(z.object({ id: z.string(), title: z.string(), slug: z.string() })),
      message: z.string(),
    })
    .optional(),
});
export type MediaChangeResponse = z.infer<typeof mediaChangeResponseSchema>;

// --- GET /api/admin/media?cursor= ---------------------------------------------------

export const mediaListQuerySchema = z.object({
  cursor: z.string().max(2000, 'must be at most 2000 characters').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const mediaListResponseSchema = z.object({
  items: z.array(mediaRecordSchema),
  nextCursor: z.string().optional(),
});
export type MediaListResponse = z.infer<typeof mediaListResponseSchema>;

// --- PATCH /api/admin/media/:id -----------------------------------------------------

export const MEDIA_ALT_MAX = 300;
export const MEDIA_CAPTION_MAX = 1000;

export const mediaUpdateSchema = z
  .strictObject({
    alt: z
      .string()
      .trim()
      .max(MEDIA_ALT_MAX, `must be at most ${MEDIA_ALT_MAX} characters`)
      .optional(),
    caption: z
      .string()
      .trim()
      .max(MEDIA_CAPTION_MAX, `must be at most ${MEDIA_CAPTION_MAX} characters`)
      .optional(),
  })
  .refine((value) => value.alt !== undefined || value.caption !== undefined, {
    message: 'must change alt or caption',
  });
export type MediaUpdate = z.infer<typeof mediaUpdateSchema>;

// --- POST /api/admin/media/:id/replace ----------------------------------------------

/** A newly uploaded (pending) object whose bytes replace the image's; id and path stay. */
export const mediaReplaceSchema = z.strictObject({ objectPath: objectPathSchema });

// --- GET /api/admin/media/:id/usage (and the 409 of DELETE) -------------------------

export const mediaUsagePageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** Content fields that reference the image, e.g. `features.items.0.image`. */
  fields: z.array(z.string()),
  /** True when only the page's working copy uses it (visitors do not see it there yet). */
  workingCopy: z.boolean().optional(),
});
export type MediaUsagePage = z.infer<typeof mediaUsagePageSchema>;

export const mediaUsageResponseSchema = z.object({ pages: z.array(mediaUsagePageSchema) });
export type MediaUsageResponse = z.infer<typeof mediaUsageResponseSchema>;

// --- companion endpoints for @uppy/aws-s3 v6 (companionEndpoint "/api") -------------

const fileName = z
  .string()
  .max(1024, 'must be at most 1024 characters')
  .refine(
    (value) => ![...value].some((char) => char.charCodeAt(0) < 0x20),
    'must not contain control characters',
  );
const mimeType = z.string().max(255, 'must be at most 255 characters');

/**
 * GET /api/s3/params?filename=&type=&metadata[name]=...: @uppy/aws-s3 6.3 uploads a
 * non-multipart file as a form POST (an S3 POST policy) of `fields` plus the file to `url`,
 * so `method` is "POST" and `fields.key` is the server-generated `pending/<id>`.
 */
export const s3ParamsQuerySchema = z.object({
  filename: fileName.default(''),
  type: mimeType.default(''),
});

export const s3ParamsResponseSchema = z.object({
  method: z.literal('POST'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  objectPath: objectPathSchema,
});
export type S3ParamsResponse = z.infer<typeof s3ParamsResponseSchema>;

/** POST /api/s3/multipart */
export const s3CreateMultipartSchema = z.object({
  filename: fileName.default(''),
  type: mimeType.default(''),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /**
   * The file's size, when the uploader says it (@uppy/aws-s3 6.3 does not): a file over
   * the limit is then refused before any byte is sent (functions/routes/s3.ts).
   */
  size: z.number().int().nonnegative().optional(),
});

export const s3CreateMultipartResponseSchema = z.object({
  uploadId: z.string(),
  key: z.string(),
  objectPath: objectPathSchema,
});
export type S3CreateMultipartResponse = z.infer<typeof s3CreateMultipartResponseSchema>;

/** GET /api/s3/multipart/:uploadId?key= answers an array of these. */
export const s3PartSchema = z.object({
  PartNumber: z.number().int(),
  Size: z.number().int(),
  ETag: z.string(),
});
export type S3Part = z.infer<typeof s3PartSchema>;
export const s3PartListSchema = z.array(s3PartSchema);

/** GET /api/s3/multipart/:uploadId/:partNumber?key= : PUT the part to `url` within `expires` seconds. */
export const s3SignPartResponseSchema = z.object({
  url: z.string(),
  expires: z.number().int(),
});
export type S3SignPartResponse = z.infer<typeof s3SignPartResponseSchema>;

export const MAX_PARTS = 10_000;

/** POST /api/s3/multipart/:uploadId/complete?key= */
export const s3CompleteSchema = z.strictObject({
  parts: z
    .array(
      z.object({
        ETag: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
        PartNumber: z.number().int().min(1).max(MAX_PARTS),
      }),
    )
    .min(1, 'must list at least one part')
    .max(MAX_PARTS, `must list at most ${MAX_PARTS} parts`),
});

export const s3CompleteResponseSchema = z.object({
  /** Where the pending object sits (not public until published). */
  location: z.string(),
  /** @uppy/aws-s3 reads `key` from this answer for its upload-success event. */
  key: z.string(),
  objectPath: objectPathSchema,
});
export type S3CompleteResponse = z.infer<typeof s3CompleteResponseSchema>;

/** DELETE /api/s3/multipart/:uploadId?key= : the upload is aborted; an empty object. */
export const s3AbortResponseSchema = z.strictObject({});
