// The live preview beside the editor: the unsaved content rendered by the landing page's
// own markup (site/islands/landing/landing-page.tsx, as the static build and /legacy render
// it), with the library images it uses (srcset, size and alt text, as on the public page),
// so what the admin sees is what visitors will get. It is markup only: the landing page's
// behaviour (landing-behavior.ts: page view, reveal, dialog openers) is not started, so
// nothing is tracked. It renders into an iframe so the sections' responsive classes react
// to the preview's width (1280 px desktop or 390 px phone, scaled to fit) rather than to
// the admin's window; the iframe is an empty same-origin document styled with the admin's
// own stylesheets, so nothing is loaded or evaluated beyond what the admin already runs.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { LandingContent } from '../../../../../functions/shared/landing-content.ts';
import { LandingMarkup } from '../../../landing/landing-page.tsx';
import { usePageMedia } from '../media/media-api.ts';
import { usePreviewClaims } from './preview-claims.ts';

/** What Tab would stop at inside the preview's document. */
const TABBABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [contenteditable], [tabindex]';

export const PREVIEW_WIDTHS = { desktop: 1280, mobile: 390 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** Where each editor section shows in the preview, to scroll it into view. */
export const SECTION_ANCHORS: Partial<Record<keyof LandingContent, string>> = {
  brand: 'main',
  hero: 'top',
  features: 'features',
  supplierFeatures: 'supplier-features',
  benefits: 'benefits',
  pricing: 'pricing',
  finalCTA: 'final-cta-title',
};

/** Mirrors the admin's stylesheets into the preview document (same origin, same CSP). */
function copyStyles(target: Document): void {
  for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style')) {
    target.head.append(target.importNode(node, true));
  }
}

export function LivePreview({
  content,
  stale,
  focusSection,
  focusBlock,
  note = '(not saved yet)',
  locale,
}: {
  /** The last content that passed the schema. */
  content: LandingContent;
  /** True while the editor holds content the schema refuses (the preview shows `content`). */
  stale: boolean;
  /** The section being edited: scrolled into view when it changes. */
  focusSection?: keyof LandingContent | undefined;
  /** The block being edited (the block editor's): scrolled into view when it changes. */
  focusBlock?: string | undefined;
  /** Beside the heading: what the preview shows (an editor's unsaved content by default). */
  note?: string;
  /**
   * The locale of the version shown (issue 39): the landing page's own words and dates in
   * its language and the document's `lang`, as visitors of that version get them
   * (docs/decisions/0577-landing-words-per-locale.md). The default locale's when absent.
   */
  locale?: string | undefined;
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const frame = useRef<HTMLIFrameElement | null>(null);
  const root = useRef<Root | undefined>(undefined);
  const box = useRef<HTMLDivElement | null>(null);
  const [boxWidth, setBoxWidth] = useState(0);

  // The iframe's document becomes a React root of its own (before the render effect runs).
  useLayoutEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.title = 'Page preview';
    copyStyles(doc);
    doc.body.className = 'font-sans bg-white';
    const container = doc.createElement('div');
    doc.body.append(container);
    // Links would navigate the preview away (or out of the admin): only in-page anchors scroll.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a');
      if (!link) return;
      event.preventDefault();
      const hash = link.getAttribute('href') ?? '';
      if (hash.startsWith('#')) doc.getElementById(hash.slice(1))?.scrollIntoView();
    };
    doc.addEventListener('click', onClick);
    // The frame is out of the tab order (below): so is everything in it, or Tab would still
    // walk its links (and axe's frame-focusable-content refuses a frame like that). Mouse
    // clicks and scrolling keep working.
    const untab = () => {
      for (const element of doc.querySelectorAll<HTMLElement>(TABBABLE)) {
        if (element.tabIndex !== -1) element.tabIndex = -1;
      }
    };
    const tabs = new MutationObserver(untab);
    tabs.observe(doc.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    });
    const created = createRoot(container);
    root.current = created;
    return () => {
      doc.removeEventListener('click', onClick);
      tabs.disconnect();
      root.current = undefined;
      // Unmounting during React's own commit is not allowed: defer it.
      setTimeout(() => created.unmount(), 0);
    };
  }, []);

  const media = usePageMedia(content);
  const claims = usePreviewClaims(content);
  useEffect(() => {
    frame.current?.contentDocument?.documentElement.setAttribute('lang', locale ?? 'en-US');
    root.current?.render(
      <LandingMarkup
        content={content}
        media={media}
        claims={claims}
        blockAnchors
        preview
        locale={locale}
      />,
    );
  }, [content, media, claims, locale]);

  useEffect(() => {
    const anchor = focusSection && SECTION_ANCHORS[focusSection];
    const doc = frame.current?.contentDocument;
    if (anchor && doc) doc.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [focusSection]);

  // The block's anchor is hidden: scroll to what follows it (a hidden block renders nothing,
  // the footer neither: the next block, or the end of the page), below the sticky
  // navigation. The preview's own window scrolls, not the admin around it (scrollIntoView
  // would move the editor too). The anchors render after the preview's own render, so
  // this waits a frame.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    const view = doc?.defaultView;
    if (!focusBlock || !doc || !view) return;
    const handle = requestAnimationFrame(() => {
      const anchor = doc.querySelector(`[data-block-anchor="${CSS.escape(focusBlock)}"]`);
      if (!anchor) return;
      let next = anchor.nextElementSibling;
      while (next?.hasAttribute('data-block-anchor')) next = next.nextElementSibling;
      // The navigation's sticky bar (its <header>, border included).
      const nav = doc.querySelector('nav')?.closest('header') ?? doc.querySelector('nav');
      const covered = next && nav && !next.contains(nav) ? nav.getBoundingClientRect().height : 0;
      const top = next
        ? next.getBoundingClientRect().top + view.scrollY - covered
        : doc.body.scrollHeight;
      view.scrollTo({ top, behavior: 'instant' });
    });
    return () => cancelAnimationFrame(handle);
  }, [focusBlock]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const frameWidth = PREVIEW_WIDTHS[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / frameWidth) : 1;
  // The visible box is 70% of the viewport tall; the frame is taller by the scale.
  const boxHeight = 640;

  return (
    <section aria-labelledby="preview-heading" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="preview-heading" className="text-sm font-semibold text-ink">
          Live preview <span className="font-normal text-slate-600">{note}</span>
        </h3>
        <div
          role="group"
          aria-label="Preview width"
          className="inline-flex rounded-md bg-slate-100 p-0.5"
        >
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={width === option}
              onClick={() => setWidth(option)}
              className="rounded px-2.5 py-1 text-xs font-medium text-slate-700 aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow"
            >
              {option === 'desktop' ? 'Desktop' : 'Mobile'} ({PREVIEW_WIDTHS[option]} px)
            </button>
          ))}
        </div>
      </div>
      {stale && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
          The preview shows the last valid content; fix the marked fields to see your latest edits.
        </p>
      )}
      <div
        ref={box}
        className="overflow-hidden rounded-lg border border-slate-300 bg-slate-100"
        data-testid="preview-box"
      >
        <FrameViewport width={frameWidth} scale={scale} height={boxHeight}>
          {/* Out of the tab order, with everything inside it (above): a picture of the
              page, which keyboard users would otherwise walk through link by link between
              the fields and Save. Screen readers can still read it. */}
          <iframe
            ref={frame}
            tabIndex={-1}
            title={`Preview of the page, ${width} width`}
            data-testid="live-preview"
            data-width={frameWidth}
            className="block border-0 bg-white"
          />
        </FrameViewport>
      </div>
    </section>
  );
}

/**
 * Sizes the iframe to the preview width and scales it down to the box. Sizes are set
 * through the CSSOM (React style props), which the site's CSP allows, unlike style
 * attributes in markup.
 */
function FrameViewport({
  width,
  scale,
  height,
  children,
}: {
  width: number;
  scale: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <div style={{ height, width: width * scale, margin: '0 auto' }}>
      <div
        style={{
          width,
          height: height / scale,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
        }}
        className="[&>iframe]:h-full [&>iframe]:w-full"
      >
        {children}
      </div>
    </div>
  );
}
