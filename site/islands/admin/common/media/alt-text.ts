// Whether an image's alt text tells a screen reader user anything
// (docs/decisions/0058-image-picker-uploads.md): none at all, a file name ("IMG_1234.jpg") or a few
// characters do not. The library has no notion of a decorative image (functions/shared/media.ts),
// so every library image is expected to have a description.

/** Shorter than this (after trimming) is not a description. */
export const ALT_TEXT_MIN_LENGTH = 5;

export type AltTextProblem = 'missing' | 'file-name' | 'too-short';

/** Extensions of image files, as cameras, phones and design tools name them. */
const IMAGE_EXTENSION_RE = /\.(jpe?g|jfif|png|gif|webp|avif|heic|heif|tiff?|bmp|svg)$/i;
/** Names cameras and phones give photos: IMG_1234, DSC01234, PXL_20240101_101010, ... */
const CAMERA_NAME_RE =
  /^(img|dsc[nf]?|dcim|pxl|mvimg|photo|image|screenshot|scan)[\s_-]*\d[\d\s_-]*$/i;

/** A name without its extension, lower-cased, for comparing alt text with the file name. */
const stem = (name: string) => name.trim().replace(IMAGE_EXTENSION_RE, '').toLowerCase();

/**
 * What is wrong with `alt` as a description of the image uploaded as `fileName`, or
 * undefined when nothing is. Checked in this order: missing, a file name, too short.
 */
export function altTextProblem(alt: string, fileName = ''): AltTextProblem | undefined {
  const text = alt.trim();
  if (!text) return 'missing';
  if (
    IMAGE_EXTENSION_RE.test(text) ||
    CAMERA_NAME_RE.test(text) ||
    (fileName.trim() !== '' && stem(text) === stem(fileName))
  ) {
    return 'file-name';
  }
  if ([...text].length < ALT_TEXT_MIN_LENGTH) return 'too-short';
  return undefined;
}

/** The badge's words for a problem (short: it sits on a thumbnail). */
export const ALT_TEXT_BADGES: Record<AltTextProblem, string> = {
  missing: 'No alt text',
  'file-name': 'Alt text is a file name',
  'too-short': 'Alt text too short',
};

/** What the tooltip and the editor's field say about an image with such alt text. */
export const ALT_TEXT_ADVICE =
  'Screen readers will announce nothing useful: add a description in the Images tab.';

/** Why alt text typed while uploading is refused, as a sentence. */
export const ALT_TEXT_ERRORS: Record<AltTextProblem, string> = {
  missing: 'Describe the image: screen readers read this to visitors who cannot see it.',
  'file-name': 'This looks like a file name: describe what the image shows instead.',
  'too-short': `Use at least ${ALT_TEXT_MIN_LENGTH} characters to describe what the image shows.`,
};
