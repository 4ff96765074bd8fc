// The page as it will render, for the checks before publishing (issue 38,
// docs/decisions/0564-checks-before-publishing.md): the same React component the build
// prerenders each landing page with (site/islands/landing/landing-page.tsx LandingMarkup, used by
// site/components/landing/LandingPage.astro), given the same library images, form definitions
// and claims, rendered to static HTML on the server. Each block is preceded by a hidden
// `data-block-anchor` marker (the editor's preview has them too), so a finding in the markup
// names the block, and the content path, it comes from.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LandingMarkup } from '../../site/islands/landing/landing-page.tsx';
import type { LandingContent } from '../shared/landing-content.ts';
import type { MediaMap } from '../shared/media-map.ts';
import type { PageClaims } from '../shared/claims/page-claims.ts';
import type { PublicForm } from '../shared/forms/public-form.ts';

export interface MarkupInput {
  slug: string;
  content: LandingContent;
  media: MediaMap;
  forms: Record<string, PublicForm>;
  claims: PageClaims | undefined;
}

/** The body markup of the page, as the build renders it, with block markers. */
export function pageMarkup(input: MarkupInput): string {
  return renderToStaticMarkup(
    createElement(LandingMarkup, {
      content: input.content,
      defaultPageId: 'checks',
      // The build draws the Logo.astro mark here, hidden from assistive technology as there.
      logo: createElement('svg', { 'aria-hidden': 'true', focusable: 'false' }),
      media: input.media,
      forms: input.forms,
      claims: input.claims,
      slug: input.slug,
      blockAnchors: true,
    }),
  );
}
