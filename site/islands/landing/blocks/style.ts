// The fixed looks of a block (docs/decisions/0168-block-style.md): Tailwind classes for each
// background, spacing and alignment of functions/shared/blocks.ts. No free colours or CSS
// ever reach the page; every text colour a background uses is listed in TONES, and
// style.test.ts checks each pair against WCAG AA (4.5:1) from Tailwind's own colours.
import type { Background, BlockStyle, Spacing } from '../../../../functions/shared/blocks.ts';

export interface Tone {
  /** The section's background. */
  background: string;
  /** Headings. */
  heading: string;
  /** Body text. */
  body: string;
  /** Captions and labels. */
  muted: string;
  /** Links in text. */
  link: string;
  /** Borders of cards and rules (decorative, no contrast need). */
  border: string;
}

/** Each colour named by its Tailwind token, so the contrast test can read its value. */
export const TONES: Record<Background, Tone> = {
  white: {
    background: 'bg-white',
    heading: 'text-ink',
    body: 'text-slate-700',
    muted: 'text-slate-600',
    link: 'text-brand-700',
    border: 'border-slate-200',
  },
  tint: {
    background: 'bg-brand-50',
    heading: 'text-ink',
    body: 'text-slate-700',
    muted: 'text-slate-700',
    link: 'text-brand-800',
    border: 'border-brand-100',
  },
  brand: {
    background: 'bg-brand-700',
    heading: 'text-white',
    body: 'text-white',
    muted: 'text-brand-50',
    link: 'text-white',
    border: 'border-white/30',
  },
  dark: {
    background: 'bg-ink',
    heading: 'text-white',
    body: 'text-slate-200',
    muted: 'text-slate-300',
    link: 'text-brand-400',
    border: 'border-white/20',
  },
};

export const PADDING: Record<Spacing, string> = { compact: 'py-12', normal: 'py-20' };

/** Anchored sections leave room for the sticky navigation when scrolled to. */
const SCROLL_MARGIN = 'scroll-mt-28 sm:scroll-mt-20';

/**
 * The class of a section of docs/requirements.md §2 given a block style: its own
 * background unless the style names one, then the spacing. Sections without a style keep
 * their own class string untouched (the derived layout renders as before).
 */
export function sectionClass(style: BlockStyle, ownBackground: string): string {
  const background = style.background ? TONES[style.background].background : ownBackground;
  return [SCROLL_MARGIN, background, PADDING[style.spacing ?? 'normal']].filter(Boolean).join(' ');
}

/** The tone and the classes of a new block type's section (defaults: white, normal, start). */
export function blockLook(style: BlockStyle | undefined) {
  const tone = TONES[style?.background ?? 'white'];
  const center = style?.align === 'center';
  return {
    tone,
    center,
    section: `${SCROLL_MARGIN} ${tone.background} ${PADDING[style?.spacing ?? 'normal']}`,
    align: center ? 'text-center' : 'text-left',
  };
}
