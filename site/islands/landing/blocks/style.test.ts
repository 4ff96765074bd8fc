import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, BLOCK_TYPES } from '../../../../functions/shared/blocks.ts';
import { TONES } from './style.ts';

// The colours as the site's CSS defines them: Tailwind's theme (oklch) and the site's own
// tokens (site/styles/global.css, hex), so the check follows any change of either.
const css =
  readFileSync('node_modules/tailwindcss/theme.css', 'utf8') +
  readFileSync('site/styles/global.css', 'utf8');

function colour(token: string): [number, number, number] {
  const match = new RegExp(`--color-${token}:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`no colour ${token}`);
  const value = match[1]!.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => toLinear(parseInt(digits.slice(i, i + 2), 16) / 255)) as [
      number,
      number,
      number,
    ];
  }
  const oklch = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value);
  if (!oklch) throw new Error(`unreadable colour ${token}: ${value}`);
  return oklchToLinearSrgb(Number(oklch[1]) / 100, Number(oklch[2]), Number(oklch[3]));
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** Björn Ottosson's OKLab to linear sRGB, clamped to the gamut as browsers show it. */
function oklchToLinearSrgb(L: number, C: number, h: number): [number, number, number] {
  const a = C * Math.cos((h * Math.PI) / 180);
  const b = C * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(colour(foreground)), luminance(colour(background))].sort(
    (x, y) => y - x,
  );
  return (light! + 0.05) / (dark! + 0.05);
}

/** `text-slate-700` → `slate-700`. */
const token = (className: string) => className.replace(/^(text|bg)-/, '');

describe('block styles keep WCAG AA contrast', () => {
  it('computes known contrasts (the check itself is right)', () => {
    expect(contrast('white', 'black')).toBeCloseTo(21, 1);
    expect(contrast('white', 'white')).toBeCloseTo(1, 5);
    // #237745 on white: 5.54 by the WCAG formula.
    expect(contrast('brand-700', 'white')).toBeCloseTo(5.54, 1);
    // Tailwind's slate-400 on white is a known AA failure.
    expect(contrast('slate-400', 'white')).toBeLessThan(4.5);
  });

  it.each(BACKGROUNDS)('every text colour on the %s background is at least 4.5:1', (name) => {
    const tone = TONES[name];
    for (const text of [tone.heading, tone.body, tone.muted, tone.link]) {
      const ratio = contrast(token(text), token(tone.background));
      expect(ratio, `${text} on ${tone.background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the sections’ own text colours readable on every background they allow', () => {
    // The colours the sections of sections.tsx draw their text in directly on the section.
    const sectionTexts = ['ink', 'slate-600', 'slate-700', 'brand-700'];
    for (const [type, entry] of Object.entries(BLOCK_TYPES)) {
      // The sections: the types limited to the light backgrounds.
      const light = entry.style?.backgrounds;
      if (!light || light.some((bg) => bg === 'brand' || bg === 'dark')) continue;
      for (const background of light) {
        for (const text of sectionTexts) {
          expect(
            contrast(text, token(TONES[background].background)),
            `${type}: ${text} on ${background}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
    // The final call to action stays dark: its slate-200 text would fail on the brand colour.
    expect(BLOCK_TYPES.finalCTA.style?.backgrounds).toEqual(['dark']);
    expect(contrast('slate-200', 'brand-700')).toBeLessThan(4.5);
    expect(contrast('slate-200', 'ink')).toBeGreaterThanOrEqual(4.5);
  });
});
