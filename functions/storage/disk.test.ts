// The disk driver's receiving side on its own: the size limit holds while a body streams in
// (no Content-Length to trust), nothing half-written is left behind, and form uploads are
// parsed whatever their chunking.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskObjectStore } from './disk.ts';

let dataDir: string;
let store: DiskObjectStore;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pb-disk-'));
  store = new DiskObjectStore({ dataDir });
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

const options = { origin: 'http://127.0.0.1:1', expiresIn: 60, maxBytes: 1000 };

/** A body without a length, in `pieces` chunks of `size` bytes. */
function stream(pieces: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === pieces) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(65));
    },
  });
}

const put = (url: string, body: ReadableStream<Uint8Array> | string) =>
  store.localUploads.receive(
    new Request(url, { method: 'PUT', body, duplex: 'half' } as RequestInit),
  );

async function leftovers(): Promise<string[]> {
  return readdir(join(dataDir, 'objects', '.tmp')).catch(() => []);
}

describe('disk driver: receiving uploads', () => {
  it('stops a streamed body past its signed size with 413 and keeps nothing', async () => {
    const key = `pending/${randomUUID()}`;
    const url = await store.presignPut(key, options);
    const response = await put(url, stream(20, 100));
    expect(response.status).toBe(413);
    expect(await store.size(key)).toBeUndefined();
    expect(await leftovers()).toEqual([]);
    // The refused attempt did not spend the URL.
    expect((await put(url, stream(10, 100))).status).toBe(200);
    expect(await store.size(key)).toBe(1000);
  });

  it('stops a form upload past its signed size with 413', async () => {
    const key = `pending/${randomUUID()}`;
    const { url, fields } = await store.presignPost(key, options);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(1001)]), 'big.bin');
    const response = await store.localUploads.receive(
      new Request(url, { method: 'POST', body: form }),
    );
    expect(response.status).toBe(413);
    expect(await store.size(key)).toBeUndefined();
    expect(await leftovers()).toEqual([]);
  });

  it('reads a form whatever its chunking, byte by byte included', async () => {
    const key = `pending/${randomUUID()}`;
    const { url, fields } = await store.presignPost(key, options);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const file = Buffer.from(`--not-the-boundary\r\n${'x'.repeat(300)}\r\n--`);
    form.set('file', new Blob([file]), 'tricky.bin');
    const encoded = new Request(url, { method: 'POST', body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let at = 0;
    const oneByOne = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at === bytes.length) controller.close();
        else controller.enqueue(bytes.subarray(at, ++at));
      },
    });
    const response = await store.localUploads.receive(
      new Request(url, {
        method: 'POST',
        body: oneByOne,
        headers: { 'content-type': encoded.headers.get('content-type')! },
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(204);
    expect((await store.read(key))!.equals(file)).toBe(true);
  });

  it('refuses a form without the signed fields or without a file', async () => {
    const key = `pending/${randomUUID()}`;
    const { url, fields } = await store.presignPost(key, options);
    const noFile = new FormData();
    for (const [name, value] of Object.entries(fields)) noFile.set(name, value);
    expect(
      (await store.localUploads.receive(new Request(url, { method: 'POST', body: noFile }))).status,
    ).toBe(400);
    const unsigned = new FormData();
    unsigned.set('key', key);
    unsigned.set('file', new Blob(['x']));
    expect(
      (await store.localUploads.receive(new Request(url, { method: 'POST', body: unsigned })))
        .status,
    ).toBe(403);
    const notForm = new Request(url, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect((await store.localUploads.receive(notForm)).status).toBe(400);
    expect(await store.size(key)).toBeUndefined();
  });

  it('refuses a form whose metadata was changed, added or left out, as an S3 policy does', async () => {
    const key = `pending/${randomUUID()}`;
    const { url, fields } = await store.presignPost(key, options, { ticket: 'signed.one' });
    const send = (edit: (form: FormData) => void) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      edit(form);
      form.set('file', new Blob(['x']), 'a.png');
      return store.localUploads.receive(new Request(url, { method: 'POST', body: form }));
    };
    const refusals = [
      (form: FormData) => form.set('x-amz-meta-ticket', 'another.one'),
      (form: FormData) => form.delete('x-amz-meta-ticket'),
      (form: FormData) => form.set('x-amz-meta-extra', 'x'),
    ];
    for (const edit of refusals) expect((await send(edit)).status).toBe(403);
    expect(await store.size(key)).toBeUndefined();
    // A form without metadata cannot gain any either.
    const plainKey = `pending/${randomUUID()}`;
    const plain = await store.presignPost(plainKey, options);
    const form = new FormData();
    for (const [name, value] of Object.entries(plain.fields)) form.set(name, value);
    form.set('x-amz-meta-ticket', 'forged.one');
    form.set('file', new Blob(['x']), 'a.png');
    const gained = await store.localUploads.receive(
      new Request(plain.url, { method: 'POST', body: form }),
    );
    expect(gained.status).toBe(403);
    expect((await send(() => undefined)).status).toBe(204);
    expect(await store.metadata(key)).toEqual({ ticket: 'signed.one' });
  });

  it('answers part uploads for an unknown upload with 404', async () => {
    const key = `pending/${randomUUID()}`;
    const uploadId = await store.createMultipart(key);
    const url = await store.presignPart(key, uploadId, 1, options);
    await store.abortMultipart(key, uploadId);
    expect((await put(url, 'part')).status).toBe(404);
  });
});
