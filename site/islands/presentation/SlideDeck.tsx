// The /presentation deck: six slides prerendered in the HTML (the first visible), with
// Previous/Next, an 'n / 6' counter, a fullscreen toggle, keyboard control (ArrowRight or
// Space forward, ArrowLeft back, F toggles fullscreen) and, on touch screens, swipes
// (left for the next slide, right for the previous one).
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import type { Slide } from './slide-schema.ts';
import { screenshotWebpSrcSet } from '../../lib/screenshots.ts';

export interface SlideDeckProps {
  slides: Slide[];
}

/** Keys the deck answers; anything typed into a form field or with a modifier is left alone. */
export function deckAction(key: string): 'next' | 'previous' | 'fullscreen' | null {
  if (key === 'ArrowRight' || key === ' ') return 'next';
  if (key === 'ArrowLeft') return 'previous';
  if (key === 'f' || key === 'F') return 'fullscreen';
  return null;
}

/** A horizontal move at least this long (CSS px), and mostly horizontal, is a swipe. */
export const SWIPE_MIN_DISTANCE = 50;

/** The slide change a pointer moving by (dx, dy) asks for, if any. */
export function swipeAction(dx: number, dy: number): 'next' | 'previous' | null {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) <= Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'next' : 'previous';
}

export function SlideDeck({ slides }: SlideDeckProps) {
  const [index, setIndex] = useState(0);
  /** Which way the last change went, so the entering slide comes from that side. */
  const [direction, setDirection] = useState<'forward' | 'back'>('forward');
  const [fullscreen, setFullscreen] = useState(false);
  const deckRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const last = slides.length - 1;

  const go = useCallback(
    (delta: number) => {
      setDirection(delta < 0 ? 'back' : 'forward');
      setIndex((current) => Math.min(last, Math.max(0, current + delta)));
    },
    [last],
  );

  // Swipes: touch and pen only (a mouse drag selects text, as everywhere else). The stage
  // lets the browser pan vertically and zoom (touch-action: pan-y pinch-zoom), so horizontal
  // moves reach us.
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const action = swipeAction(event.clientX - start.x, event.clientY - start.y);
    if (action) go(action === 'next' ? 1 : -1);
  };
  const onPointerCancel = () => {
    swipeStart.current = null;
  };

  const toggleFullscreen = useCallback(() => {
    const deck = deckRef.current;
    if (!deck) return;
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : deck.requestFullscreen();
    // Refused requests (no user gesture, iframe policy) leave the state as it is.
    request.catch(() => undefined);
  }, []);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === deckRef.current);
    document.addEventListener('fullscreenchange', sync);
    sync();
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      // Space and Enter on a focused control activate that control, as everywhere else.
      if (event.key === ' ' && target?.closest('button, a, summary')) return;
      const action = deckAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'next') go(1);
      else if (action === 'previous') go(-1);
      else toggleFullscreen();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [go, toggleFullscreen]);

  return (
    <div
      ref={deckRef}
      className="flex min-h-[calc(100vh-4rem)] flex-col bg-ink text-white"
      role="region"
      aria-roledescription="carousel"
      aria-label="PharmaBridge presentation"
      data-fullscreen={fullscreen ? 'true' : 'false'}
    >
      <h1 className="sr-only">PharmaBridge Presentation</h1>
      <div
        className="relative flex flex-1 touch-pan-y touch-pinch-zoom items-center justify-center overflow-hidden px-6 py-10 sm:px-12"
        data-testid="slide-stage"
        data-direction={direction}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        {slides.map((slide, slideIndex) => (
          <section
            key={slide.id}
            id={`slide-${slide.id}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${slides.length}: ${slide.title}`}
            hidden={slideIndex !== index}
            className="pb-slide-enter w-full max-w-6xl"
            data-testid="slide"
          >
            <SlideBody slide={slide} />
          </section>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 border-t border-white/10 px-4 py-4 sm:justify-between sm:px-8">
        {/* Each hint only where its input exists: keys with a fine pointer, swipes on touch. */}
        <p className="text-sm text-slate-300 pointer-coarse:hidden" data-testid="keyboard-hint">
          PharmaBridge · use ← → or Space, F for fullscreen
        </p>
        <p className="hidden text-sm text-slate-300 pointer-coarse:block" data-testid="swipe-hint">
          PharmaBridge · swipe left or right to change slides
        </p>
        <div className="flex items-center gap-3">
          <DeckButton onClick={() => go(-1)} disabled={index === 0}>
            Previous
          </DeckButton>
          <p
            className="min-w-16 text-center font-semibold tabular-nums"
            aria-live="polite"
            aria-atomic="true"
            data-testid="slide-counter"
          >
            {index + 1} / {slides.length}
          </p>
          <DeckButton onClick={() => go(1)} disabled={index === last}>
            Next
          </DeckButton>
          <DeckButton onClick={toggleFullscreen} pressed={fullscreen}>
            {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
          </DeckButton>
        </div>
      </div>
    </div>
  );
}

function DeckButton({
  children,
  onClick,
  disabled = false,
  pressed,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className="rounded-md border border-white/30 px-4 py-2 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}

function SlideBody({ slide }: { slide: Slide }) {
  const heading = (
    <h2
      className={`font-extrabold tracking-tight ${slide.type === 'title' ? 'text-5xl sm:text-7xl' : 'text-4xl sm:text-5xl'}`}
    >
      {slide.title}
    </h2>
  );
  const subtitle = slide.subtitle && (
    <p
      className={`mt-4 text-brand-100 ${slide.type === 'title' ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl'}`}
    >
      {slide.subtitle}
    </p>
  );

  switch (slide.type) {
    case 'title':
      return (
        <div className="text-center">
          <svg className="mx-auto mb-8 h-24 w-24" viewBox="0 0 32 32" aria-hidden="true">
            <defs>
              <linearGradient id="deck-mark" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#5DD47F" />
                <stop offset="1" stopColor="#2E9656" />
              </linearGradient>
            </defs>
            <rect width="32" height="32" rx="8" fill="url(#deck-mark)" />
            <path
              d="M6 21c3-7 7-10 10-10s7 3 10 10"
              fill="none"
              stroke="#fff"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
            <path
              d="M10 24v-6M16 24v-9M22 24v-6"
              stroke="#fff"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          {heading}
          {subtitle}
        </div>
      );
    case 'image':
      return (
        <figure className="grid items-center gap-8 lg:grid-cols-[1fr_2fr]">
          <div>
            {heading}
            {subtitle}
            {slide.caption && (
              <figcaption className="mt-6 text-lg text-slate-300">{slide.caption}</figcaption>
            )}
          </div>
          {slide.imageUrl && (
            <picture>
              <source
                srcSet={screenshotWebpSrcSet(slide.imageUrl)}
                sizes="(min-width: 1152px) 1152px, 100vw"
                type="image/webp"
              />
              <img
                src={slide.imageUrl}
                alt={slide.imageAlt ?? ''}
                width={1600}
                height={1000}
                loading="lazy"
                decoding="async"
                className="h-auto max-h-[65vh] w-full rounded-xl object-contain shadow-2xl ring-1 ring-white/10"
              />
            </picture>
          )}
        </figure>
      );
    case 'two-column':
      return (
        <div>
          {heading}
          {subtitle}
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {[slide.leftContent, slide.rightContent].map(
              (column) =>
                column && (
                  <div
                    key={column.heading}
                    className="rounded-2xl border border-white/15 bg-white/5 p-8"
                  >
                    <h3 className="text-2xl font-bold text-brand-400">{column.heading}</h3>
                    <BulletList items={column.bullets} />
                  </div>
                ),
            )}
          </div>
        </div>
      );
    default:
      return (
        <div className="max-w-4xl">
          {heading}
          {subtitle}
          {slide.bullets && <BulletList items={slide.bullets} large />}
        </div>
      );
  }
}

function BulletList({ items, large = false }: { items: string[]; large?: boolean }) {
  return (
    <ul className={`mt-8 space-y-4 ${large ? 'text-xl sm:text-2xl' : 'text-lg'}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span
            className="mt-2.5 h-2.5 w-2.5 flex-none rounded-full bg-brand-400"
            aria-hidden="true"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
