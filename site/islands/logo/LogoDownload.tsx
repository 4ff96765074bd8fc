// /logo-download: draws the 1200x300 wordmark on a canvas (transparent or white background)
// once the site font has loaded, and downloads it as PNG; the SVG is offered as well.
import { useEffect, useState } from 'react';
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

const OPTIONS: { background: Background; title: string; description: string }[] = [
  {
    background: 'transparent',
    title: 'Transparent Background',
    description: 'For slides, documents and colored backgrounds.',
  },
  {
    background: 'white',
    title: 'White Background',
    description: 'For email signatures, forms and anywhere transparency is not supported.',
  },
];

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

export function LogoDownload() {
  const [previews, setPreviews] = useState<Partial<Record<Background, string>>>({});
  const [status, setStatus] = useState('');

  useEffect(() => {
    let cancelled = false;
    const urls: string[] = [];
    void Promise.all(
      OPTIONS.map(async ({ background }) => {
        const url = URL.createObjectURL(await renderPng(background));
        urls.push(url);
        return [background, url] as const;
      }),
    )
      .then((entries) => {
        if (!cancelled) setPreviews(Object.fromEntries(entries));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const downloadPng = async (background: Background) => {
    try {
      save(await renderPng(background), fileName(background, 'png'));
      setStatus(`Downloading ${fileName(background, 'png')}`);
    } catch {
      setStatus('The PNG could not be created in this browser. Please use the hint below.');
    }
  };

  const downloadSvg = async (background: Background) => {
    const svg = wordmarkSvg(background, await fontFaceCss().catch(() => ''));
    save(new Blob([svg], { type: 'image/svg+xml' }), fileName(background, 'svg'));
    setStatus(`Downloading ${fileName(background, 'svg')}`);
  };

  return (
    <div>
      <div className="grid gap-8 lg:grid-cols-2">
        {OPTIONS.map(({ background, title, description }) => (
          <section
            key={background}
            aria-labelledby={`logo-${background}`}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            data-testid={`logo-option-${background}`}
          >
            <h2 id={`logo-${background}`} className="text-xl font-bold text-ink">
              {title}
            </h2>
            <p className="mt-1 text-slate-700 lg:min-h-12">{description}</p>
            <div
              className={`mt-6 overflow-hidden rounded-lg border border-slate-200 ${
                background === 'transparent' ? 'pb-checkerboard' : 'bg-white'
              }`}
            >
              {previews[background] ? (
                <img
                  src={previews[background]}
                  width={LOGO_WIDTH}
                  height={LOGO_HEIGHT}
                  alt={`PharmaBridge logo, ${title.toLowerCase()}`}
                  className="h-auto w-full"
                />
              ) : (
                <div
                  className="aspect-[4/1] w-full"
                  role="img"
                  aria-label={`PharmaBridge logo, ${title.toLowerCase()}`}
                  dangerouslySetInnerHTML={{
                    __html: wordmarkSvg(background).replace(
                      '<svg ',
                      // A class, not a style attribute: the CSP allows no inline style attributes.
                      '<svg aria-hidden="true" class="h-auto w-full" ',
                    ),
                  }}
                />
              )}
            </div>
            <div className="mt-6 flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => void downloadPng(background)}
                className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Download PNG
                <span className="sr-only"> ({title.toLowerCase()})</span>
              </button>
              <button
                type="button"
                onClick={() => void downloadSvg(background)}
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:border-brand-700 hover:text-brand-800"
              >
                Download SVG
                <span className="sr-only"> ({title.toLowerCase()})</span>
              </button>
            </div>
          </section>
        ))}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
