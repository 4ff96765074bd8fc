// How the page shows in a search result and in a link shared on social media, in the editor's
// Page settings (issue 38): the title, address and description resolveSeo() gives
// (functions/shared/seo.ts, the same function the build and /legacy use for the <head>),
// cut where search engines cut them (about 60 and 160 characters), and the Open Graph card
// with its image (the site's own card, /og-image.png as site/components/SeoHead.astro
// falls back to, when the page names none), title, description and domain.
import { useId } from 'react';
import type { LandingContent } from '../../../../functions/shared/landing-content.ts';
import { resolveSeo, type ResolvedSeo } from '../../../../functions/shared/seo.ts';
import { usePreviewClaims } from '../common/editor/preview-claims.ts';

export const SEARCH_TITLE_MAX = 60;
export const SEARCH_DESCRIPTION_MAX = 160;
/** The site's own sharing card (site/components/SeoHead.astro). */
export const SITE_CARD_IMAGE = '/og-image.png';

/** `text` cut to at most `max` characters at a word, with "…", as a search result shows it. */
export function truncateForSearch(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:|–-]+$/, '')}…`;
}

/** The search result's lines and the social card's, from the resolved SEO. */
export function seoPreviewLines(seo: ResolvedSeo, origin: string) {
  const url = new URL(seo.canonicalPath, origin);
  return {
    title: truncateForSearch(seo.title, SEARCH_TITLE_MAX),
    titleCut: seo.title.trim().length > SEARCH_TITLE_MAX,
    description: truncateForSearch(seo.description, SEARCH_DESCRIPTION_MAX),
    descriptionCut: seo.description.trim().length > SEARCH_DESCRIPTION_MAX,
    /** "example.com › supplier-teams", as search results show an address. */
    breadcrumb: [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › '),
    url: url.href,
    domain: url.host.toUpperCase(),
    image: new URL(seo.image ?? SITE_CARD_IMAGE, origin).href,
    ownImage: seo.image !== undefined,
  };
}

/** The two previews for resolved SEO (pure: the unit test renders it). */
export function SeoPreviewCards({ seo, origin }: { seo: ResolvedSeo; origin: string }) {
  const lines = seoPreviewLines(seo, origin);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3" data-testid="seo-preview">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-ink">
        How it shows in search and when shared
      </h3>
      {seo.noindex && (
        <p className="text-sm text-amber-900" data-testid="seo-preview-noindex">
          Search engines are asked not to list this page (it is a draft, or its settings say no
          index): the result below is what it would look like.
        </p>
      )}
      <figure className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3">
        <figcaption className="text-xs font-medium text-slate-600">Search result</figcaption>
        <p className="truncate text-xs text-slate-700" data-testid="seo-preview-url">
          {lines.breadcrumb}
        </p>
        <p
          className="text-lg leading-snug break-words text-[#1a0dab]"
          data-testid="seo-preview-title"
        >
          {lines.title}
        </p>
        <p className="text-sm break-words text-slate-700" data-testid="seo-preview-description">
          {lines.description}
        </p>
        {(lines.titleCut || lines.descriptionCut) && (
          <p className="text-xs text-slate-600">
            Cut with “…”:{' '}
            {[
              lines.titleCut && `the title is over ${SEARCH_TITLE_MAX} characters`,
              lines.descriptionCut &&
                `the description is over ${SEARCH_DESCRIPTION_MAX} characters`,
            ]
              .filter(Boolean)
              .join(' and ')}
            .
          </p>
        )}
      </figure>
      <figure className="grid max-w-md overflow-hidden rounded-lg border border-slate-200 bg-white">
        <figcaption className="px-3 pt-2 text-xs font-medium text-slate-600">
          Social card{lines.ownImage ? '' : ' (the site’s own image: the page names none)'}
        </figcaption>
        <img
          src={lines.image}
          alt=""
          loading="lazy"
          className="mt-2 aspect-[1200/630] w-full bg-slate-100 object-cover"
          data-testid="seo-preview-image"
        />
        <div className="grid gap-0.5 bg-slate-50 px-3 py-2">
          <p className="text-xs text-slate-600">{lines.domain}</p>
          <p className="font-semibold break-words text-slate-900">{lines.title}</p>
          <p className="line-clamp-2 text-sm break-words text-slate-700">{lines.description}</p>
        </div>
      </figure>
    </section>
  );
}

/** The previews of the content being edited, its claims' wordings as the build uses them. */
export function SeoPreview({
  content,
  slug,
  isActive,
}: {
  content: LandingContent;
  slug: string;
  isActive: boolean;
}) {
  const claims = usePreviewClaims(content);
  const seo = resolveSeo({ slug, isActive }, content, claims);
  return <SeoPreviewCards seo={seo} origin={window.location.origin} />;
}
