// The dynamic landing page (docs/requirements.md §2) as markup: the navigation and the blocks
// of the page's layout in their order (functions/shared/blocks.ts). LandingPage.astro renders
// it to static HTML at build time (no hydration: its script, landing-behavior.ts, adds the
// page view, the reveal and the dialog openers);
// legacy-landing.tsx renders it at run time and starts the same behavior after its render.
import { Fragment, type Ref, type ReactNode } from 'react';
import type { LandingContent } from '../../../functions/shared/landing-content.ts';
import { blocksOf } from '../../../functions/shared/blocks.ts';
import type { MediaMap } from './media-image.tsx';
import { renderBlock } from './blocks/render.tsx';
import type { FormMap, SiteLinks } from './blocks/render-context.ts';
import { PageStructuredData } from './blocks/structured-data.tsx';
import type { PageClaims } from '../../../functions/shared/claims/page-claims.ts';
import { claimsOnPage, ClaimsProvider, ReferencesList } from './claim-text.tsx';
import type { PublicPublication } from '../../../functions/shared/job-codes.ts';
import { landingText } from '../../i18n/landing.ts';
import { DEFAULT_PAGE_LOCALE } from '../forms/page-locale.ts';

export interface LandingMarkupProps {
  content: LandingContent;
  /** The default page's id, for the pricing submission's event (docs/requirements.md §7). */
  defaultPageId?: string | undefined;
  /** The Logo.astro mark, passed in as a static slot. */
  logo?: ReactNode;
  /** The library images the content uses, by object path (srcset, size, alt text). */
  media?: MediaMap | undefined;
  /** The page's root element, where landing-behavior.ts listens. */
  rootRef?: Ref<HTMLDivElement>;
  /** The built page's slug, for its own files (an event block's .ics); unset in previews. */
  slug?: string | undefined;
  /** The build's definitions of the forms the page's form blocks show (render-context.ts). */
  forms?: FormMap | undefined;
  /** An editor's or reviewer's preview: the form blocks are drawn, never sent. */
  preview?: boolean | undefined;
  /**
   * The admin's live preview only: an empty `<span hidden data-block-anchor={id}>` before
   * each block, for the block editor to scroll to. Off on the public page (its HTML stays).
   */
  blockAnchors?: boolean | undefined;
  /**
   * The claims the page says (functions/shared/claims/page-claims.ts): their wordings,
   * references and evidence. Without them a claim token shows nothing (marked in previews).
   */
  claims?: PageClaims | undefined;
  /**
   * The live version's job code and date (issue 37): the small print that ends the page,
   * "PB-2026-0042 v3 · Approved 2026-12-04" (docs/decisions/0552-job-code-on-the-live-page.md).
   * Unset in previews and on variants other than the control.
   */
  publication?: PublicPublication | undefined;
  /**
   * The page's locale (issue 39, docs/decisions/0577-landing-words-per-locale.md): the words the
   * page says around its content and their dates (site/i18n/landing.ts). Default en-US.
   */
  locale?: string | undefined;
  /** Where the blocks' links to the site's pages go in that locale (render-context.ts). */
  siteLinks?: SiteLinks | undefined;
}

/**
 * The material's small print in the page's language: "PB-2026-0042 v3 · Approved 2026-12-04",
 * "PB-2026-0042 v3 · Freigegeben am 04.12.2026".
 */
export function jobCodeLine(publication: PublicPublication, locale: string): string {
  const words = landingText(locale).jobCode;
  const said = publication.approved ? words.approved : words.published;
  return `${publication.jobCode} · ${said(publication.date, locale)}`;
}

export function LandingMarkup({
  content,
  defaultPageId,
  logo,
  media,
  rootRef,
  slug,
  forms,
  preview,
  blockAnchors = false,
  claims,
  publication,
  locale = DEFAULT_PAGE_LOCALE,
  siteLinks,
}: LandingMarkupProps) {
  // The page's blocks, or for a page without a layout the sections of docs/requirements.md §2
  // (deriveLayout), which render the same HTML as before layouts (blocks/render.test.ts).
  const blocks = blocksOf(content);
  // The types it shows, once for every renderer: the navigation links only to these.
  const shown = new Set(blocks.map((block) => block.type));
  const context = { media, logo, shown, slug, forms, preview, locale, siteLinks };
  // The navigation, first when present (blocks.ts), stays outside <main>.
  const nav = blocks[0]?.type === 'navigation' ? blocks[0] : undefined;
  const anchor = (id: string) => blockAnchors && <span hidden data-block-anchor={id} />;
  const onPage = claimsOnPage(content, claims, preview === true);
  return (
    <ClaimsProvider claims={onPage} locale={locale}>
      <div
        ref={rootRef}
        className="landing"
        data-landing=""
        data-default-page-id={defaultPageId}
        // The general dialog's form (issue 26, content.formId): landing-behavior.ts reads it.
        data-form-id={content.formId}
      >
        {nav && anchor(nav.id)}
        {nav && renderBlock(nav, context)}
        <main id="main">
          {blocks
            .filter((block) => block !== nav)
            .map((block) => (
              <Fragment key={block.id}>
                {anchor(block.id)}
                {renderBlock(block, context)}
              </Fragment>
            ))}
          {/* The References list ends the page unless a references block places it. */}
          {onPage && !blocks.some((block) => block.type === 'references') && <ReferencesList />}
          {/* The material's job code, as printed material carries it; inside <main>, as part of it. */}
          {publication && (
            <div className="border-t border-slate-200 bg-slate-50">
              <p
                data-job-code=""
                className="mx-auto max-w-7xl px-4 py-3 text-xs text-slate-600 sm:px-6 lg:px-8"
              >
                {jobCodeLine(publication, locale)}
              </p>
            </div>
          )}
          {/* One FAQPage for all FAQ blocks (search engines take one per page). */}
          <PageStructuredData blocks={blocks} />
        </main>
      </div>
    </ClaimsProvider>
  );
}
