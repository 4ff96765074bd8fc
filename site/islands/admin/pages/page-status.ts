// What a page card says about a page: Draft, Live, or Live with changes not on the public
// site yet, and where its View button goes (docs/decisions/0026-rebuild-debounce-and-view-link.md:
// the prerendered page once a build includes the last change, the live /legacy copy before).
import { livePath, publicPath } from '../../../../functions/shared/slug.ts';
import type { BuildStatus } from '../../../../functions/shared/api/build.ts';
import type { LandingPage } from '../common/pages-api.ts';

export type PageStatus =
  /** Inactive: only signed-in administrators see it, at its live address. */
  | 'draft'
  /** Active, and the public site has its last change. */
  | 'live'
  /** Active, and its last change is still being built. */
  | 'live-building'
  /** Active, and the build meant to publish its last change failed. */
  | 'live-failed';

/** Whether the served build was made after the page's last change. */
export function isPublished(page: LandingPage, build: BuildStatus | undefined): boolean {
  return build?.publishedAt !== undefined && page.updatedAt <= build.publishedAt;
}

export function pageStatus(page: LandingPage, build: BuildStatus | undefined): PageStatus {
  if (!page.isActive) return 'draft';
  // Rebuilds are off (no build project): the live copy is what there is.
  if (!build || build.state === 'disabled' || isPublished(page, build)) return 'live';
  return build.state === 'failed' ? 'live-failed' : 'live-building';
}

export const STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Draft',
  live: 'Live',
  'live-building': 'Live · changes building',
  'live-failed': 'Live · changes not published',
};

export const STATUS_HINTS: Record<PageStatus, string> = {
  draft:
    'Only signed-in administrators can open it, at its preview address. Publish it in the editor.',
  live: 'Visitors see the latest saved version.',
  'live-building':
    'Visitors still see the previous version at the public address; the rebuild with the latest changes is running.',
  'live-failed':
    'The rebuild with the latest changes failed; visitors still see the previous version. See the build status above.',
};

/** Where View goes: the public address once built, the live copy before (and for drafts). */
export function viewUrl(page: LandingPage, build: BuildStatus | undefined): string {
  return page.isActive && isPublished(page, build) ? publicPath(page.slug) : livePath(page.slug);
}
