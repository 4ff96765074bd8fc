// Gated downloads (issue 27, docs/decisions/0175-gated-downloads.md): private files (PDF only) that
// a gatedAsset block of a landing page hands out once a visitor's lead is stored. A file lives at
// the object store's private key `assets/<id>`, never served by a public route; a page names it as
// `/assets/<id>` (the block's `asset` field). The visitor gets a link `/api/downloads/<token>`: the
// token is the base64url JSON payload {assetId, leadId, exp} and, after a dot, its HMAC-SHA256 with
// an install secret (functions/data/assets.ts signs and checks it; this module only knows its
// shape, so the browser's code can import it).
import * as z from 'zod';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
export const ASSET_ID_RE = new RegExp(`^${UUID}$`);
/** How a page names a private file: `/assets/<uuid>`. */
export const ASSET_PATH_RE = new RegExp(`^/assets/(${UUID})$`);

export const assetPathOf = (id: string) => `/assets/${id}`;
export const assetIdFromPath = (path: string): string | undefined => ASSET_PATH_RE.exec(path)?.[1];
/** The object store's private key of a file (functions/storage/object-store.ts). */
export const assetKeyOf = (id: string) => `assets/${id}`;

/** The largest gated file: 25 MB. */
export const ASSET_MAX_BYTES = 25 * 1024 * 1024;
/** Every PDF starts with these bytes; nothing else is taken. */
export const PDF_MAGIC = '%PDF-';
/** How long a visitor's download link works. */
export const DOWNLOAD_LINK_SECONDS = 24 * 3600;
/** How long the storage URL a download link redirects to works. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/** The sentence of an expired link (410), shown as the answer's body. */
export const EXPIRED_LINK_TEXT =
  'This download link has expired. Fill in the form again on the page to get a new one.';
/** The sentence of a link that is not one of ours (403). */
export const INVALID_LINK_TEXT =
  'This download link is not valid. Fill in the form again on the page to get a new one.';
/**
 * The sentence of a link whose block no longer offers the file (410, issue 33): the block
 * was hidden, removed or given another file, or its page was unpublished or deleted.
 */
export const WITHDRAWN_LINK_TEXT =
  'This download is no longer offered on its page. Please contact us if you still need the file.';

/** A stored private file, as the admin API answers it. */
export const assetRecordSchema = z.object({
  id: z.string(),
  /** `/assets/<id>`: what a gatedAsset block's `asset` field holds. */
  path: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type AssetRecord = z.infer<typeof assetRecordSchema>;

/** GET /api/admin/assets */
export const assetListSchema = z.object({ assets: z.array(assetRecordSchema) });
export type AssetList = z.infer<typeof assetListSchema>;

const fileName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters')
  .refine((name) => !/[\p{Cc}/\\]/u.test(name), 'must not contain slashes or control characters')
  .refine((name) => /\.pdf$/i.test(name), 'must be a PDF file (name ending in .pdf)');

/** POST /api/admin/assets: the file's name and size, before its bytes. */
export const startAssetUploadSchema = z.strictObject({
  fileName,
  size: z
    .number()
    .int('must be a whole number of bytes')
    .min(1, 'must not be empty')
    .max(ASSET_MAX_BYTES, 'must be at most 25 MB'),
});

/** POST /api/admin/assets: where to send the bytes, then complete the upload by its id. */
export const assetUploadTicketSchema = z.object({
  id: z.string(),
  /** Where the browser PUTs the file's bytes (a presigned URL). */
  uploadURL: z.string(),
});
export type AssetUploadTicket = z.infer<typeof assetUploadTicketSchema>;

/** The contact API's `gate`: which gatedAsset block of which page the form was sent from. */
export const gateSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'must be a page’s slug'),
  blockId: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a block’s id'),
});
export type Gate = z.infer<typeof gateSchema>;

/** What a gated submission answers besides the lead's id. */
export const downloadLinkSchema = z.object({
  /** `/api/downloads/<token>`, relative to the site. */
  url: z.string(),
  expiresAt: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** The signed part of a download token. */
export interface DownloadPayload {
  assetId: string;
  leadId: string;
  /** The page and block that offered the file: checked again at each use (issue 33). */
  pageId: string;
  blockId: string;
  /** Epoch seconds. */
  exp: number;
}

/**
 * The gatedAsset block `blockId` of a layout, if visitors are shown it (not hidden); the
 * contact route's gate and each use of a download link ask this of the live page.
 */
export function shownGatedBlock<
  B extends { id: string; type: string; hidden?: boolean | undefined },
>(
  layout: readonly B[] | undefined,
  blockId: string,
): Extract<B, { type: 'gatedAsset' }> | undefined {
  const block = layout?.find((entry) => entry.id === blockId);
  if (!block || block.type !== 'gatedAsset' || block.hidden) return undefined;
  return block as Extract<B, { type: 'gatedAsset' }>;
}

export const TOKEN_RE = /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/;

/**
 * What the public page API answers for a gatedAsset block's file: a path that names no file,
 * so /legacy still shows a block that has one (render.tsx shows none without), while the page
 * never tells which private file it gates.
 */
export const HIDDEN_ASSET_PATH = '/assets/00000000-0000-4000-8000-000000000000';

/**
 * The content with its gatedAsset blocks' `asset` replaced by HIDDEN_ASSET_PATH (issue 27):
 * the public page API's answer. A new object where something changed; the content itself is
 * untouched.
 */
export function withoutAssetPaths<C extends { layout?: readonly object[] | undefined }>(
  content: C,
): C {
  if (!content.layout?.some(isGatedWithFile)) return content;
  return {
    ...content,
    layout: content.layout.map((block) => {
      if (!isGatedWithFile(block)) return block;
      return { ...block, asset: HIDDEN_ASSET_PATH };
    }),
  };
}

const isGatedWithFile = (block: object): block is { type: 'gatedAsset'; asset: string } =>
  (block as { type?: unknown }).type === 'gatedAsset' && 'asset' in block;
