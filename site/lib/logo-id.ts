// Ids for the gradients of inline logos (site/components/Logo.astro), counted per page:
// `Astro.locals` is a fresh object for each page the build renders, so the same page
// gets the same ids in every build (its HTML, and so its ETag, stays the same) and no
// two copies on one page share an id.
const counts = new WeakMap<object, number>();

export function nextLogoId(page: object): number {
  const next = (counts.get(page) ?? 0) + 1;
  counts.set(page, next);
  return next;
}
