// Generated files for the media tests and the benchmark: real images made with sharp, and
// the hostile ones the publish step must refuse (script-carrying SVG, HTML posing as a
// PNG, a PNG declaring a huge size, a PDF, a polyglot).
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG photo stand-in with EXIF GPS coordinates and orientation 6 (turned a quarter). */
export async function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .composite([{ input: await noise(width / 2, height / 2), left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PharmaCam', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    })
    .toBuffer();
}

export async function png(width: number, height: number, background = '#22aa66'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

export async function webp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#aa2266' } })
    .webp()
    .toBuffer();
}

export async function gif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6622aa' } })
    .gif()
    .toBuffer();
}

/** Random pixels: incompressible, so a JPEG of them is large (the benchmark's photo). */
export async function noise(width: number, height: number): Promise<Buffer> {
  const w = Math.round(width);
  const h = Math.round(height);
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A photo-sized JPEG: a smooth gradient with noise, `width` × `height` pixels. */
export async function photoJpeg(width: number, height: number, quality = 92): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const g = grain[i]! % 48;
      pixels[i * 3] = ((x * 255) / width + g) & 0xff;
      pixels[i * 3 + 1] = ((y * 255) / height + g) & 0xff;
      pixels[i * 3 + 2] = (((x + y) * 128) / (width + height) + 64 + g) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>fetch("/api/auth/me").then(r=>r.text()).then(alert)</script>' +
    '<rect width="10" height="10"/></svg>',
);

/** HTML that a careless server would store as the image/png it claims to be. */
export const HTML_AS_PNG = Buffer.from(
  '<!doctype html><html><body><script>document.title=document.cookie</script></body></html>',
);

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares
 * `width` × `height` pixels (default 100 000 × 100 000 = 10 gigapixels).
 */
export function pixelBombPng(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    // The first rows only; a decoder that trusted the header would allocate for all of them.
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG with an HTML page appended: an image to a checker, a page to a sniffing browser. */
export async function pngWithHtml(): Promise<Buffer> {
  return Buffer.concat([await png(8, 8), HTML_AS_PNG]);
}

/** A JPEG header with nothing decodable after it. */
export function brokenJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    randomBytes(2000),
  ]);
}

/**
 * A valid JPEG of `totalBytes` (say 120 MB) that decodes quickly: a small photo whose
 * header is followed by APP15 segments (application data every decoder skips) up to the
 * size. What matters for the multipart tests is the bytes moved, not the pixels decoded.
 */
export async function paddedJpeg(totalBytes: number): Promise<Buffer> {
  const photo = await photoJpeg(800, 600);
  const segmentData = 65_533; // the largest a segment's 16-bit length allows
  const segment = Buffer.alloc(2 + 2 + segmentData);
  segment.writeUInt16BE(0xffef, 0);
  segment.writeUInt16BE(segmentData + 2, 2);
  const room = totalBytes - photo.length;
  const full = Math.floor(room / segment.length);
  const rest = room - full * segment.length;
  const parts = [photo.subarray(0, 2)];
  for (let i = 0; i < full; i++) parts.push(segment);
  if (rest >= 4) {
    const last = Buffer.alloc(rest);
    last.writeUInt16BE(0xffef, 0);
    last.writeUInt16BE(rest - 2, 2);
    parts.push(last);
  }
  parts.push(photo.subarray(2));
  const jpeg = Buffer.concat(parts);
  // (rest of 1..3 bytes cannot form a segment; the file is then that much smaller.)
  return jpeg;
}
