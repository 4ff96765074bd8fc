// What a block type's renderer (site/islands/landing/blocks/<type>/renderer.tsx) is given: the
// block, and the page's context. RENDERERS (render.tsx) holds one per type.
import type { ReactNode } from 'react';
import type { Block, BlockOf, BlockType } from '../../../../functions/shared/blocks.ts';
import type { PublicForm } from '../../../../functions/shared/forms/public-form.ts';
import type { MediaMap } from '../media-image.tsx';

/** Form definitions by form id (the build's, functions/site-data/forms.ts). */
export type FormMap = Record<string, PublicForm>;

export interface RenderContext {
  media: MediaMap | undefined;
  /** The Logo.astro mark, for the navigation. */
  logo: ReactNode;
  /**
   * The block types the page shows (hidden blocks left out), from the blocks LandingMarkup
   * renders: the navigation links only to sections that are there (navigation/renderer.tsx).
   */
  shown: ReadonlySet<BlockType>;
  /** The built page's slug, for an event's .ics link (unset in previews: no link). */
  slug?: string | undefined;
  /**
   * The build's definitions of the page's forms (LandingPage.astro): given, the form blocks are
   * prerendered for the page's script to bring to life (blocks/form/renderer.tsx); absent (the
   * browser renders the page: /legacy, previews), they are live at once and ask for theirs.
   */
  forms?: FormMap | undefined;
  /** An editor's or reviewer's preview: forms are drawn but never sent. */
  preview?: boolean | undefined;
  /**
   * The page's locale (issue 39): the words the blocks say around the content
   * (site/i18n/landing.ts) and their dates. Unset (previews, /legacy): en-US.
   */
  locale?: string | undefined;
  /**
   * Where the blocks' links to the site's own pages go on a page in another locale (issue 39):
   * that locale's version (`/de/pricing`), else the English page marked English. Built by
   * LandingPage.astro with chromeLink (site/lib/locale-paths.ts); unset: the English paths.
   */
  siteLinks?: SiteLinks | undefined;
}

/** A site page the blocks link to, as a page in the page's locale reaches it. */
export interface SiteLink {
  href: string;
  /** Only in English: the link says so (hreflang="en" and a visible marker). */
  english: boolean;
}

/** The site pages the blocks link to. */
export const BLOCK_SITE_PATHS = ['/pricing', '/faq', '/product/suppliers'] as const;
export type SiteLinks = Partial<Record<(typeof BLOCK_SITE_PATHS)[number], SiteLink>>;

/** Where a block's link to `path` goes (the English path without siteLinks). */
export const siteLinkOf = (
  context: Pick<RenderContext, 'siteLinks'>,
  path: (typeof BLOCK_SITE_PATHS)[number],
): SiteLink => context.siteLinks?.[path] ?? { href: path, english: false };

export type Renderer<T extends BlockType> = (
  block: BlockOf<T>,
  context: RenderContext,
) => ReactNode;

type OwnFields<T> = Omit<T, 'id' | 'type' | 'label' | 'hidden' | 'style'>;

/** The section fields of a block: the block without its own id, type, label, hidden and style. */
export function fieldsOf<T extends Block>(block: T): OwnFields<T> {
  const common = new Set(['id', 'type', 'label', 'hidden', 'style']);
  return Object.fromEntries(
    Object.entries(block).filter(([key]) => !common.has(key)),
  ) as OwnFields<T>;
}
