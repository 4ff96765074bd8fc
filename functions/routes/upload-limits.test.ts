// The size limit of uploads is enforced as early as each path allows
// (docs/decisions/0125-upload-size-refused-early.md): a multipart upload whose declared size is
// over MEDIA_MAX_BYTES is refused at create; on the disk driver the part that crosses the limit is
// refused while it streams; on S3, whose presigned part URLs cannot carry a size, the signing of
// any later part is refused once the stored parts are over it (and complete still checks the
// whole). The form POST's 413 quotes the documented limit. Both drivers: the disk under a temp
// DATA_DIR and S3 on moto_server (functions/test/moto.ts), through the real app on a real socket
// (functions/test/media-kit.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { paddedJpeg } from '../media/test-images.ts';
import type { S3CreateMultipartResponse } from '../shared/media.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const MiB = 1024 * 1024;

describe.each(DRIVERS)('upload size limits (%s driver)', (driver) => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  const create = (body: Record<string, unknown>) =>
    t.call('POST', '/api/s3/multipart', { filename: 'big.jpg', type: 'image/jpeg', ...body });
  it('refuses a multipart upload whose declared size is over the limit at create', async () => {
    t = await mediaApp(driver, { MEDIA_MAX_BYTES: String(6 * MiB) });
    const response = await create({ size: 6 * MiB + 1 });
    expect(response.status).toBe(413);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toBe(
      `The file is ${6 * MiB + 1} bytes; at most ${6 * MiB} bytes are accepted`,
    );
    expect(error.fields).toEqual({ size: [`must be at most ${6 * MiB} bytes`] });
    // A size within the limit, or none (what @uppy/aws-s3 6.3 sends), starts the upload.
    expect((await create({ size: 6 * MiB })).status).toBe(200);
    expect((await create({})).status).toBe(200);
  });

  it('a multipart upload within the limit still completes and publishes', async () => {
    t = await mediaApp(driver, { MEDIA_MAX_BYTES: String(8 * MiB) });
    const { complete, objectPath } = await t.uploadMultipart(await paddedJpeg(7 * MiB), 5 * MiB);
    expect(complete.status).toBe(200);
    expect((await t.publish(objectPath)).status).toBe(201);
  });
});

describe('the part that crosses the limit (disk driver)', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('is refused while it streams, before complete', async () => {
    t = await mediaApp('disk', { MEDIA_MAX_BYTES: String(6 * MiB) });
    const created = (await (
      await t.call('POST', '/api/s3/multipart', { filename: 'big.jpg', type: 'image/jpeg' })
    ).json()) as S3CreateMultipartResponse;
    const sign = async (partNumber: number) =>
      (
        (await (
          await t.call(
            'GET',
            `/api/s3/multipart/${encodeURIComponent(created.uploadId)}/${partNumber}?${new URLSearchParams({ key: created.key })}`,
          )
        ).json()) as { url: string }
      ).url;
    const first = await fetch(await sign(1), { method: 'PUT', body: new Uint8Array(5 * MiB) });
    expect(first.status).toBe(200);
    const second = await fetch(await sign(2), { method: 'PUT', body: new Uint8Array(2 * MiB) });
    expect(second.status).toBe(413);
    expect(((await second.json()) as ErrorBody).error.message).toBe(
      `The upload is larger than ${6 * MiB} bytes`,
    );
    // A part sent again replaces the earlier one, so it counts once: 5 MiB again fits
    // beside nothing, and 1 MiB fits beside the first part.
    expect(
      (await fetch(await sign(1), { method: 'PUT', body: new Uint8Array(5 * MiB) })).status,
    ).toBe(200);
    expect((await fetch(await sign(2), { method: 'PUT', body: new Uint8Array(MiB) })).status).toBe(
      200,
    );
  });
});

describe('the part after the limit (S3 driver, moto)', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('cannot be signed once the stored parts are over the limit; the upload is aborted', async () => {
    t = await mediaApp('s3', { MEDIA_MAX_BYTES: String(6 * MiB) });
    const created = (await (
      await t.call('POST', '/api/s3/multipart', { filename: 'big.jpg', type: 'image/jpeg' })
    ).json()) as S3CreateMultipartResponse;
    const path = (partNumber: number) =>
      `/api/s3/multipart/${encodeURIComponent(created.uploadId)}/${partNumber}?${new URLSearchParams({ key: created.key })}`;
    // S3 takes any part body: 7 MiB in part 1 is over the limit already.
    const signed = (await (await t.call('GET', path(1))).json()) as { url: string };
    expect((await fetch(signed.url, { method: 'PUT', body: new Uint8Array(7 * MiB) })).ok).toBe(
      true,
    );
    const next = await t.call('GET', path(2));
    expect(next.status).toBe(413);
    expect(((await next.json()) as ErrorBody).error.message).toBe(
      `The file is more than ${6 * MiB} bytes; at most ${6 * MiB} bytes are accepted`,
    );
    // Nothing is kept: the upload and its ticket are gone.
    expect((await t.call('GET', path(2))).status).toBe(404);
    await expect(t.store.listParts(created.key, created.uploadId)).rejects.toThrow();
  });
});

describe('the form POST over the limit (disk driver)', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('quotes the documented limit, not the allowance for the form envelope', async () => {
    t = await mediaApp('disk');
    // Declared far past the limit and its envelope: refused from Content-Length.
    const { posted } = await t.uploadForm(Buffer.alloc(11 * MiB, 1), 'big.png', 'image/png');
    expect(posted.status).toBe(413);
    expect(((await posted.json()) as ErrorBody).error.message).toBe(
      'The upload is larger than 10485760 bytes',
    );
  });
});
