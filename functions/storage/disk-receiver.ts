// The disk driver's upload endpoint: what the signed URLs of functions/storage/disk.ts
// point at (functions/routes/objects.ts mounts it as /api/objects/local/*). Bodies are
// streamed to a temp file with the size limit enforced while streaming, then renamed into
// place, so a reader never sees half an object. It answers like S3 would, so the browser's
// uploader cannot tell the two apart.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { mediaIdFromPendingKey } from '../shared/media.ts';
import { ignoreMissing, LOCAL_UPLOAD_PATH, KEY_RE, type DiskLayout } from './disk-layout.ts';
import { chunks, FormUploadError, formBoundary, readFormUpload } from './form-upload.ts';
import {
  attachmentDisposition,
  metadataField,
  ObjectStoreError,
  type LocalUploadReceiver,
} from './object-store.ts';
import { canonicalMetadata, type SignedUpload, type UploadSigner } from './upload-signer.ts';

/** The form fields that become an upload's metadata (lower-cased by readFormUpload). */
const METADATA_PREFIX = metadataField('');

/** Where an upload sits, as reported back to the uploader (ObjectStore.location). */
export const location = (key: string, origin: string) => `${origin}${LOCAL_UPLOAD_PATH}/${key}`;

export class DiskUploadReceiver implements LocalUploadReceiver {
  readonly #layout: DiskLayout;
  readonly #signer: UploadSigner;
  readonly #now: () => Date;
  #swept = false;

  constructor(layout: DiskLayout, signer: UploadSigner, now: () => Date) {
    this.#layout = layout;
    this.#signer = signer;
    this.#now = now;
  }

  /**
   * Answers a request to a signed upload URL like S3 would: 200 (PUT) or 204 (POST) with
   * the ETag, 403 for a bad, expired or spent signature, 404 for an unknown multipart
   * upload, 413 past the signed size, 400 for anything malformed.
   */
  async receive(request: Request): Promise<Response> {
    try {
      if (request.method === 'PUT') return await this.#receivePut(request);
      if (request.method === 'POST') return await this.#receivePost(request);
      if (request.method === 'GET') return await this.#sendPrivate(request);
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
    if (uploadId !== undefined && partNumber !== undefined) {
      const dir = await this.#layout.multipartDir(key, uploadId);
      // The signed limit is the whole file's: this part may take what the others left.
      // Parts sent at the same time do not see each other, so complete checks the sum too.
      const others = await otherPartsBytes(dir, partNumber);
      checkDeclaredLength(request, upload.maxBytes, -others);
      if (!request.body) throw new UploadRefused(400, 'bad_request', 'The upload has no body');
      const { path, etag } = await this.#receiveBody(request.body, upload.maxBytes, others);
      const name = `${String(partNumber).padStart(5, '0')}.${etag}`;
      await fs.rename(path, join(dir, name));
      // A part sent again replaces the earlier one.
      for (const other of await fs.readdir(dir)) {
        if (other !== name && other.startsWith(`${name.slice(0, 5)}.`)) {
          await fs.rm(join(dir, other), { force: true });
        }
      }
      return uploaded(200, etag, location(key, url.origin));
    }

    checkDeclaredLength(request, upload.maxBytes);
    if (!request.body) throw new UploadRefused(400, 'bad_request', 'The upload has no body');

    return this.#receiveSingle(key, upload.expires, async () => {
      const received = await this.#receiveBody(request.body!, upload.maxBytes);
      await this.#layout.place(key, received.path);
      return uploaded(200, received.etag, location(key, url.origin));
    });
  }

  /**
   * A signed GET of a private object (assets/<id>, a gated download: issue 27), as an S3
   * presigned GET with response-content-disposition answers it: the bytes as an attachment.
   */
  async #sendPrivate(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = url.pathname.slice(LOCAL_UPLOAD_PATH.length + 1);
    if (!KEY_RE.test(key) || !key.startsWith('assets/')) {
      throw new UploadRefused(404, 'not_found', 'No such download URL');
    }
    const fileName = url.searchParams.get('X-Pb-File-Name') ?? '';
    this.#checkSignature(
      { method: 'GET', key, fileName },
      url.searchParams.get('X-Pb-Expires'),
      '0',
      url.searchParams.get('X-Pb-Signature'),
    );
    const body = await fs.readFile(this.#layout.path(key)).catch(ignoreMissing);
    if (!body) throw new UploadRefused(404, 'not_found', 'The file no longer exists');
    return new Response(new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(body.length),
        'Content-Disposition': attachmentDisposition(fileName),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
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
    let metadata: Record<string, string> = {};
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
          // The metadata fields (x-amz-meta-*) are signed with the rest and kept, as S3 does.
          metadata = Object.fromEntries(
            Object.entries(fields)
              .filter(([name]) => name.startsWith(METADATA_PREFIX))
              .map(([name, value]) => [name.slice(METADATA_PREFIX.length), value]),
          );
          const signedMetadata = Object.keys(metadata).length
            ? { metadata: canonicalMetadata(metadata) }
            : {};
          upload = this.#checkSignature(
            { method: 'POST', key, ...signedMetadata },
            fields['x-pb-expires'] ?? null,
            fields['x-pb-max-bytes'] ?? null,
            fields['x-pb-signature'] ?? null,
          );
          checkDeclaredLength(request, upload.maxBytes, FORM_ENVELOPE_BYTES);
          release = await this.#claim(key, upload.expires);
          sink = await this.#openSink(upload.maxBytes);
        },
        async (chunk) => sink!.write(chunk),
      );
      if (!upload || !sink) throw new UploadRefused(400, 'bad_request', 'The form has no file');
      const received = await sink.close();
      sink = undefined;
      await this.#layout.place(upload.key, received.path, metadata);
      return uploaded(204, received.etag, location(upload.key, url.origin));
    } catch (error) {
      await sink?.discard();
      await release?.();
      throw error;
    }
  }

  #checkSignature(
    target: Pick<
      SignedUpload,
      'method' | 'key' | 'uploadId' | 'partNumber' | 'fileName' | 'metadata'
    >,
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
    const dir = join(this.#layout.root, '.used');
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
    const dir = join(this.#layout.root, '.used');
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
    already = 0,
  ): Promise<{ path: string; etag: string }> {
    const sink = await this.#openSink(maxBytes, already);
    try {
      for await (const chunk of chunks(body)) await sink.write(chunk);
      return await sink.close();
    } catch (error) {
      await sink.discard();
      throw error;
    }
  }

  /** A temp file that refuses the byte that takes `already` + its own past `maxBytes`. */
  async #openSink(maxBytes: number, already = 0): Promise<BodySink> {
    const path = await this.#layout.tempPath();
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
        if (already + bytes > maxBytes) {
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

/**
 * A form's envelope (boundaries, the signed fields) adds a few hundred bytes to the file:
 * the allowance for it when a form's Content-Length is checked. The file itself is held
 * to the signed limit while it streams, and every message quotes that limit.
 */
const FORM_ENVELOPE_BYTES = 64 * 1024;

/** Refuses a declared Content-Length past `maxBytes` + `allowance`, quoting `maxBytes`. */
function checkDeclaredLength(request: Request, maxBytes: number, allowance = 0): void {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + allowance) {
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

/** The bytes of a multipart upload's parts other than `partNumber` (which it replaces). */
async function otherPartsBytes(dir: string, partNumber: number): Promise<number> {
  let total = 0;
  for (const name of await fs.readdir(dir)) {
    const match = /^(\d{5})\.[0-9a-f]{32}$/.exec(name);
    if (!match || Number(match[1]) === partNumber) continue;
    const stat = await fs.stat(join(dir, name)).catch(() => undefined);
    total += stat?.size ?? 0;
  }
  return total;
}
