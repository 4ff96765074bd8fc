// The media API tests' set-up: the real app over a fresh table, with either storage driver
// (the disk under a temp DATA_DIR, or S3 on moto_server), served on a real socket by the
// local server's front (so the disk driver's signed upload URLs and /objects/uploads/*
// work), and an "uploader" that makes the very calls @uppy/aws-s3 6 makes
// (node_modules/@uppy/aws-s3/src/s3-client/CompanionS3.ts) plus docs/requirements.md §7's PUT flow.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { createFrontServer } from '../server/http.ts';
import type { ServiceOptions } from '../services.ts';
import type { MediaRecord, S3CreateMultipartResponse, S3ParamsResponse } from '../shared/media.ts';
import { DiskObjectStore } from '../storage/disk.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { S3ObjectStore } from '../storage/s3.ts';
import { createUploadsHandler } from '../storage/serve.ts';
import { adminTestApp } from './harness.ts';

/** A small but real PDF (header, one empty page, trailer), for gated downloads. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export type DriverName = 'disk' | 's3';
export const DRIVERS: DriverName[] = ['disk', 's3'];

export async function mediaApp(
  driver: DriverName,
  env: Record<string, string> = {},
  options: Omit<ServiceOptions, 'log' | 'objects'> = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pb-media-'));
  let objects: ObjectStore | undefined;
  if (driver === 's3') {
    const bucket = `pb-media-${randomUUID().slice(0, 8)}`;
    const store = new S3ObjectStore({
      bucket,
      region: 'us-east-1',
      endpoint: inject('motoEndpoint'),
      credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' },
      ...(options.now ? { now: options.now } : {}),
    });
    await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
    objects = store;
  }
  const base = await adminTestApp(
    { DATA_DIR: dataDir, ...env },
    { ...options, ...(objects ? { objects } : {}) },
  );
  const store = base.services.objects;
  const uploads = store instanceof DiskObjectStore ? createUploadsHandler(store) : undefined;
  const server = createFrontServer({
    fetch: (request, nodeEnv) => base.app.fetch(request, nodeEnv),
    site: () => undefined,
    uploads: () => uploads,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A call to the API as the signed-in admin (`cookie: ''` for an anonymous one). */
  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        cookie: base.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const expectOk = async <T>(response: Response): Promise<T> => {
    if (!response.ok) {
      throw new Error(`${response.status} ${response.url}: ${await response.text()}`);
    }
    return (await response.json()) as T;
  };

  /** docs/requirements.md §7's flow: POST /api/objects/upload, then PUT the bytes to uploadURL. */
  const uploadPut = async (bytes: Buffer) => {
    const ticket = await expectOk<{ uploadURL: string; objectPath: string }>(
      await call('POST', '/api/objects/upload'),
    );
    const put = await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(bytes) });
    return { ...ticket, put };
  };

  /** What Uppy does for a file under the multipart threshold: GET /params, POST the form. */
  const uploadForm = async (bytes: Buffer, fileName = 'photo.jpg', type = 'image/jpeg') => {
    const query = new URLSearchParams({ filename: fileName, type, 'metadata[name]': fileName });
    const params = await expectOk<S3ParamsResponse>(await call('GET', `/api/s3/params?${query}`));
    const form = new FormData();
    for (const [name, value] of Object.entries(params.fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
    const posted = await fetch(params.url, { method: 'POST', body: form });
    return { params, posted, objectPath: params.objectPath };
  };

  /** What Uppy does above the threshold: create, sign and PUT each part, complete. */
  const uploadMultipart = async (bytes: Buffer, partBytes: number, fileName = 'big.jpg') => {
    const created = await expectOk<S3CreateMultipartResponse>(
      await call('POST', '/api/s3/multipart', {
        filename: fileName,
        type: 'image/jpeg',
        metadata: {},
      }),
    );
    const { uploadId, key } = created;
    const parts: { ETag: string; PartNumber: number }[] = [];
    for (let start = 0, partNumber = 1; start < bytes.length; start += partBytes, partNumber++) {
      const signed = await expectOk<{ url: string }>(
        await call(
          'GET',
          `/api/s3/multipart/${encodeURIComponent(uploadId)}/${partNumber}?${new URLSearchParams({ key })}`,
        ),
      );
      const put = await fetch(signed.url, {
        method: 'PUT',
        body: new Uint8Array(bytes.subarray(start, start + partBytes)),
      });
      if (!put.ok) throw new Error(`part ${partNumber}: ${put.status} ${await put.text()}`);
      // Uppy strips the quotes (sanitizeETag).
      parts.push({ ETag: put.headers.get('etag')!.replaceAll('"', ''), PartNumber: partNumber });
    }
    const complete = await call(
      'POST',
      `/api/s3/multipart/${encodeURIComponent(uploadId)}/complete?${new URLSearchParams({ key })}`,
      { parts },
    );
    return { created, parts, complete, objectPath: created.objectPath };
  };

  const publish = (objectPath: string) =>
    call('POST', '/api/objects/acl', { objectPath, visibility: 'public' });

  /** Upload (form) and publish; the record. */
  const addImage = async (bytes: Buffer, fileName = 'photo.jpg') => {
    const { objectPath, posted } = await uploadForm(bytes, fileName);
    if (!posted.ok) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
    return expectOk<MediaRecord>(await publish(objectPath));
  };

  /** A stored object's bytes, from whichever driver: uploads/<name>. */
  const stored = (key: string) => store.read(key);

  return {
    ...base,
    driver,
    dataDir,
    url,
    store,
    call,
    expectOk,
    uploadPut,
    uploadForm,
    uploadMultipart,
    publish,
    addImage,
    stored,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      if (store instanceof S3ObjectStore) store.client.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type MediaApp = Awaited<ReturnType<typeof mediaApp>>;
