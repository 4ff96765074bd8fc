// The /presentation deck's navigation as a plain module (no framework): Previous/Next, the
// 'n / 6' counter, keys (ArrowRight or Space forward, ArrowLeft back, F toggles fullscreen),
// swipes on touch screens and the fullscreen toggle, on the markup SlideDeck.astro prerenders.

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

function part<T extends Element>(root: Element, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`The deck has no ${selector}`);
  return element;
}

/**
 * Wires one deck (`[data-deck]`). The prerendered HTML already shows the first slide,
 * '1 / n' and a disabled Previous, so this only reacts to input; it marks the deck
 * `data-deck-ready` once it does (browser tests wait for that).
 */
export function mountDeck(deck: HTMLElement): void {
  const stage = part<HTMLElement>(deck, '[data-deck-stage]');
  const slides = [...deck.querySelectorAll<HTMLElement>('[data-deck-slide]')];
  const counter = part<HTMLElement>(deck, '[data-deck-counter]');
  const previous = part<HTMLButtonElement>(deck, '[data-deck-previous]');
  const next = part<HTMLButtonElement>(deck, '[data-deck-next]');
  const fullscreenButton = part<HTMLButtonElement>(deck, '[data-deck-fullscreen]');
  const last = slides.length - 1;
  let index = Math.max(
    0,
    slides.findIndex((slide) => !slide.hidden),
  );

  const go = (delta: number) => {
    const target = Math.min(last, Math.max(0, index + delta));
    if (target === index) return;
    // Which way the change went, so the entering slide comes from that side (global.css).
    stage.dataset['direction'] = delta < 0 ? 'back' : 'forward';
    slides[index]!.hidden = true;
    slides[target]!.hidden = false;
    index = target;
    counter.textContent = `${index + 1} / ${slides.length}`;
    previous.disabled = index === 0;
    next.disabled = index === last;
  };

  previous.addEventListener('click', () => go(-1));
  next.addEventListener('click', () => go(1));

  // Swipes: touch and pen only (a mouse drag selects text, as everywhere else). The stage
  // lets the browser pan vertically and zoom (touch-action: pan-y pinch-zoom), so horizontal
  // moves reach us.
  let swipeStart: { id: number; x: number; y: number } | null = null;
  stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipeStart = { id: event.pointerId, x: event.clientX, y: event.clientY };
  });
  stage.addEventListener('pointerup', (event) => {
    const start = swipeStart;
    swipeStart = null;
    if (!start || start.id !== event.pointerId) return;
    const action = swipeAction(event.clientX - start.x, event.clientY - start.y);
    if (action) go(action === 'next' ? 1 : -1);
  });
  stage.addEventListener('pointercancel', () => {
    swipeStart = null;
  });

  const toggleFullscreen = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : deck.requestFullscreen();
    // Refused requests (no user gesture, iframe policy) leave the state as it is.
    request.catch(() => undefined);
  };
  fullscreenButton.addEventListener('click', toggleFullscreen);

  // The button follows the browser, however fullscreen was entered or left (Escape, its UI).
  const syncFullscreen = () => {
    const on = document.fullscreenElement === deck;
    deck.dataset['fullscreen'] = String(on);
    fullscreenButton.setAttribute('aria-pressed', String(on));
    fullscreenButton.textContent = on ? 'Exit fullscreen' : 'Fullscreen';
  };
  document.addEventListener('fullscreenchange', syncFullscreen);
  syncFullscreen();

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    // Space and Enter on a focused control activate that control, as everywhere else.
    if (event.key === ' ' && target?.closest('button, a, summary')) return;
    const action = deckAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action === 'next') go(1);
    else if (action === 'previous') go(-1);
    else toggleFullscreen();
  });

  deck.dataset['deckReady'] = 'true';
}
