// The disk driver of ObjectStore (the default): objects under DATA_DIR/objects, upload URLs
// of the local server itself, signed by UploadSigner. Its two other parts live apart: the
// endpoint those URLs point at (disk-receiver.ts, offered as `localUploads`) and the
// serving cache of public objects (disk-served.ts, `served`); the layout they share is
// disk-layout.ts.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  DiskLayout,
  ignoreMissing,
  LOCAL_UPLOAD_PATH,
  type ObjectMeta,
} from './disk-layout.ts';
import { DiskUploadReceiver, location } from './disk-receiver.ts';
import { ServedObjects } from './disk-served.ts';
import {
  metadataField,
  MIN_PART_BYTES,
  ObjectStoreError,
  type CompletedPart,
  type ObjectMetadata,
  type ObjectStore,
  PRIVATE_PREFIX,
  type PresignedPost,
  type PresignGetOptions,
  type PublishOptions,
  type SignOptions,
  type UploadedPart,
} from './object-store.ts';
import { canonicalMetadata, UploadSigner, type SignedUpload } from './upload-signer.ts';

/**
 * Ages at which uploads that were never finished are dropped: the same days as the uploads
 * bucket's lifecycle rules in AWS (infra/constructs/uploads.ts imports these), so an
 * abandoned upload lives as long on disk as in S3.
 */
export const PENDING_EXPIRY_DAYS = 2;
export const MULTIPART_ABORT_DAYS = 1;
const DAY_MS = 86_400_000;

export { MIN_PART_BYTES } from './object-store.ts';

export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  /** The endpoint of this driver's signed URLs (functions/routes/objects.ts mounts it). */
  readonly localUploads: DiskUploadReceiver;
  /** Public objects as the local server serves them (functions/storage/serve.ts). */
  readonly served: ServedObjects;
  readonly #layout: DiskLayout;
  readonly #signer: UploadSigner;
  readonly #now: () => Date;

  constructor(options: { dataDir: string; now?: () => Date }) {
    this.root = join(options.dataDir, 'objects');
    this.#layout = new DiskLayout(this.root);
    this.#signer = new UploadSigner(options.dataDir);
    this.#now = options.now ?? (() => new Date());
    this.localUploads = new DiskUploadReceiver(this.#layout, this.#signer, this.#now);
    this.served = new ServedObjects(this.#layout);
  }

  // --- signing -------------------------------------------------------------------

  async presignPut(key: string, options: SignOptions): Promise<string> {
    return this.#signedUrl({ method: 'PUT', key, ...this.#limits(options) }, options.origin);
  }

  async presignPost(
    key: string,
    options: SignOptions,
    metadata: ObjectMetadata = {},
  ): Promise<PresignedPost> {
    const hasMetadata = Object.keys(metadata).length > 0;
    const upload: SignedUpload = {
      method: 'POST',
      key: checkKey(key),
      ...this.#limits(options),
      ...(hasMetadata ? { metadata: canonicalMetadata(metadata) } : {}),
    };
    return {
      url: `${options.origin}${LOCAL_UPLOAD_PATH}`,
      fields: {
        key,
        ...Object.fromEntries(
          Object.entries(metadata).map(([name, value]) => [metadataField(name), value]),
        ),
        'x-pb-expires': String(upload.expires),
        'x-pb-max-bytes': String(upload.maxBytes),
        'x-pb-signature': this.#signer.sign(upload),
      },
    };
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: SignOptions,
  ): Promise<string> {
    return this.#signedUrl(
      { method: 'PUT', key, uploadId, partNumber, ...this.#limits(options) },
      options.origin,
    );
  }

  #limits(options: SignOptions) {
    const expires = Math.floor(this.#now().getTime() / 1000) + options.expiresIn;
    return { expires, maxBytes: options.maxBytes };
  }

  #signedUrl(upload: SignedUpload, origin: string): string {
    checkKey(upload.key);
    const query = new URLSearchParams();
    if (upload.uploadId) query.set('uploadId', upload.uploadId);
    if (upload.partNumber) query.set('partNumber', String(upload.partNumber));
    query.set('X-Pb-Expires', String(upload.expires));
    query.set('X-Pb-Max-Bytes', String(upload.maxBytes));
    query.set('X-Pb-Signature', this.#signer.sign(upload));
    return `${origin}${LOCAL_UPLOAD_PATH}/${upload.key}?${query}`;
  }

  location(key: string, origin: string): string {
    return location(checkKey(key), origin);
  }

  // --- multipart -----------------------------------------------------------------

  async createMultipart(key: string): Promise<string> {
    checkKey(key);
    const uploadId = randomBytes(24).toString('base64url');
    const dir = join(this.root, '.multipart', uploadId);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(join(dir, 'upload.json'), JSON.stringify({ key }));
    return uploadId;
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const dir = await this.#layout.multipartDir(key, uploadId);
    const parts = new Map<number, UploadedPart & { mtime: number }>();
    for (const name of await fs.readdir(dir)) {
      const match = /^(\d{5})\.([0-9a-f]{32})$/.exec(name);
      if (!match) continue;
      const stat = await fs.stat(join(dir, name)).catch(() => undefined);
      if (!stat) continue;
      const partNumber = Number(match[1]);
      const known = parts.get(partNumber);
      if (!known || known.mtime < stat.mtimeMs) {
        parts.set(partNumber, {
          PartNumber: partNumber,
          Size: stat.size,
          ETag: `"${match[2]}"`,
          mtime: stat.mtimeMs,
        });
      }
    }
    return [...parts.values()]
      .sort((a, b) => a.PartNumber - b.PartNumber)
      .map(({ PartNumber, Size, ETag }) => ({ PartNumber, Size, ETag }));
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    const dir = await this.#layout.multipartDir(key, uploadId);
    const stored = new Map(
      (await this.listParts(key, uploadId)).map((part) => [part.PartNumber, part]),
    );
    let previous = 0;
    const files: string[] = [];
    for (const part of parts) {
      if (part.PartNumber <= previous) {
        throw new ObjectStoreError('invalid_part_order', 'Parts must be listed in ascending order');
      }
      previous = part.PartNumber;
      const have = stored.get(part.PartNumber);
      if (!have || unquote(have.ETag) !== unquote(part.ETag)) {
        throw new ObjectStoreError(
          'invalid_part',
          `Part ${part.PartNumber} was not uploaded with that ETag`,
        );
      }
      files.push(join(dir, `${String(part.PartNumber).padStart(5, '0')}.${unquote(have.ETag)}`));
    }
    // Like S3: every listed part must exist before sizes are looked at.
    for (const [index, part] of parts.entries()) {
      if (index < parts.length - 1 && stored.get(part.PartNumber)!.Size < MIN_PART_BYTES) {
        throw new ObjectStoreError(
          'part_too_small',
          `Part ${part.PartNumber} is smaller than 5 MiB`,
        );
      }
    }
    const tmp = join(this.root, '.tmp');
    await fs.mkdir(tmp, { recursive: true });
    const assembled = join(tmp, randomBytes(16).toString('hex'));
    const out = await fs.open(assembled, 'wx', 0o600);
    try {
      for (const file of files) {
        await pipeline(createReadStream(file), out.createWriteStream({ autoClose: false }), {
          end: false,
        });
      }
    } catch (error) {
      await out.close();
      await fs.rm(assembled, { force: true });
      throw error;
    }
    await out.close();
    await this.#layout.place(key, assembled);
    await fs.rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    const dir = await this.#layout.multipartDir(key, uploadId);
    await fs.rm(dir, { recursive: true, force: true });
  }

  // --- objects -------------------------------------------------------------------

  async size(key: string): Promise<number | undefined> {
    const stat = await fs.stat(this.#layout.path(key)).catch(ignoreMissing);
    return stat?.isFile() ? stat.size : undefined;
  }

  async metadata(key: string): Promise<Record<string, string> | undefined> {
    if ((await this.size(key)) === undefined) return undefined;
    return this.#layout.uploadMetadata(key);
  }

  async read(key: string): Promise<Buffer | undefined> {
    return fs.readFile(this.#layout.path(key)).catch(ignoreMissing);
  }

  async publish(key: string, body: Buffer, options: PublishOptions): Promise<void> {
    if (!key.startsWith('uploads/')) throw new Error(`${key} is not a public key`);
    const target = this.#layout.path(key);
    await fs.mkdir(join(target, '..'), { recursive: true });
    await fs.mkdir(join(this.root, '.tmp'), { recursive: true });
    const meta: ObjectMeta = {
      contentType: options.contentType,
      cacheControl: options.cacheControl,
    };
    const tmpMeta = join(this.root, '.tmp', randomBytes(16).toString('hex'));
    const tmpBody = join(this.root, '.tmp', randomBytes(16).toString('hex'));
    await fs.writeFile(tmpMeta, JSON.stringify(meta));
    await fs.writeFile(tmpBody, body);
    // Headers first: a body is never served without its verified type.
    await fs.rename(tmpMeta, `${target}.meta`);
    await fs.rename(tmpBody, target);
    this.served.forget(key);
  }

  async putPrivate(key: string, body: Buffer, _options: { contentType: string }): Promise<void> {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`${key} is not a private key`);
    // Private objects are PDFs only (functions/shared/assets.ts): the type needs no file.
    const tmpBody = await this.#layout.tempPath();
    await fs.writeFile(tmpBody, body, { mode: 0o600 });
    await this.#layout.place(checkKey(key), tmpBody);
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    if (!checkKey(key).startsWith(PRIVATE_PREFIX)) throw new Error(`${key} is not a private key`);
    const upload: SignedUpload = {
      method: 'GET',
      key,
      expires: Math.floor(this.#now().getTime() / 1000) + options.expiresIn,
      maxBytes: 0,
      fileName: options.fileName,
    };
    const query = new URLSearchParams();
    query.set('X-Pb-Expires', String(upload.expires));
    query.set('X-Pb-File-Name', options.fileName);
    query.set('X-Pb-Signature', this.#signer.sign(upload));
    return `${options.origin}${LOCAL_UPLOAD_PATH}/${key}?${query}`;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const path = this.#layout.path(key);
      this.served.forget(key);
      await fs.rm(path, { force: true });
      await fs.rm(`${path}.meta`, { force: true });
      // A spent single-use mark (.used/) stays: its URL must not work again.
    }
  }

  // --- sweeping ------------------------------------------------------------------

  /**
   * Deletes what was never finished, as the S3 bucket's lifecycle rules do: pending/
   * objects last written more than PENDING_EXPIRY_DAYS ago (S3 counts from creation, and a
   * pending object is written once), multipart uploads started more than
   * MULTIPART_ABORT_DAYS ago (counted from upload.json, written once at the start, as S3
   * counts from initiation), and bodies a crash left half-received in .tmp/ (S3 keeps
   * none). Published objects and .used/ marks are never touched. `npm start` runs it at
   * start-up and every hour (functions/server/housekeeping.ts).
   */
  async sweepAbandoned(): Promise<{ pending: number; multipart: number; partial: number }> {
    const now = this.#now().getTime();
    const olderThan = async (path: string, days: number) => {
      const stat = await fs.stat(path).catch(ignoreMissing);
      return stat !== undefined && now - stat.mtimeMs > days * DAY_MS;
    };
    const names = (dir: string) => fs.readdir(join(this.root, dir)).catch(() => [] as string[]);
    const swept = { pending: 0, multipart: 0, partial: 0 };
    for (const name of await names('pending')) {
      const path = join(this.root, 'pending', name);
      if (await olderThan(path, PENDING_EXPIRY_DAYS)) {
        await fs.rm(path, { force: true });
        // An upload's metadata file (<uuid>.meta) goes with it, counted once.
        if (!name.endsWith('.meta')) swept.pending += 1;
      }
    }
    for (const name of await names('.multipart')) {
      const dir = join(this.root, '.multipart', name);
      if (await olderThan(join(dir, 'upload.json'), MULTIPART_ABORT_DAYS)) {
        await fs.rm(dir, { recursive: true, force: true });
        swept.multipart += 1;
      }
    }
    for (const name of await names('.tmp')) {
      // A body still streaming in is minutes old at most: a day is far past any upload.
      const path = join(this.root, '.tmp', name);
      if (await olderThan(path, MULTIPART_ABORT_DAYS)) {
        await fs.rm(path, { force: true });
        swept.partial += 1;
      }
    }
    return swept;
  }
}

const unquote = (etag: string) => etag.replace(/^"+|"+$/g, '');
