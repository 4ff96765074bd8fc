// Refused files and bad requests on both storage drivers: every refusal names its reason
// (413, 415, 422), deletes the pending object and uses up the upload, so nothing is left
// half-uploaded and nothing already published changes.
import { afterEach, describe, expect, it } from 'vitest';
import {
  brokenJpeg,
  HTML_AS_PNG,
  paddedJpeg,
  PDF,
  pixelBombPng,
  png,
  pngWithHtml,
  SVG_WITH_SCRIPT,
} from '../media/test-images.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

const idOf = (objectPath: string) => objectPath.split('/').pop()!;

describe.each(DRIVERS)('refused uploads (%s driver)', (driver) => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  /** Uploads with Uppy's form POST, publishes, and checks the refusal and the clean-up. */
  async function refused(bytes: Buffer, fileName: string, type: string, status: number) {
    const { objectPath, posted } = await t.uploadForm(bytes, fileName, type);
    expect(posted.ok).toBe(true);
    const response = await t.publish(objectPath);
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(await t.store.size(`pending/${idOf(objectPath)}`)).toBeUndefined();
    // The upload is used up: publishing it again finds nothing.
    expect((await t.publish(objectPath)).status).toBe(404);
    expect(await t.services.media.get(idOf(objectPath))).toBeUndefined();
    return body.error;
  }

  it('refuses an SVG carrying a script: 415', async () => {
    t = await mediaApp(driver);
    const error = await refused(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', 415);
    expect(error).toEqual({
      code: 'unsupported_media_type',
      message: 'This file is not an image; only JPEG, PNG, WebP, AVIF or GIF images are accepted',
    });
  });

  it('refuses HTML renamed .png and sent as image/png: 415', async () => {
    t = await mediaApp(driver);
    const error = await refused(HTML_AS_PNG, 'cat.png', 'image/png', 415);
    expect(error.code).toBe('unsupported_media_type');
  });

  it('refuses a PDF (415) and a PNG with a page appended (415)', async () => {
    t = await mediaApp(driver);
    expect((await refused(PDF, 'scan.jpg', 'image/jpeg', 415)).message).toContain('PDF');
    expect((await refused(await pngWithHtml(), 'x.png', 'image/png', 415)).message).toBe(
      'This PNG file also carries a script, so it is refused',
    );
  });

  it('refuses a pixel bomb from its header: 422 naming the size', async () => {
    t = await mediaApp(driver);
    const error = await refused(pixelBombPng(), 'tiny.png', 'image/png', 422);
    expect(error).toEqual({
      code: 'unprocessable',
      message: 'The image is 100000 × 100000 pixels; at most 50000000 pixels are accepted',
    });
  });

  it('refuses what cannot be decoded: 422', async () => {
    t = await mediaApp(driver);
    const error = await refused(brokenJpeg(), 'photo.jpg', 'image/jpeg', 422);
    expect(error.message).toMatch(/could not be read as a JPEG image/);
  });

  it('refuses a 10 MB + 1 byte file: 413, on disk while it streams, on S3 when published', async () => {
    t = await mediaApp(driver);
    const tooBig = await paddedJpeg(10_485_761);
    expect(tooBig.length).toBe(10_485_761);
    const { objectPath, put } = await t.uploadPut(tooBig);
    if (driver === 'disk') {
      // The signed limit stops the body; nothing was stored.
      expect(put.status).toBe(413);
      expect(((await put.json()) as ErrorBody).error.message).toBe(
        'The upload is larger than 10485760 bytes',
      );
      const response = await t.publish(objectPath);
      expect(response.status).toBe(409);
      expect(((await response.json()) as ErrorBody).error.message).toBe(
        'Nothing has been uploaded to this path yet',
      );
    } else {
      // A presigned S3 PUT cannot bound its size: the publish step refuses and deletes it.
      expect(put.status).toBe(200);
      const response = await t.publish(objectPath);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: {
          code: 'payload_too_large',
          message: 'The file is 10485761 bytes; at most 10485760 bytes are accepted',
        },
      });
      expect(await t.store.size(`pending/${idOf(objectPath)}`)).toBeUndefined();
    }
  });

  it('a file of exactly MEDIA_MAX_BYTES is accepted', async () => {
    t = await mediaApp(driver);
    const { objectPath, put } = await t.uploadPut(await paddedJpeg(10_485_760));
    expect(put.status).toBe(200);
    expect((await t.publish(objectPath)).status).toBe(201);
  });

  it('refuses a multipart upload whose parts add up to more than MEDIA_MAX_BYTES: 413 at the crossing part on disk, at complete on S3', async () => {
    t = await mediaApp(driver, { MEDIA_MAX_BYTES: String(6 * 1024 * 1024) });
    const upload = t.uploadMultipart(await paddedJpeg(7 * 1024 * 1024), 5 * 1024 * 1024);
    if (driver === 'disk') {
      // The disk driver sees the part arrive (functions/routes/upload-limits.test.ts).
      await expect(upload).rejects.toThrow('part 2: 413');
      return;
    }
    // A presigned S3 part URL carries no size limit: the sum is checked at complete.
    const { complete, created } = await upload;
    expect(complete.status).toBe(413);
    expect(((await complete.json()) as ErrorBody).error.message).toBe(
      `The file is ${7 * 1024 * 1024} bytes; at most ${6 * 1024 * 1024} bytes are accepted`,
    );
    expect(await t.store.size(created.key)).toBeUndefined();
    expect((await t.publish(created.objectPath)).status).toBe(404);
  });

  it('answers 409 for a path whose upload has not arrived, and keeps the upload open', async () => {
    t = await mediaApp(driver);
    const ticket = (await (await t.call('POST', '/api/objects/upload')).json()) as {
      uploadURL: string;
      objectPath: string;
    };
    expect((await t.publish(ticket.objectPath)).status).toBe(409);
    expect(
      (await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(await png(10, 10)) }))
        .status,
    ).toBe(200);
    expect((await t.publish(ticket.objectPath)).status).toBe(201);
  });
});

describe('publish request validation', () => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('names the field and the problem', async () => {
    t = await mediaApp('disk');
    const cases: [unknown, string, string][] = [
      [{ visibility: 'public' }, 'objectPath', 'is required'],
      [
        { objectPath: '/objects/uploads/x', visibility: 'public' },
        'objectPath',
        'must be an upload path (/objects/uploads/<id>)',
      ],
      [
        { objectPath: '/objects/uploads/../../etc/passwd', visibility: 'public' },
        'objectPath',
        'must be an upload path (/objects/uploads/<id>)',
      ],
      [
        {
          objectPath: '/objects/uploads/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b',
          visibility: 'private',
        },
        'visibility',
        'must be one of "public"',
      ],
      [
        {
          objectPath: '/objects/uploads/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b',
          visibility: 'public',
          acl: 'x',
        },
        'acl',
        'is not a known field',
      ],
    ];
    for (const [body, field, problem] of cases) {
      const response = await t.call('POST', '/api/objects/acl', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields?.[field]).toEqual([problem]);
    }
  });

  it('answers 404 for an upload path this server never handed out, 415 for a non-JSON body', async () => {
    t = await mediaApp('disk');
    const unknown = await t.publish('/objects/uploads/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.message).toBe(
      'No upload is waiting at /objects/uploads/3f2b8c1e-9d4a-4b7e-8f6a-1c2d3e4f5a6b',
    );
    const form = await t.call('POST', '/api/objects/acl', undefined, {
      'content-type': 'text/plain',
    });
    expect(form.status).toBe(415);
  });
});
