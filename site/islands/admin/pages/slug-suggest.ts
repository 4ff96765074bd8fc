// The new-page form's slug (issue 22 A): suggested from the title until the administrator
// types one, and cleaned when the field is left or the form is sent. While typing, the
// field keeps docs/requirements.md §5's character rule only (normalizeSlug), so a hyphen
// typed before the next word survives; the finished slug has no leading, trailing or
// doubled hyphens, which read as typing mistakes in an address.
import { normalizeSlug } from '../../../../functions/shared/slug.ts';

/** The slug a title or a typed slug ends up as: `Spring Sale 2026!` → `spring-sale-2026`. */
export function cleanSlug(input: string): string {
  return normalizeSlug(input.trim())
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
