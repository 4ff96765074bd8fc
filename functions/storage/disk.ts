// The disk driver of ObjectStore (the default): objects under DATA_DIR/objects, upload URLs
// of the local server itself, signed by UploadSigner. Bodies are streamed to a temp file
// with the size limit enforced while streaming, then renamed into place, so a reader never
// sees half an object. It also holds what the local server serves (servedObject).
//
// Layout under DATA_DIR/objects:
//   pending/<uuid>, uploads/<name> ....... the objects (keys as in object-store.ts)
//   uploads/<name>.meta .................. Content-Type and Cache-Control of a public object
//   .multipart/<uploadId>/upload.json .... the key of a multipart upload
//   .multipart/<uploadId>/<nnnnn>.<md5> .. its parts (the ETag is the part's MD5, as in S3)
//   .used/<uuid> ......................... single-use mark of a spent single-upload URL
//   .tmp/ ................................ bodies being received
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mediaIdFromPendingKey } from '../shared/media.ts';
import { chunks, FormUploadError, formBoundary, readFormUpload } from './form-upload.ts';
import {
  ObjectStoreError,
  type CompletedPart,
  type ObjectStore,
  type PresignedPost,
  type PublishOptions,
  type SignOptions,
  type UploadedPart,
} from './object-store.ts';
import { UploadSigner, type SignedUpload } from './upload-signer.ts';

/** The local server's upload endpoint (a Hono route outside the API's body limit). */
export const LOCAL_UPLOAD_PATH = '/api/objects/local';

/**
 * Ages at which uploads that were never finished are dropped: the same days as the uploads
 * bucket's lifecycle rules in AWS (infra/constructs/uploads.ts imports these), so an
 * abandoned upload lives as long on disk as in S3.
 */
export const PENDING_EXPIRY_DAYS = 2;
export const MULTIPART_ABORT_DAYS = 1;
const DAY_MS = 86_400_000;

/** S3's smallest part, except the last; the disk driver keeps the same rule. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

const KEY_RE = /^(?:pending\/[0-9a-f-]{36}|uploads\/[0-9a-f-]{36}(?:\.v\d{1,9}\.w\d{1,5}\.webp)?)$/;
const UPLOAD_ID_RE = /^[A-Za-z0-9_-]{32}$/;
/** Served objects kept in memory (the variants the pages use are small). */
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_OBJECT_BYTES = 4 * 1024 * 1024;

export interface ServedObject {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
}

interface ObjectMeta {
  contentType: string;
  cacheControl: string;
}

export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  readonly #signer: UploadSigner;
  readonly #now: () => Date;
  readonly #cache = new Map<string, ServedObject>();
  #cacheBytes = 0;
  #swept = false;

  constructor(options: { dataDir: string; now?: () => Date }) {
    this.root = join(options.dataDir, 'objects');
    this.#signer = new UploadSigner(options.dataDir);
    this.#now = options.now ?? (() => new Date());
  }

  // --- signing -------------------------------------------------------------------

  async presignPut(key: string, options: SignOptions): Promise<string> {
    return this.#signedUrl({ method: 'PUT', key, ...this.#limits(options) }, options.origin);
  }

  async presignPost(key: string, options: SignOptions): Promise<PresignedPost> {
    const upload: SignedUpload = { method: 'POST', key: checkKey(key), ...this.#limits(options) };
    return {
      url: `${options.origin}${LOCAL_UPLOAD_PATH}`,
      fields: {
        key,
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
    return `${origin}${LOCAL_UPLOAD_PATH}/${checkKey(key)}`;
  }

  // --- receiving (the signed URLs' endpoint) -----------------------------------------

  /**
   * Answers a request to a signed upload URL like S3 would: 200 (PUT) or 204 (POST) with
   * the ETag, 403 for a bad, expired or spent signature, 404 for an unknown multipart
   * upload, 413 past the signed size, 400 for anything malformed.
   */
  async receive(request: Request): Promise<Response> {
    try {
      if (request.method === 'PUT') return await this.#receivePut(request);
      if (request.method === 'POST') return await this.#receivePost(request);
      return uploadError(405, 'method_not_allowed', 'Upload URLs take PUT or POST');
    } catch (error) {
      if (error instanceof UploadRefused)
        return uploadError(error.status, error.code, error.message);
      if (error instanceof FormUploadError) return uploadError(400, 'bad_request', error.message);
      if (error instanceof ObjectStoreError && error.code === 'no_such_upload') {
        return uploadError(
          404,
          'not_found',
          'The multipart upload is finished, aborted or unknown',
        );
      }
      throw error;
    }
  }

  async #receivePut(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = url.pathname.slice(LOCAL_UPLOAD_PATH.length + 1);
    if (!KEY_RE.test(key) || !key.startsWith('pending/')) {
      throw new UploadRefused(404, 'not_found', 'No such upload URL');
    }
    const query = url.searchParams;
    const uploadId = query.get('uploadId') ?? undefined;
    const partText = query.get('partNumber');
    const partNumber = partText === null ? undefined : Number(partText);
    if ((uploadId === undefined) !== (partNumber === undefined)) {
      throw new UploadRefused(400, 'bad_request', 'A part upload needs uploadId and partNumber');
    }
    if (
      partNumber !== undefined &&
      !(Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= 10_000)
    ) {
      throw new UploadRefused(400, 'bad_request', 'partNumber must be 1 to 10000');
    }
    const upload = this.#checkSignature(
      { method: 'PUT', key, uploadId, partNumber },
      query.get('X-Pb-Expires'),
      query.get('X-Pb-Max-Bytes'),
      query.get('X-Pb-Signature'),
    );
    checkDeclaredLength(request, upload.maxBytes);
    if (!request.body) throw new UploadRefused(400, 'bad_request', 'The upload has no body');

    if (uploadId !== undefined && partNumber !== undefined) {
      const dir = await this.#multipartDir(key, uploadId);
      const { path, etag } = await this.#receiveBody(request.body, upload.maxBytes);
      const name = `${String(partNumber).padStart(5, '0')}.${etag}`;
      await fs.rename(path, join(dir, name));
      // A part sent again replaces the earlier one.
      for (const other of await fs.readdir(dir)) {
        if (other !== name && other.startsWith(`${name.slice(0, 5)}.`)) {
          await fs.rm(join(dir, other), { force: true });
        }
      }
      return uploaded(200, etag, this.location(key, url.origin));
    }

    return this.#receiveSingle(key, upload.expires, async () => {
      const received = await this.#receiveBody(request.body!, upload.maxBytes);
      await this.#place(key, received.path);
      return uploaded(200, received.etag, this.location(key, url.origin));
    });
  }

  async #receivePost(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== LOCAL_UPLOAD_PATH) {
      throw new UploadRefused(404, 'not_found', 'No such upload URL');
    }
    const boundary = formBoundary(request.headers.get('content-type'));
    if (!boundary) {
      throw new UploadRefused(400, 'bad_request', 'A POST upload must be multipart/form-data');
    }
    if (!request.body) throw new UploadRefused(400, 'bad_request', 'The upload has no body');
    let upload: SignedUpload | undefined;
    let sink: BodySink | undefined;
    let release: (() => Promise<void>) | undefined;
    try {
      await readFormUpload(
        request.body,
        boundary,
        async (fields) => {
          const key = fields['key'] ?? '';
          if (!KEY_RE.test(key) || !key.startsWith('pending/')) {
            throw new UploadRefused(403, 'forbidden', 'The form names no signed key');
          }
          upload = this.#checkSignature(
            { method: 'POST', key },
            fields['x-pb-expires'] ?? null,
            fields['x-pb-max-bytes'] ?? null,
            fields['x-pb-signature'] ?? null,
          );
          // The form's envelope adds a few hundred bytes to the file.
          checkDeclaredLength(request, upload.maxBytes + 64 * 1024);
          release = await this.#claim(key, upload.expires);
          sink = await this.#openSink(upload.maxBytes);
        },
        async (chunk) => sink!.write(chunk),
      );
      if (!upload || !sink) throw new UploadRefused(400, 'bad_request', 'The form has no file');
      const received = await sink.close();
      sink = undefined;
      await this.#place(upload.key, received.path);
      return uploaded(204, received.etag, this.location(upload.key, url.origin));
    } catch (error) {
      await sink?.discard();
      await release?.();
      throw error;
    }
  }

  #checkSignature(
    target: Pick<SignedUpload, 'method' | 'key' | 'uploadId' | 'partNumber'>,
    expiresText: string | null,
    maxText: string | null,
    signature: string | null,
  ): SignedUpload {
    const expires = Number(expiresText);
    const maxBytes = Number(maxText);
    if (!signature || !Number.isSafeInteger(expires) || !Number.isSafeInteger(maxBytes)) {
      throw new UploadRefused(403, 'forbidden', 'The upload URL is not signed');
    }
    const upload: SignedUpload = { ...target, expires, maxBytes };
    if (!this.#signer.verify(upload, signature)) {
      throw new UploadRefused(403, 'forbidden', 'The upload URL signature does not match');
    }
    if (expires * 1000 < this.#now().getTime()) {
      throw new UploadRefused(
        403,
        'forbidden',
        "Request has expired (the upload URL's time is up); start the upload again",
      );
    }
    return upload;
  }

  /** Single-upload URLs work once: a mark per key, removed again if the upload fails. */
  async #receiveSingle(
    key: string,
    expires: number,
    receive: () => Promise<Response>,
  ): Promise<Response> {
    const release = await this.#claim(key, expires);
    try {
      return await receive();
    } catch (error) {
      await release();
      throw error;
    }
  }

  async #claim(key: string, expires: number): Promise<() => Promise<void>> {
    await this.#sweepClaims();
    const id = mediaIdFromPendingKey(key);
    if (!id) throw new UploadRefused(404, 'not_found', 'No such upload URL');
    const dir = join(this.root, '.used');
    await fs.mkdir(dir, { recursive: true });
    const path = join(dir, id);
    try {
      await fs.writeFile(path, String(expires), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new UploadRefused(403, 'forbidden', 'This upload URL has already been used');
    }
    return () => fs.rm(path, { force: true });
  }

  /** Marks of URLs that have expired anyway are dropped once per process. */
  async #sweepClaims(): Promise<void> {
    if (this.#swept) return;
    this.#swept = true;
    const dir = join(this.root, '.used');
    const now = this.#now().getTime() / 1000;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const expires = Number(await fs.readFile(join(dir, name), 'utf8').catch(() => '0'));
      if (expires < now) await fs.rm(join(dir, name), { force: true });
    }
  }

  async #receiveBody(
    body: ReadableStream<Uint8Array>,
    maxBytes: number,
  ): Promise<{ path: string; etag: string }> {
    const sink = await this.#openSink(maxBytes);
    try {
      for await (const chunk of chunks(body)) await sink.write(chunk);
      return await sink.close();
    } catch (error) {
      await sink.discard();
      throw error;
    }
  }

  async #openSink(maxBytes: number): Promise<BodySink> {
    const dir = join(this.root, '.tmp');
    await fs.mkdir(dir, { recursive: true });
    const path = join(dir, randomBytes(16).toString('hex'));
    const handle = await fs.open(path, 'wx', 0o600);
    const md5 = createHash('md5');
    let bytes = 0;
    let open = true;
    const closeHandle = async () => {
      if (open) {
        open = false;
        await handle.close();
      }
    };
    return {
      write: async (chunk) => {
        bytes += chunk.length;
        if (bytes > maxBytes) {
          throw new UploadRefused(
            413,
            'payload_too_large',
            `The upload is larger than ${maxBytes} bytes`,
          );
        }
        md5.update(chunk);
        await handle.write(chunk);
      },
      close: async () => {
        await closeHandle();
        return { path, etag: md5.digest('hex') };
      },
      discard: async () => {
        await closeHandle().catch(() => undefined);
        await fs.rm(path, { force: true });
      },
    };
  }

  async #place(key: string, tempPath: string): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(join(target, '..'), { recursive: true });
    await fs.rename(tempPath, target);
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

  async #multipartDir(key: string, uploadId: string): Promise<string> {
    const noSuchUpload = new ObjectStoreError('no_such_upload', 'No such multipart upload');
    if (!UPLOAD_ID_RE.test(uploadId)) throw noSuchUpload;
    const dir = join(this.root, '.multipart', uploadId);
    try {
      const meta = JSON.parse(await fs.readFile(join(dir, 'upload.json'), 'utf8')) as {
        key: string;
      };
      if (meta.key !== key) throw noSuchUpload;
    } catch (error) {
      if (error === noSuchUpload || (error as NodeJS.ErrnoException).code === 'ENOENT')
        throw noSuchUpload;
      throw error;
    }
    return dir;
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const dir = await this.#multipartDir(key, uploadId);
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
    const dir = await this.#multipartDir(key, uploadId);
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
    await this.#place(key, assembled);
    await fs.rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    const dir = await this.#multipartDir(key, uploadId);
    await fs.rm(dir, { recursive: true, force: true });
  }

  // --- objects -------------------------------------------------------------------

  #path(key: string): string {
    return join(this.root, checkKey(key));
  }

  async size(key: string): Promise<number | undefined> {
    const stat = await fs.stat(this.#path(key)).catch(ignoreMissing);
    return stat?.isFile() ? stat.size : undefined;
  }

  async read(key: string): Promise<Buffer | undefined> {
    return fs.readFile(this.#path(key)).catch(ignoreMissing);
  }

  async publish(key: string, body: Buffer, options: PublishOptions): Promise<void> {
    if (!key.startsWith('uploads/')) throw new Error(`${key} is not a public key`);
    const target = this.#path(key);
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
    this.#forget(key);
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const path = this.#path(key);
      this.#forget(key);
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
        swept.pending += 1;
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

  // --- serving -------------------------------------------------------------------

  /**
   * A public object by its name under uploads/ (what follows /objects/uploads/), or
   * undefined. The name must already be validated by the caller (functions/storage/serve.ts).
   */
  async servedObject(name: string): Promise<ServedObject | undefined> {
    const cached = this.cachedObject(name);
    if (cached) return cached;
    const key = `uploads/${name}`;
    const path = this.#path(key);
    const [body, metaText] = await Promise.all([
      fs.readFile(path).catch(ignoreMissing),
      fs.readFile(`${path}.meta`, 'utf8').catch(ignoreMissing),
    ]);
    if (!body || !metaText) return undefined;
    const meta = JSON.parse(metaText) as ObjectMeta;
    const served: ServedObject = {
      body,
      contentType: meta.contentType,
      cacheControl: meta.cacheControl,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (body.length <= CACHE_OBJECT_BYTES) {
      this.#cache.set(key, served);
      this.#cacheBytes += body.length;
      for (const [oldKey, old] of this.#cache) {
        if (this.#cacheBytes <= CACHE_BYTES) break;
        this.#cache.delete(oldKey);
        this.#cacheBytes -= old.body.length;
      }
    }
    return served;
  }

  /**
   * A public object already in memory, or undefined: the synchronous fast path of
   * serving (no promise, no disk). Eviction is first in, first out; a hot object that
   * falls out is simply read again.
   */
  cachedObject(name: string): ServedObject | undefined {
    return this.#cache.get(`uploads/${name}`);
  }

  #forget(key: string): void {
    const cached = this.#cache.get(key);
    if (cached) {
      this.#cache.delete(key);
      this.#cacheBytes -= cached.body.length;
    }
  }
}

interface BodySink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<{ path: string; etag: string }>;
  discard(): Promise<void>;
}

class UploadRefused extends Error {
  override name = 'UploadRefused';
  readonly status: 400 | 403 | 404 | 413;
  readonly code: string;
  constructor(status: 400 | 403 | 404 | 413, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function checkKey(key: string): string {
  // Keys come from this server only; anything else is a bug, never a path to follow.
  if (!KEY_RE.test(key)) throw new Error(`Not an object key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

function checkDeclaredLength(request: Request, maxBytes: number): void {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new UploadRefused(
      413,
      'payload_too_large',
      `The upload is larger than ${maxBytes} bytes`,
    );
  }
}

function uploaded(status: 200 | 204, etag: string, location: string): Response {
  return new Response(status === 204 ? null : '', {
    status,
    headers: { ETag: `"${etag}"`, Location: location, 'Cache-Control': 'no-store' },
  });
}

function uploadError(status: number, code: string, message: string): Response {
  return Response.json(
    { error: { code, message } },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}

const unquote = (etag: string) => etag.replace(/^"+|"+$/g, '');

function ignoreMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
