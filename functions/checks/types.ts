// What every rule of the checks before publishing is given (functions/checks/run.ts).
import type { LandingContent } from '../shared/landing-content.ts';
import type { MediaMap } from '../shared/media-map.ts';
import type { PageCheck } from '../shared/page-checks.ts';
import type { Element, Visited } from './document.ts';

export interface CheckedPage {
  title: string;
  slug: string;
  content: LandingContent;
}

/** What the checks know of the rest of the site. */
export interface SiteFacts {
  /**
   * The paths of live landing pages and redirects (no trailing slash), besides the site's
   * own routes, which the checks know (site-paths.ts).
   */
  livePaths: ReadonlySet<string>;
  /** The library images the content shows (sizes for the Open Graph image). */
  media: MediaMap;
}

export interface RuleInput {
  page: CheckedPage;
  elements: readonly Visited[];
  byId: Map<string, Element>;
  site: SiteFacts;
  /** Whether an internal path (no query, no fragment, no trailing slash) is served. */
  serves: (path: string) => boolean;
  /** The content path of a block by its id (`content.layout.2`), for findings in it. */
  blockPath: (blockId: string | undefined) => string | undefined;
}

export type Finding = PageCheck;

/** A finding in a block: its path (the block's, or `field` below it) and its block id. */
export function inBlock(
  input: RuleInput,
  blockId: string | undefined,
  field?: string,
): Pick<PageCheck, 'path' | 'blockId'> {
  const path = input.blockPath(blockId);
  return {
    ...(path ? { path: field ? `${path}.${field}` : path } : {}),
    ...(blockId ? { blockId } : {}),
  };
}
