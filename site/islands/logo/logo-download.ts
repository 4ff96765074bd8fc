// /logo-download in the browser, as a plain module (no framework): swaps each preview for
// a PNG drawn on a canvas once the site font has loaded (so "Save image as" gives the real
// file), and makes the buttons download the 1200x300 PNG or the SVG (wordmark.ts draws both).
import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import {
  FONT_FAMILY,
  LOGO_HEIGHT,
  LOGO_WIDTH,
  drawWordmark,
  fileName,
  wordmarkSvg,
  type Background,
} from './wordmark.ts';

const BACKGROUNDS: readonly Background[] = ['transparent', 'white'];
const isBackground = (value: string | undefined): value is Background =>
  BACKGROUNDS.includes(value as Background);

async function fontsReady(): Promise<void> {
  await document.fonts.load(`800 132px ${FONT_FAMILY}`, 'PharmaBridge');
  await document.fonts.ready;
}

async function renderPng(background: Background): Promise<Blob> {
  await fontsReady();
  const canvas = document.createElement('canvas');
  canvas.width = LOGO_WIDTH;
  canvas.height = LOGO_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  drawWordmark(ctx, background);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))),
      'image/png',
    ),
  );
}

async function fontFaceCss(): Promise<string> {
  const response = await fetch(interUrl);
  if (!response.ok) return '';
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `@font-face{font-family:'Inter Variable';font-weight:100 900;src:url(data:font/woff2;base64,${btoa(binary)}) format('woff2');}`;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Replaces every inline-SVG preview with the PNG the download would give. */
async function showPngPreviews(root: HTMLElement): Promise<void> {
  const previews = [...root.querySelectorAll<HTMLElement>('[data-logo-preview]')];
  // All PNGs are made first, so the previews change together (or not at all).
  const images = await Promise.all(
    previews.map(async (preview) => {
      const background = preview.dataset['logoPreview'];
      if (!isBackground(background)) throw new Error(`Unknown background ${background}`);
      const img = document.createElement('img');
      img.src = URL.createObjectURL(await renderPng(background));
      img.width = LOGO_WIDTH;
      img.height = LOGO_HEIGHT;
      img.alt = preview.getAttribute('aria-label') ?? '';
      img.className = 'h-auto w-full';
      return img;
    }),
  );
  previews.forEach((preview, i) => preview.replaceWith(images[i]!));
}

/**
 * Wires the logo tool (`[data-logo-download]`): buttons carry `data-format` and
 * `data-background`; the outcome is announced in its `[role=status]`. Marks the root
 * `data-logo-ready` once the buttons work (browser tests wait for that).
 */
export function mountLogoDownload(root: HTMLElement): void {
  const status = root.querySelector<HTMLElement>('[role=status]');
  const announce = (text: string) => {
    if (status) status.textContent = text;
  };

  const downloadPng = async (background: Background) => {
    try {
      save(await renderPng(background), fileName(background, 'png'));
      announce(`Downloading ${fileName(background, 'png')}`);
    } catch {
      announce('The PNG could not be created in this browser. Please use the hint below.');
    }
  };

  const downloadSvg = async (background: Background) => {
    const svg = wordmarkSvg(background, await fontFaceCss().catch(() => ''));
    save(new Blob([svg], { type: 'image/svg+xml' }), fileName(background, 'svg'));
    announce(`Downloading ${fileName(background, 'svg')}`);
  };

  root.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-format]') : null;
    const background = button?.dataset['background'];
    if (!button || !isBackground(background)) return;
    if (button.dataset['format'] === 'svg') void downloadSvg(background);
    else void downloadPng(background);
  });
  root.dataset['logoReady'] = 'true';

  // Without a canvas or the font the inline SVG previews stay, which look the same.
  showPngPreviews(root).catch(() => undefined);
}
