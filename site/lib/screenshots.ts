// The product screenshots under /screenshots/ (rendered by `npm run assets`): each PNG has
// a full-size WebP twin and an 800 px wide one, so phones and 1x screens fetch a third of
// the bytes. Hero visuals add a phone crop: the relevant panel at a size a 390 px screen
// can read.
export const SCREENSHOT = { width: 1600, height: 1000 } as const;
export const SCREENSHOT_SMALL_WIDTH = 800;

/** The WebP srcset for a /screenshots/*.png, or undefined for any other image. */
export function screenshotWebpSrcSet(src: string): string | undefined {
  const base = /^(\/screenshots\/[\w-]+)\.png$/.exec(src)?.[1];
  return base === undefined
    ? undefined
    : `${base}-${SCREENSHOT_SMALL_WIDTH}.webp ${SCREENSHOT_SMALL_WIDTH}w, ${base}.webp ${SCREENSHOT.width}w`;
}

/** Hero visuals: an 800 x 600 CSS px mock-up rendered at 2x. */
export const HERO_VISUAL = { width: 1600, height: 1200, scale: 2 } as const;
/** Their phone crop: one 380 x 460 CSS px panel at 2x, shown about 360 px wide (no scaling down). */
export const HERO_VISUAL_PHONE = { width: 760, height: 920 } as const;

export const HERO_VISUALS = [
  'manufacturers',
  'suppliers',
  'platform-security',
  'solutions',
  'how-it-works',
] as const;
export type HeroVisualName = (typeof HERO_VISUALS)[number];

export interface HeroVisualSources {
  png: string;
  webpSrcSet: string;
  phonePng: string;
  phoneWebp: string;
}

export function heroVisualSources(name: HeroVisualName): HeroVisualSources {
  const base = `/screenshots/hero-${name}`;
  return {
    png: `${base}.png`,
    webpSrcSet: `${base}-${SCREENSHOT_SMALL_WIDTH}.webp ${SCREENSHOT_SMALL_WIDTH}w, ${base}.webp ${HERO_VISUAL.width}w`,
    phonePng: `${base}-phone.png`,
    phoneWebp: `${base}-phone.webp`,
  };
}
