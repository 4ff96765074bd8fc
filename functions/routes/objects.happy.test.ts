// Uploading and publishing through the API on both storage drivers (disk; S3 on
// moto_server), over real HTTP, with the calls docs/requirements.md §7 and @uppy/aws-s3 6 make.
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { jpegWithGps, paddedJpeg, png, photoJpeg } from '../media/test-images.ts';
import { mediaRecordSchema, type MediaRecord } from '../shared/media.ts';
import { DRIVERS, mediaApp, type MediaApp } from '../test/media-kit.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe.each(DRIVERS)('uploads and publishing (%s driver)', (driver) => {
  let t: MediaApp;
  afterEach(async () => t?.close());

  it('docs/requirements.md §7: an upload URL, a PUT of the bytes, then /acl answers the media record', async () => {
    t = await mediaApp(driver);
    const { objectPath, uploadURL, put } = await t.uploadPut(await photoJpeg(2000, 1500));
    expect(objectPath).toMatch(new RegExp(`^/objects/uploads/${UUID}$`));
    expect(new URL(uploadURL).pathname).toContain(`pending/${objectPath.split('/').pop()}`);
    expect(put.status).toBe(200);

    const response = await t.publish(objectPath);
    expect(response.status).toBe(201);
    const record = mediaRecordSchema.parse(await response.json());
    const id = objectPath.split('/').pop()!;
    expect(record).toMatchObject({
      id,
      objectPath,
      url: objectPath,
      fileName: `upload-${id.slice(0, 8)}`,
      contentType: 'image/jpeg',
      width: 2000,
      height: 1500,
      alt: '',
      caption: '',
      uploadedBy: t.email,
      version: 1,
    });
    expect(record.variants.map((variant) => [variant.width, variant.url])).toEqual(
      [480, 960, 1600].map((width) => [width, `/objects/uploads/${id}.v1.w${width}.webp`]),
    );
    expect(record.placeholder).toMatch(/^data:image\/png;base64,/);
    // Served bytes are the re-encoding, and the pending upload is gone.
    const served = (await t.stored(`uploads/${id}`))!;
    expect(served.length).toBe(record.bytes);
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    for (const variant of record.variants) {
      const bytes = (await t.stored(`uploads/${id}.v1.w${variant.width}.webp`))!;
      expect(bytes.length).toBe(variant.bytes);
      expect((await sharp(bytes).metadata()).width).toBe(variant.width);
    }
    expect(await t.store.size(`pending/${id}`)).toBeUndefined();

    const { entries } = await t.services.audit.list(10);
    expect(entries[0]).toMatchObject({
      action: 'create',
      actor: t.email,
      summary: `Image upload-${id.slice(0, 8)} uploaded (${objectPath}, 2000×1500)`,
    });
  });

  it('Uppy’s form upload keeps the file name for display, never for storage', async () => {
    t = await mediaApp(driver);
    const { params, posted, objectPath } = await t.uploadForm(
      await png(320, 200),
      '../../Ünïcode name.png',
      'image/png',
    );
    expect(params.method).toBe('POST');
    expect(params.headers).toEqual({});
    expect(params.fields['key']).toBe(`pending/${objectPath.split('/').pop()}`);
    expect(posted.ok).toBe(true);
    const record = (await (await t.publish(objectPath)).json()) as MediaRecord;
    expect(record.fileName).toBe('../../Ünïcode name.png');
    expect(record.contentType).toBe('image/png');
    expect(record.variants.map((variant) => variant.width)).toEqual([320]);
  });

  it('publishing again (a retry after a lost answer) answers the same record with 200', async () => {
    t = await mediaApp(driver);
    const { objectPath } = await t.uploadForm(await png(50, 50), 'a.png', 'image/png');
    const first = (await (await t.publish(objectPath)).json()) as MediaRecord;
    const again = await t.publish(objectPath);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
  });

  it('strips EXIF (GPS included) and turns the photo upright', async () => {
    t = await mediaApp(driver);
    const record = await t.addImage(await jpegWithGps(1200, 900), 'holiday.jpg');
    expect([record.width, record.height]).toEqual([900, 1200]);
    const served = (await t.stored(`uploads/${record.id}`))!;
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.toString('latin1')).not.toContain('PharmaCam');
    for (const variant of record.variants) {
      const bytes = (await t.stored(`uploads/${record.id}.v1.w${variant.width}.webp`))!;
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });

  it('takes six files at once (the five-file limit is the uploader dialog’s, per batch)', async () => {
    t = await mediaApp(driver);
    const images = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => png(40 * n, 30 * n)));
    const records = await Promise.all(images.map((image, n) => t.addImage(image, `file-${n}.png`)));
    expect(new Set(records.map((record) => record.id)).size).toBe(6);
    expect(records.map((record) => record.width).sort((a, b) => a - b)).toEqual([
      40, 80, 120, 160, 200, 240,
    ]);
    const list = (await (await t.call('GET', '/api/admin/media')).json()) as {
      items: MediaRecord[];
    };
    expect(list.items).toHaveLength(6);
  });

  it(
    'a 120 MB file through the multipart endpoints, completed and published',
    { timeout: 240_000 },
    async () => {
      const size = 120 * 1024 * 1024;
      t = await mediaApp(driver, { MEDIA_MAX_BYTES: String(size + 1024 * 1024) });
      const big = await paddedJpeg(size);
      const { complete, objectPath, created, parts } = await t.uploadMultipart(
        big,
        5 * 1024 * 1024,
        'scan.jpg',
      );
      expect(parts).toHaveLength(24);
      expect(complete.status).toBe(200);
      expect(await complete.json()).toMatchObject({ key: created.key, objectPath });
      expect(await t.store.size(created.key)).toBe(big.length);

      const published = await t.publish(objectPath);
      expect(published.status).toBe(201);
      const record = (await published.json()) as MediaRecord;
      expect(record).toMatchObject({
        fileName: 'scan.jpg',
        contentType: 'image/jpeg',
        width: 800,
        height: 600,
      });
      // The padding was metadata: the served image is the photo alone.
      expect(record.bytes).toBeLessThan(1024 * 1024);
      expect(await t.store.size(created.key)).toBeUndefined();
    },
  );
});
