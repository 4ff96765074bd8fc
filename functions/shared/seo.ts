// What a landing page puts in its <head>: the page's own SEO settings, each falling back
// to its hero (docs/decisions/0069-per-page-seo.md). Used by the prerendered pages (Astro) and
// by /legacy/{slug}, which sets the same tags at run time.
import type { LandingContent } from './landing-content.ts';
import { publicPath } from './slug.ts';
import { withFallbacks } from './dynamic-text.ts';
import { replaceClaimTokens } from './claims/tokens.ts';
import type { PageClaims } from './claims/page-claims.ts';

export interface ResolvedSeo {
  title: string;
  description: string;
  /** Site-relative path or absolute URL of the sharing image; undefined: the site's own. */
  image: string | undefined;
  noindex: boolean;
  /** The page's canonical path: `/` for the default page, `/{slug}` for the others. */
  canonicalPath: string;
}

/** The language of every landing page (site/layouts/LandingLayout.astro's `<html lang>`). */
export const LANDING_LANG = 'en';

/** Search results cut descriptions near this length; a hero fallback is cut to fit. */
const FALLBACK_DESCRIPTION_MAX = 160;

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function resolveSeo(
  page: { slug: string; isActive?: boolean },
  content: LandingContent,
  claims?: Pick<PageClaims, 'claims'>,
): ResolvedSeo {
  const { brand, hero, seo } = content;
  const heroTitle = [hero.headline, hero.highlight].filter(Boolean).join(' ');
  // Dynamic text shows its fallback here: crawlers and link previews never see a token
  // (docs/decisions/0179-dynamic-text.md); a claim its approved wording, without reference
  // numbers, and one not given nothing (docs/decisions/0523-claims-rendered.md).
  const wordings = new Map((claims?.claims ?? []).map((claim) => [claim.key, claim.text]));
  const plain = (text: string) =>
    withFallbacks(replaceClaimTokens(text, (key) => wordings.get(key) ?? ''));
  return {
    title: plain(seo?.title || `${heroTitle} | ${brand.name}`),
    description: plain(seo?.description || clip(plain(hero.subheadline), FALLBACK_DESCRIPTION_MAX)),
    image: seo?.image || hero.heroImage || undefined,
    // A draft is never indexed, whatever its settings say.
    noindex: seo?.noindex === true || page.isActive === false,
    canonicalPath: publicPath(page.slug),
  };
}
