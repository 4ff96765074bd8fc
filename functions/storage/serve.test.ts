// The local server serving published uploads from the disk driver, over a real socket with
// raw request paths (so traversal attempts arrive exactly as an attacker writes them).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontServer } from '../server/http.ts';
import { DiskObjectStore } from './disk.ts';
import { createUploadsHandler } from './serve.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let dataDir: string;
let store: DiskObjectStore;
let server: Server;
let port: number;

function get(path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = httpRequest(
      { hostname: '127.0.0.1', port, path, method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const id = randomUUID();
const pendingId = randomUUID();
const jpeg = Buffer.from('ffd8ffe0 not really a jpeg, the server does not care', 'latin1');
const webp = Buffer.from('RIFF....WEBPVP8 variant bytes', 'latin1');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pb-serve-'));
  store = new DiskObjectStore({ dataDir });
  await store.publish(`uploads/${id}`, jpeg, {
    contentType: 'image/jpeg',
    cacheControl: 'public, max-age=60',
  });
  await store.publish(`uploads/${id}.v3.w480.webp`, webp, {
    contentType: 'image/webp',
    cacheControl: 'public, max-age=31536000, immutable',
  });
  await writeFile(join(dataDir, 'secret.txt'), 'do not serve');
  // A pending upload sits in the store but is never served.
  const url = await store.presignPut(`pending/${pendingId}`, {
    origin: 'http://x',
    expiresIn: 60,
    maxBytes: 100,
  });
  await store.localUploads.receive(new Request(url, { method: 'PUT', body: 'pending bytes' }));
  expect(await store.size(`pending/${pendingId}`)).toBe(13);
  const handler = createUploadsHandler(store);
  server = createFrontServer({
    fetch: () => new Response('api', { status: 418 }),
    site: () => undefined,
    uploads: () => handler,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dataDir, { recursive: true, force: true });
});

const SANDBOX = "default-src 'none'; sandbox";

describe('serving /objects/uploads/* from the disk driver', () => {
  it('serves the image with its verified type, nosniff, a sandbox CSP and a short cache', async () => {
    const response = await get(`/objects/uploads/${id}`);
    expect(response.status).toBe(200);
    expect(response.body.equals(jpeg)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(jpeg.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': SANDBOX,
      'cache-control': 'public, max-age=60',
    });
    expect(response.headers['etag']).toMatch(/^"[\w-]+"$/);
    // A query string (a cache buster) changes nothing.
    expect((await get(`/objects/uploads/${id}?v=2`)).body.equals(jpeg)).toBe(true);
  });

  it('serves a single byte range, 416 past the end, and COOP/CORP same-origin (issue 33)', async () => {
    const whole = await get(`/objects/uploads/${id}`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(whole.headers['cross-origin-opener-policy']).toBe('same-origin');
    const part = await get(`/objects/uploads/${id}`, 'GET', { range: 'bytes=4-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-9/${jpeg.length}`);
    expect(part.body.equals(jpeg.subarray(4, 10))).toBe(true);
    const past = await get(`/objects/uploads/${id}`, 'GET', { range: `bytes=${jpeg.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${jpeg.length}`);
    const several = await get(`/objects/uploads/${id}`, 'GET', { range: 'bytes=0-1,3-4' });
    expect(several.status).toBe(200);
    expect(several.body.equals(jpeg)).toBe(true);
  });

  it('caches versioned variants for a year', async () => {
    const response = await get(`/objects/uploads/${id}.v3.w480.webp`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers HEAD without a body and a matching If-None-Match with 304', async () => {
    const head = await get(`/objects/uploads/${id}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = String(head.headers['etag']);
    const again = await get(`/objects/uploads/${id}`, 'GET', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get(`/objects/uploads/${id}`, 'POST')).status).toBe(405);
  });

  it('answers 404 for pending, unknown and deleted ids, with the same protective headers', async () => {
    const unknown = randomUUID();
    for (const path of [
      `/objects/uploads/${pendingId}`,
      `/objects/pending/${pendingId}`,
      `/objects/uploads/${unknown}`,
      `/objects/uploads/${id}.v2.w480.webp`,
      `/objects/uploads/${id}.v3.w960.webp`,
      `/objects/uploads/${id}.meta`,
      `/objects/uploads/${id}/`,
      `/objects/uploads/${id.toUpperCase()}`,
      '/objects/uploads/',
      '/objects/',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(SANDBOX);
    }
    const doomed = randomUUID();
    await store.publish(`uploads/${doomed}`, jpeg, {
      contentType: 'image/jpeg',
      cacheControl: 'no-cache',
    });
    expect((await get(`/objects/uploads/${doomed}`)).status).toBe(200);
    await store.delete([`uploads/${doomed}`]);
    expect((await get(`/objects/uploads/${doomed}`)).status).toBe(404);
  });

  it('answers 400 for traversal, encoded, NUL and over-long paths, and never reads outside', async () => {
    for (const path of [
      `/objects/uploads/../pending/${pendingId}`,
      '/objects/uploads/../../secret.txt',
      '/objects/uploads/%2e%2e/%2e%2e/secret.txt',
      '/objects/uploads/..%2f..%2fsecret.txt',
      '/objects/uploads/..%5c..%5csecret.txt',
      '/objects/uploads/..\\..\\secret.txt',
      `/objects/uploads/${id}%00.png`,
      '/objects/..%2fupload-signing.key',
      `/objects/uploads//${id}`,
      `/objects/uploads/${id}${'a'.repeat(300)}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.toString()).not.toContain('do not serve');
    }
  });
});
