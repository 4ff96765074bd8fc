// One contract for both ObjectStore drivers: the disk driver behind a real local HTTP
// server, and the S3 driver against moto_server (a real S3-compatible server started by
// functions/test/global-setup.ts). The "browser" is fetch sending the bytes to the
// presigned URLs, as Uppy does.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DiskObjectStore, MIN_PART_BYTES } from './disk.ts';
import { ObjectStoreError, type ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3.ts';

interface Driver {
  store: ObjectStore;
  origin: string;
  /** The served headers of a public object. */
  publicHeaders(key: string): Promise<{ contentType?: string; cacheControl?: string }>;
  close(): Promise<void>;
}

async function diskDriver(): Promise<Driver> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pb-objects-'));
  const store = new DiskObjectStore({ dataDir });
  const server: Server = createServer(
    getRequestListener((request) => store.localUploads.receive(request)),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    store,
    origin: `http://127.0.0.1:${port}`,
    publicHeaders: async (key) => {
      const served = await store.served.servedObject(key.slice('uploads/'.length));
      return { contentType: served?.contentType, cacheControl: served?.cacheControl };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3Driver(): Promise<Driver> {
  const bucket = `pb-test-${randomUUID().slice(0, 8)}`;
  const store = new S3ObjectStore({
    bucket,
    region: 'us-east-1',
    endpoint: inject('motoEndpoint'),
    credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' },
  });
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    store,
    origin: 'http://unused.invalid',
    publicHeaders: async (key) => {
      const object = await store.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { contentType: object.ContentType, cacheControl: object.CacheControl };
    },
    close: async () => store.client.destroy(),
  };
}

const pendingKey = () => `pending/${randomUUID()}`;
const sign = (driver: Driver, maxBytes = 20 * 1024 * 1024) => ({
  origin: driver.origin,
  expiresIn: 900,
  maxBytes,
});

async function expectStoreError(promise: Promise<unknown>, code: ObjectStoreError['code']) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ObjectStoreError);
  expect((error as ObjectStoreError).code).toBe(code);
}

describe.each([
  ['disk', diskDriver],
  ['s3 (moto_server)', s3Driver],
])('ObjectStore contract: %s driver', (_name, makeDriver) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await makeDriver();
  });
  afterAll(async () => driver.close());

  it('takes a whole body PUT to a presigned URL and reads it back', async () => {
    const key = pendingKey();
    const body = randomBytes(70_000);
    const url = await driver.store.presignPut(key, sign(driver));
    const put = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await driver.store.size(key)).toBe(body.length);
    expect(Buffer.compare((await driver.store.read(key))!, body)).toBe(0);
  });

  it('takes the form POST @uppy/aws-s3 sends: the fields, then the file', async () => {
    const key = pendingKey();
    const body = randomBytes(123_457);
    const { url, fields } = await driver.store.presignPost(key, sign(driver));
    expect(fields['key']).toBe(key);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([body], { type: 'image/jpeg' }), 'photo.jpg');
    const posted = await fetch(url, { method: 'POST', body: form });
    expect(posted.status).toBeGreaterThanOrEqual(200);
    expect(posted.status).toBeLessThan(300);
    // (S3 and the disk driver answer an ETag here, moto does not; Uppy does not need one.)
    expect(Buffer.compare((await driver.store.read(key))!, body)).toBe(0);
  });

  it('keeps the metadata a POST form carries, and reads it back', async () => {
    const key = pendingKey();
    const metadata = { ticket: 'eyJpZCI6IngifQ.abc_-123' };
    const { url, fields } = await driver.store.presignPost(key, sign(driver), metadata);
    expect(fields['x-amz-meta-ticket']).toBe(metadata.ticket);
    expect(await driver.store.metadata(key)).toBeUndefined();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([randomBytes(2048)], { type: 'image/jpeg' }), 'photo.jpg');
    const posted = await fetch(url, { method: 'POST', body: form });
    expect(posted.status).toBeGreaterThanOrEqual(200);
    expect(posted.status).toBeLessThan(300);
    expect(await driver.store.metadata(key)).toEqual(metadata);
    // An object uploaded without any has none.
    const plain = pendingKey();
    await fetch(await driver.store.presignPut(plain, sign(driver)), {
      method: 'PUT',
      body: randomBytes(10),
    });
    expect(await driver.store.metadata(plain)).toEqual({});
    await driver.store.delete([key]);
    expect(await driver.store.metadata(key)).toBeUndefined();
  });

  it('assembles a multipart upload from parts PUT to presigned URLs, answering ETags', async () => {
    const key = pendingKey();
    const first = randomBytes(MIN_PART_BYTES);
    const second = randomBytes(4321);
    const uploadId = await driver.store.createMultipart(key);
    const etags: string[] = [];
    for (const [index, part] of [first, second].entries()) {
      const url = await driver.store.presignPart(key, uploadId, index + 1, sign(driver));
      const put = await fetch(url, { method: 'PUT', body: part });
      expect(put.status).toBe(200);
      const etag = put.headers.get('etag');
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      etags.push(etag!);
    }
    const listed = await driver.store.listParts(key, uploadId);
    expect(listed).toEqual([
      { PartNumber: 1, Size: first.length, ETag: etags[0] },
      { PartNumber: 2, Size: second.length, ETag: etags[1] },
    ]);
    // Uppy sends the ETags without their quotes.
    await driver.store.completeMultipart(key, uploadId, [
      { PartNumber: 1, ETag: etags[0]!.replaceAll('"', '') },
      { PartNumber: 2, ETag: etags[1]!.replaceAll('"', '') },
    ]);
    expect(Buffer.compare((await driver.store.read(key))!, Buffer.concat([first, second]))).toBe(0);
    await expectStoreError(driver.store.listParts(key, uploadId), 'no_such_upload');
  });

  it('refuses to complete with a part that was not uploaded, and keeps the upload', async () => {
    const key = pendingKey();
    const uploadId = await driver.store.createMultipart(key);
    const url = await driver.store.presignPart(key, uploadId, 1, sign(driver));
    const etag = (await fetch(url, { method: 'PUT', body: randomBytes(1000) })).headers.get(
      'etag',
    )!;
    await expectStoreError(
      driver.store.completeMultipart(key, uploadId, [{ PartNumber: 1, ETag: '0'.repeat(32) }]),
      'invalid_part',
    );
    await expectStoreError(
      driver.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: etag },
        { PartNumber: 2, ETag: etag },
      ]),
      'invalid_part',
    );
    expect(await driver.store.size(key)).toBeUndefined();
    expect(await driver.store.listParts(key, uploadId)).toHaveLength(1);
  });

  it('refuses a part under 5 MiB that is not the last', async () => {
    const key = pendingKey();
    const uploadId = await driver.store.createMultipart(key);
    const etags: string[] = [];
    for (const partNumber of [1, 2]) {
      const url = await driver.store.presignPart(key, uploadId, partNumber, sign(driver));
      etags.push(
        (await fetch(url, { method: 'PUT', body: randomBytes(1000) })).headers.get('etag')!,
      );
    }
    await expectStoreError(
      driver.store.completeMultipart(key, uploadId, [
        { PartNumber: 1, ETag: etags[0]! },
        { PartNumber: 2, ETag: etags[1]! },
      ]),
      'part_too_small',
    );
  });

  it('aborts a multipart upload; the upload id is then unknown', async () => {
    const key = pendingKey();
    const uploadId = await driver.store.createMultipart(key);
    await driver.store.abortMultipart(key, uploadId);
    await expectStoreError(driver.store.listParts(key, uploadId), 'no_such_upload');
    await expectStoreError(driver.store.abortMultipart(key, uploadId), 'no_such_upload');
  });

  it('does not know an upload id it did not hand out', async () => {
    await expectStoreError(driver.store.listParts(pendingKey(), 'A'.repeat(32)), 'no_such_upload');
  });

  it('publishes with the given Content-Type and Cache-Control, then deletes', async () => {
    const id = randomUUID();
    const main = `uploads/${id}`;
    const variant = `uploads/${id}.v1.w480.webp`;
    await driver.store.publish(main, Buffer.from('jpeg bytes'), {
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=60',
    });
    await driver.store.publish(variant, Buffer.from('webp bytes'), {
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await driver.publicHeaders(main)).toEqual({
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=60',
    });
    expect(await driver.publicHeaders(variant)).toEqual({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect((await driver.store.read(main))!.toString()).toBe('jpeg bytes');
    await driver.store.delete([main, variant, `pending/${randomUUID()}`]);
    expect(await driver.store.size(main)).toBeUndefined();
    expect(await driver.store.read(variant)).toBeUndefined();
  });

  it('answers undefined for objects that do not exist', async () => {
    expect(await driver.store.size(pendingKey())).toBeUndefined();
    expect(await driver.store.read(pendingKey())).toBeUndefined();
  });
});
