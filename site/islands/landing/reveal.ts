// Scroll reveal (docs/requirements.md §2, §9): sections below the fold fade in once when 10% of
// them is in view, measured against the viewport minus its bottom 15%. Without JavaScript, or
// when the visitor prefers reduced motion, nothing is ever hidden. Plain DOM code: the
// prerendered landing page runs it from its script, /legacy after its React render.

export const REVEAL_OPTIONS: IntersectionObserverInit = {
  threshold: 0.1,
  rootMargin: '0px 0px -15% 0px',
};

/** Starts the reveal for the `[data-reveal]` sections inside `container`; returns its stop. */
export function startReveal(container: HTMLElement): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  const sections = [...container.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
    // Only what the visitor has not seen yet: nothing on screen ever disappears.
    (section) => section.getBoundingClientRect().top > window.innerHeight,
  );
  if (sections.length === 0) return () => undefined;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      (entry.target as HTMLElement).dataset['revealed'] = 'true';
      observer.unobserve(entry.target);
    }
  }, REVEAL_OPTIONS);
  for (const section of sections) {
    section.dataset['revealed'] = 'false';
    observer.observe(section);
  }
  return () => observer.disconnect();
}
