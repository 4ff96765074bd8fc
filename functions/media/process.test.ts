// The publish step's checks and re-encoding on real bytes, read back with sharp.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MediaRefused, processImage, variantWidths } from './process.ts';
import {
  brokenJpeg,
  gif,
  HTML_AS_PNG,
  jpegWithGps,
  PDF,
  pixelBombPng,
  png,
  pngWithHtml,
  SVG_WITH_SCRIPT,
  webp,
} from './test-images.ts';

const limits = { maxBytes: 10_485_760, maxPixels: 50_000_000 };

async function refusal(bytes: Buffer, custom = limits): Promise<MediaRefused> {
  const error = await processImage(bytes, custom).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaRefused);
  return error as MediaRefused;
}

describe('processImage', () => {
  it('re-encodes a JPEG upright, without EXIF (GPS included), with WebP variants', async () => {
    const original = await jpegWithGps(2400, 1800);
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('PharmaCam');
    expect(before.orientation).toBe(6);

    const image = await processImage(original, limits);
    expect(image.contentType).toBe('image/jpeg');
    // Orientation 6: the stored 2400 × 1800 is shown 1800 × 2400.
    expect([image.width, image.height]).toEqual([1800, 2400]);
    const after = await sharp(image.body).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([1800, 2400]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(image.body.toString('latin1')).not.toContain('PharmaCam');

    expect(image.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * 2400) / 1800));
      expect(meta.exif).toBeUndefined();
    }
    expect(Buffer.from(image.thumbhash, 'base64').length).toBeGreaterThan(5);
    expect(image.placeholder).toMatch(/^data:image\/png;base64,/);
  });

  it('never upscales: a small image gets one variant at its own width', async () => {
    const image = await processImage(await png(300, 200), limits);
    expect(image.contentType).toBe('image/png');
    expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([[300, 200]]);
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(5000)).toEqual([480, 960, 1600]);
  });

  it('accepts WebP and GIF as themselves', async () => {
    expect((await processImage(await webp(500, 400), limits)).contentType).toBe('image/webp');
    const animated = await processImage(await gif(64, 64), limits);
    expect(animated.contentType).toBe('image/gif');
    expect((await sharp(animated.body).metadata()).format).toBe('gif');
  });

  it('refuses SVG (with a script) as not an accepted image type', async () => {
    const refused = await refusal(SVG_WITH_SCRIPT);
    expect(refused.reason).toBe('unsupported_type');
    expect(refused.message).toMatch(/only JPEG, PNG, WebP, AVIF or GIF/);
  });

  it('refuses HTML whatever it is called, and a PDF by name', async () => {
    expect((await refusal(HTML_AS_PNG)).reason).toBe('unsupported_type');
    const pdf = await refusal(PDF);
    expect(pdf.reason).toBe('unsupported_type');
    expect(pdf.message).toContain('PDF');
  });

  it('refuses a polyglot: a PNG with an HTML page appended', async () => {
    const refused = await refusal(await pngWithHtml());
    expect(refused.reason).toBe('polyglot');
    expect(refused.message).toMatch(/HTML|a script/);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2000);
    const refused = await refusal(bomb);
    expect(refused.reason).toBe('too_many_pixels');
    expect(refused.message).toBe(
      'The image is 100000 × 100000 pixels; at most 50000000 pixels are accepted',
    );
  });

  it('applies MEDIA_MAX_PIXELS exactly', async () => {
    const image = await png(100, 100);
    expect((await processImage(image, { ...limits, maxPixels: 10_000 })).width).toBe(100);
    expect((await refusal(image, { ...limits, maxPixels: 9_999 })).reason).toBe('too_many_pixels');
  });

  it('refuses what sharp cannot decode', async () => {
    const refused = await refusal(brokenJpeg());
    expect(refused.reason).toBe('undecodable');
    expect(refused.message).toMatch(/could not be read as a JPEG image/);
    expect((await refusal(Buffer.alloc(0))).reason).toBe('undecodable');
  });

  it('refuses more than maxBytes before looking at the bytes', async () => {
    const refused = await refusal(Buffer.alloc(2049), { ...limits, maxBytes: 2048 });
    expect(refused.reason).toBe('too_large');
    expect(refused.message).toBe('The file is 2049 bytes; at most 2048 bytes are accepted');
  });
});
