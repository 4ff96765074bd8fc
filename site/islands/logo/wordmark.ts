// The PharmaBridge wordmark at 1200x300: the mark (rounded square in the brand gradient
// with the white bridge) and the name filled with the gradient #5DD47F -> #2E9656.
export const LOGO_WIDTH = 1200;
export const LOGO_HEIGHT = 300;
export const GRADIENT_FROM = '#5DD47F';
export const GRADIENT_TO = '#2E9656';
export const WORDMARK_TEXT = 'PharmaBridge';
export const FONT_FAMILY = "'Inter Variable', Inter, Arial, sans-serif";
const FONT_WEIGHT = 800;
const MARK = { x: 60, y: 60, size: 180, radius: 45 };
const TEXT_X = 290;
const TEXT_BASELINE = 197;
const TEXT_MAX_WIDTH = LOGO_WIDTH - TEXT_X - 50;

export type Background = 'transparent' | 'white';

export function fileName(background: Background, extension: 'png' | 'svg'): string {
  return `pharmabridge-logo-${background}.${extension}`;
}

/** The bridge of the mark, in the mark's own 32x32 units (same paths as Logo.astro). */
const ARC = 'M6 21c3-7 7-10 10-10s7 3 10 10';
const PILLARS = 'M10 24v-6M16 24v-9M22 24v-6';

export function drawWordmark(ctx: CanvasRenderingContext2D, background: Background): void {
  ctx.clearRect(0, 0, LOGO_WIDTH, LOGO_HEIGHT);
  if (background === 'white') {
    ctx.fillStyle = '#FFFFFF';
    ctx.fillRect(0, 0, LOGO_WIDTH, LOGO_HEIGHT);
  }

  const markGradient = ctx.createLinearGradient(
    MARK.x,
    MARK.y,
    MARK.x + MARK.size,
    MARK.y + MARK.size,
  );
  markGradient.addColorStop(0, GRADIENT_FROM);
  markGradient.addColorStop(1, GRADIENT_TO);
  ctx.fillStyle = markGradient;
  ctx.beginPath();
  ctx.roundRect(MARK.x, MARK.y, MARK.size, MARK.size, MARK.radius);
  ctx.fill();

  ctx.save();
  ctx.translate(MARK.x, MARK.y);
  ctx.scale(MARK.size / 32, MARK.size / 32);
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.stroke(new Path2D(ARC));
  ctx.stroke(new Path2D(PILLARS));
  ctx.restore();

  let fontSize = 132;
  ctx.font = `${FONT_WEIGHT} ${fontSize}px ${FONT_FAMILY}`;
  const width = ctx.measureText(WORDMARK_TEXT).width;
  if (width > TEXT_MAX_WIDTH) {
    fontSize = Math.floor((fontSize * TEXT_MAX_WIDTH) / width);
    ctx.font = `${FONT_WEIGHT} ${fontSize}px ${FONT_FAMILY}`;
  }
  const textWidth = Math.min(width, TEXT_MAX_WIDTH);
  const textGradient = ctx.createLinearGradient(TEXT_X, 0, TEXT_X + textWidth, 0);
  textGradient.addColorStop(0, GRADIENT_FROM);
  textGradient.addColorStop(1, GRADIENT_TO);
  ctx.fillStyle = textGradient;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(WORDMARK_TEXT, TEXT_X, TEXT_BASELINE);
}

/**
 * The same wordmark as SVG. `fontCss` is an @font-face rule embedding the font, so the
 * file renders identically where Inter is not installed. `idPrefix` names the gradients:
 * an SVG inlined in a page shares the page's id space, so each inline copy needs its own
 * (two copies with one id break the second one's fill when the first is hidden).
 */
export function wordmarkSvg(background: Background, fontCss = '', idPrefix = 'pb'): string {
  const scale = MARK.size / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" role="img" aria-label="${WORDMARK_TEXT}">
<title>${WORDMARK_TEXT}</title>
<defs>
${fontCss ? `<style>${fontCss}</style>\n` : ''}<linearGradient id="${idPrefix}-mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${GRADIENT_FROM}"/><stop offset="1" stop-color="${GRADIENT_TO}"/></linearGradient>
<linearGradient id="${idPrefix}-text" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${GRADIENT_FROM}"/><stop offset="1" stop-color="${GRADIENT_TO}"/></linearGradient>
</defs>
${background === 'white' ? `<rect width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" fill="#FFFFFF"/>` : ''}
<rect x="${MARK.x}" y="${MARK.y}" width="${MARK.size}" height="${MARK.size}" rx="${MARK.radius}" fill="url(#${idPrefix}-mark)"/>
<g transform="translate(${MARK.x} ${MARK.y}) scale(${scale})" fill="none" stroke="#FFFFFF" stroke-width="2.5" stroke-linecap="round"><path d="${ARC}"/><path d="${PILLARS}"/></g>
<text x="${TEXT_X}" y="${TEXT_BASELINE}" font-family="${FONT_FAMILY.replace(/'/g, '&apos;')}" font-weight="${FONT_WEIGHT}" font-size="132" fill="url(#${idPrefix}-text)">${WORDMARK_TEXT}</text>
</svg>`;
}
