// Publishing an upload never trusts the browser: the type comes from the bytes (file-type),
// the size and pixel count are checked before anything is decoded (a decompression bomb is
// refused from its header), and what is served is sharp's re-encoding: auto-oriented, all
// metadata (EXIF GPS included) dropped, plus WebP variants and a ThumbHash placeholder.
// sharp and file-type load on first use, so API cold starts that never see an upload
// (Lambda) do not pay for libvips.
import type SharpFactory from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';
import { MEDIA_TYPES, MEDIA_VARIANT_WIDTHS, type MediaType } from '../shared/media.ts';
import { DomainError, type DomainErrorKind } from '../core/domain-errors.ts';

export interface MediaLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface ProcessedVariant {
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedImage {
  contentType: MediaType;
  /** After auto-orientation. */
  width: number;
  height: number;
  /** The served image: the same type, re-encoded without metadata. */
  body: Buffer;
  /** WebP, narrowest first. */
  variants: ProcessedVariant[];
  /** ThumbHash, base64. */
  thumbhash: string;
  /** A small PNG data URL rendered from the ThumbHash. */
  placeholder: string;
}

export type MediaRefusal =
  'too_large' | 'unsupported_type' | 'polyglot' | 'undecodable' | 'too_many_pixels';

/** How each refusal is answered (functions/lib/errors.ts DOMAIN_ANSWERS: 413, 415, 422). */
const REFUSAL_KINDS = {
  too_large: 'too_large',
  unsupported_type: 'unsupported',
  polyglot: 'unsupported',
  undecodable: 'unprocessable',
  too_many_pixels: 'unprocessable',
} as const satisfies Record<MediaRefusal, DomainErrorKind>;

/** A refused file, with the reason the admin sees (413, 415 or 422). */
export class MediaRefused extends DomainError {
  override name = 'MediaRefused';
  readonly reason: MediaRefusal;
  readonly kind: DomainErrorKind;
  constructor(reason: MediaRefusal, message: string) {
    super(message);
    this.reason = reason;
    this.kind = REFUSAL_KINDS[reason];
  }
}

const LABELS: Record<MediaType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
};
/** sharp's name of each accepted format (metadata().format). */
const SHARP_FORMATS: Record<MediaType, string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['heif'],
  'image/gif': ['gif'],
};
const ACCEPTED = 'JPEG, PNG, WebP, AVIF or GIF';

/** Decoding is memory-heavy (a 12 MP image is ~36 MB of pixels): two at a time per process. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

let sharpModule: Promise<typeof SharpFactory> | undefined;
async function loadSharp(): Promise<typeof SharpFactory> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // No decoded-image cache: each upload is decoded once, and the cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** What the bytes are, or a refusal naming what they seem to be. */
export async function detectType(bytes: Buffer): Promise<MediaType> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  if (mime && (MEDIA_TYPES as readonly string[]).includes(mime)) return mime as MediaType;
  const what = detected
    ? `a ${detected.ext.toUpperCase()} file (${detected.mime})`
    : 'not an image';
  throw new MediaRefused(
    'unsupported_type',
    `This file is ${what}; only ${ACCEPTED} images are accepted`,
  );
}

export async function processImage(bytes: Buffer, limits: MediaLimits): Promise<ProcessedImage> {
  if (bytes.length > limits.maxBytes) {
    throw new MediaRefused(
      'too_large',
      `The file is ${bytes.length} bytes; at most ${limits.maxBytes} bytes are accepted`,
    );
  }
  if (bytes.length === 0) throw new MediaRefused('undecodable', 'The file is empty');
  const contentType = await detectType(bytes);
  refusePolyglot(bytes, contentType);
  return withSlot(() => encode(bytes, contentType, limits));
}

async function encode(
  bytes: Buffer,
  contentType: MediaType,
  limits: MediaLimits,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  const options: SharpOptions = { limitInputPixels: limits.maxPixels, failOn: 'error' };
  const open = (frames: boolean) => sharp(bytes, { ...options, animated: frames && animated });

  // The header alone: size and format, before a single pixel is decoded.
  let header;
  try {
    // No pixel limit for the header read (it decodes nothing), so a bomb is named by size.
    header = await sharp(bytes, { ...options, limitInputPixels: false, animated }).metadata();
  } catch (error) {
    throw undecodable(error, contentType, limits);
  }
  if (!SHARP_FORMATS[contentType].includes(header.format)) {
    throw new MediaRefused(
      'undecodable',
      `The file starts like a ${LABELS[contentType]} image but is not one`,
    );
  }
  const frameHeight = header.pageHeight ?? header.height;
  const pixels = header.width * frameHeight * (animated ? (header.pages ?? 1) : 1);
  if (pixels > limits.maxPixels) {
    throw tooManyPixels(header.width, frameHeight, header.pages, limits.maxPixels);
  }
  // EXIF orientations 5 to 8 turn the image a quarter.
  const turned = (header.orientation ?? 1) >= 5;
  const width = turned ? frameHeight : header.width;
  const height = turned ? header.width : frameHeight;

  try {
    const main = served(open(true).autoOrient(), contentType).toBuffer();
    const frames = animated && (header.pages ?? 1) > 1;
    // A still image is decoded once more, straight to the largest variant's size (JPEG
    // shrinks while decoding), and every smaller variant is resized from those pixels.
    // Animations keep their frames: each variant from the file.
    const largest = frames ? undefined : await stillPixels(open(false), width);
    const from = () =>
      largest ? sharp(largest.data, { raw: largest.info }) : open(true).autoOrient();
    const variants = variantWidths(width).map(async (variantWidth) => {
      const { data, info } = await from()
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.pageHeight ?? info.height, body: data };
    });
    const thumb = (largest ? from() : open(false).autoOrient())
      .resize({ width: 100, height: 100, fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [body, rendered, small] = await Promise.all([main, Promise.all(variants), thumb]);
    const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
    return {
      contentType,
      width,
      height,
      body,
      variants: rendered,
      thumbhash: Buffer.from(hash).toString('base64'),
      placeholder: thumbHashToDataURL(hash),
    };
  } catch (error) {
    throw undecodable(error, contentType, limits);
  }
}

/**
 * Markup, script or a PDF riding inside image bytes (a polyglot: an image to the checker, a
 * page or document to something else). Re-encoding would drop it anyway; refusing says so.
 * The markers are long enough that compressed pixel data (random-looking bytes) matches one
 * by chance about once in a million 10 MB photos. XMP metadata is XML but uses none of them.
 */
const HIDDEN_CONTENT: [pattern: RegExp, what: string][] = [
  [/<script[\s>]/i, 'a script'],
  [/<(?:html|body|iframe)[\s>]|<!doctype html/i, 'HTML'],
  [/http:\/\/www\.w3\.org\/2000\/svg/i, 'SVG'],
  [/<\?php\s/i, 'PHP code'],
  [/%PDF-\d\.\d/, 'a PDF'],
];
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

export function refusePolyglot(bytes: Buffer, type: MediaType): void {
  const text = bytes.toString('latin1');
  const found = HIDDEN_CONTENT.find(([pattern]) => pattern.test(text))?.[1];
  // A PNG ends with its IEND chunk; anything after it is another file appended.
  const trailing = type === 'image/png' && bytes.indexOf(PNG_END) + PNG_END.length !== bytes.length;
  if (found || trailing) {
    throw new MediaRefused(
      'polyglot',
      `This ${LABELS[type]} file also carries ${found ?? 'data after the image'}, so it is refused`,
    );
  }
}

/** The oriented image at the largest variant's width (or its own, if narrower), as raw pixels. */
async function stillPixels(image: Sharp, width: number) {
  const largest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1]!;
  const { data, info } = await image
    .autoOrient()
    .resize({ width: Math.min(width, largest), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Each of 480/960/1600 narrower than the image, plus its own width under 1600: never upscaled. */
export function variantWidths(width: number): number[] {
  const widths = MEDIA_VARIANT_WIDTHS.filter((candidate) => candidate < width) as number[];
  const largest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1]!;
  if (width <= largest) widths.push(width);
  return widths;
}

function served(image: Sharp, type: MediaType): Sharp {
  switch (type) {
    case 'image/jpeg':
      // Baseline, not progressive: progressive encoding took 2.5 times as long.
      return image.jpeg({ quality: 85 });
    case 'image/png':
      return image.png();
    case 'image/webp':
      return image.webp({ quality: 85 });
    case 'image/avif':
      return image.avif({ quality: 60 });
    case 'image/gif':
      return image.gif();
  }
}

function tooManyPixels(
  width: number,
  height: number,
  pages: number | undefined,
  maxPixels: number,
): MediaRefused {
  const frames = pages && pages > 1 ? ` × ${pages} frames` : '';
  return new MediaRefused(
    'too_many_pixels',
    `The image is ${width} × ${height} pixels${frames}; at most ${maxPixels} pixels are accepted`,
  );
}

function undecodable(error: unknown, type: MediaType, limits: MediaLimits): MediaRefused {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new MediaRefused(
      'too_many_pixels',
      `The image has more than ${limits.maxPixels} pixels, the most accepted`,
    );
  }
  return new MediaRefused(
    'undecodable',
    `The file could not be read as a ${LABELS[type]} image (it is damaged or not really one)`,
  );
}
