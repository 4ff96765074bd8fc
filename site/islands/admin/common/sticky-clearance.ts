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
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      root.style[property] = '';
    };
  }, [bar, edge]);
}
