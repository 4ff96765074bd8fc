// The one storage interface for uploads: presigned browser uploads (single PUT, POST form,
// multipart), reading a pending object, publishing the served bytes, deleting. Two drivers
// implement it: disk (DATA_DIR/objects, the default) and S3 (UPLOADS_BUCKET). Handlers only
// ever see this interface (services.objects); functions/services.ts picks the driver.
//
// Keys are always server-generated:
//   pending/<uuid> ................... what a browser uploads; private, never served
//   uploads/<uuid> ................... the re-encoded image, served at /objects/uploads/<uuid>
//   uploads/<uuid>.v<n>.w<width>.webp  its responsive variants (version n: long-cached)
//   assets/<uuid> .................... a gated download (PDF): private, never served
//                                      publicly; only a presigned GET reads it (issue 27)
// Flat names (no uploads/<uuid>/...) so that on disk an object is never also a directory.

export interface SignOptions {
  /** Origin of the request that asked, for URLs of the local server (disk driver). */
  origin: string;
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** Largest body the URL may carry (enforced by the disk driver and by S3 POST policies). */
  maxBytes: number;
}

/**
 * User metadata an upload carries (S3's `x-amz-meta-<name>`): lower-case names of letters,
 * digits and hyphens, printable ASCII values, 2 KB in all (S3's limit).
 */
export type ObjectMetadata = Readonly<Record<string, string>>;

/** The form field of a metadata entry, as S3 names it. */
export const metadataField = (name: string) => `x-amz-meta-${name}`;

/** An S3-style POST policy upload: a multipart/form-data POST of `fields`, then `file`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface UploadedPart {
  PartNumber: number;
  Size: number;
  ETag: string;
}

export interface CompletedPart {
  PartNumber: number;
  ETag: string;
}

export interface PublishOptions {
  contentType: string;
  cacheControl: string;
}

export type ObjectStoreErrorCode =
  /** The multipart upload is unknown, finished or aborted. */
  | 'no_such_upload'
  /** A listed part was never uploaded, or its ETag differs. */
  | 'invalid_part'
  /** Parts not in ascending order. */
  | 'invalid_part_order'
  /** A part other than the last is under 5 MiB (S3's rule, kept by the disk driver too). */
  | 'part_too_small';

export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
  readonly code: ObjectStoreErrorCode;
  constructor(code: ObjectStoreErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The endpoint of a driver whose signed URLs point at this server rather than at a bucket
 * (the disk driver): it receives the bodies. S3 has none; the browser talks to the bucket.
 */
export interface LocalUploadReceiver {
  /** Answers a request to a signed upload URL like S3 would. */
  receive(request: Request): Promise<Response>;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Present when this driver's upload URLs point at this server (the disk driver). */
  readonly localUploads?: LocalUploadReceiver;
  /** A URL the browser PUTs the whole body to. */
  presignPut(key: string, options: SignOptions): Promise<string>;
  /**
   * A form POST (what @uppy/aws-s3 6 sends for non-multipart files). `metadata` is stored
   * with the object; the form must carry it unchanged (the policy or signature binds it).
   */
  presignPost(key: string, options: SignOptions, metadata?: ObjectMetadata): Promise<PresignedPost>;
  /** Starts a multipart upload; answers its uploadId. */
  createMultipart(key: string): Promise<string>;
  /** A URL the browser PUTs one part to; the response carries the part's ETag. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: SignOptions,
  ): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Where an upload sits, as reported back to the uploader (not a public URL). */
  location(key: string, origin: string): string;
  /** Size of an object, or undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The user metadata an upload was given ({} for none), or undefined without the object. */
  metadata(key: string): Promise<Record<string, string> | undefined>;
  /** The whole object, or undefined when it does not exist. Callers check size() first. */
  read(key: string): Promise<Buffer | undefined>;
  /** Writes a public object (uploads/...) with the headers it is served with. */
  publish(key: string, body: Buffer, options: PublishOptions): Promise<void>;
  /** Deletes the keys; missing ones are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Writes a private object (assets/...): never served except through presignGet. */
  putPrivate(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /** A short-lived URL that GETs a private object as an attachment named `fileName`. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
}

export interface PresignGetOptions {
  /** Origin of the request that asked, for URLs of the local server (disk driver). */
  origin: string;
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** The Content-Disposition attachment's file name. */
  fileName: string;
}

export const PRIVATE_PREFIX = 'assets/';

/** A Content-Disposition attachment header (RFC 6266): an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** S3's smallest part, except the last; the disk driver keeps the same rule. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

export const PUBLIC_PREFIX = 'uploads/';

/** The path a public key is served at: uploads/x -> /objects/uploads/x. */
export function publicPath(key: string): string {
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`${key} is not a public key`);
  return `/objects/${key}`;
}
