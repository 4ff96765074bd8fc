// The product screenshots under /screenshots/ (rendered by `npm run assets`): each PNG has
// a full-size WebP twin and an 800 px wide one, so phones and 1x screens fetch a third of
// the bytes.
export const SCREENSHOT = { width: 1600, height: 1000 } as const;
export const SCREENSHOT_SMALL_WIDTH = 800;

/** The WebP srcset for a /screenshots/*.png, or undefined for any other image. */
export function screenshotWebpSrcSet(src: string): string | undefined {
  const base = /^(\/screenshots\/[\w-]+)\.png$/.exec(src)?.[1];
  return base === undefined
    ? undefined
    : `${base}-${SCREENSHOT_SMALL_WIDTH}.webp ${SCREENSHOT_SMALL_WIDTH}w, ${base}.webp ${SCREENSHOT.width}w`;
}
