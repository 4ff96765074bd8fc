// Keeps focused elements clear of a sticky bar (WCAG 2.2, 2.4.11 Focus Not Obscured): while the
// bar is stuck to an edge of the window, the page's scroll padding on that edge is the bar's
// height plus a margin, so the browser scrolls a newly focused field out from under it. Set
// through the CSSOM (the admin's CSP allows that, not style attributes).
import { useEffect, type RefObject } from 'react';

/** Room between the bar and a focused element, in CSS pixels. */
const MARGIN = 16;

export function useStickyClearance(
  bar: RefObject<HTMLElement | null>,
  edge: 'top' | 'bottom',
): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const apply = () => {
      // A bar that is sticky only on wide screens (md:sticky) needs no room on narrow ones.
      const sticky = getComputedStyle(element).position === 'sticky';
      root.style[property] = sticky ? `${element.offsetHeight + MARGIN}px` : '';
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    window.addEventListener('resize', apply);
    // Chromium's scroll on Tab does not always honour the scroll padding (a stop that is
    // already on screen stays where it is, under the bar): once the browser's own scroll is
    // done, a focused element still under the bar is scrolled clear of it. "Done" is the next
    // frame when the browser did not scroll, and the end of its scroll when it did (the page
    // scrolls smoothly unless reduced motion is asked for, and a busy machine takes many
    // frames over it).
    let frame = 0;
    let focused: HTMLElement | null = null;
    const check = () => {
      const target = focused;
      if (!target || target !== document.activeElement || !target.isConnected) return;
      if (getComputedStyle(element).position !== 'sticky') return;
      const bar = element.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      const by =
        edge === 'bottom'
          ? Math.max(0, box.bottom + MARGIN - bar.top)
          : Math.min(0, box.top - MARGIN - bar.bottom);
      if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
    };
    const clear = (event: FocusEvent) => {
      const target = event.target;
      focused = target instanceof HTMLElement && !element.contains(target) ? target : null;
      if (!focused) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    };
    document.addEventListener('focusin', clear);
    window.addEventListener('scrollend', check);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      document.removeEventListener('focusin', clear);
      window.removeEventListener('scrollend', check);
      cancelAnimationFrame(frame);
      root.style[property] = '';
    };
  }, [bar, edge]);
}
