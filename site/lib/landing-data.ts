// Build-time access to landing pages. With a configured store (DYNAMODB_ENDPOINT or
// AWS_REGION) the build reads it (functions/site-data/store.ts) and fails loudly if it
// cannot; with none it renders the template from content/ (docs/requirements.md §10
// (publishing)).
import {
  readActivePages,
  readRunningExperiments,
  type BuildPage,
} from '../../functions/site-data/store.ts';
import type { VariantId } from '../../functions/shared/experiments.ts';
import { DEFAULT_SLUG } from '../../functions/shared/slug.ts';
import { withFallbacks } from '../../functions/shared/dynamic-text.ts';
import { landingTemplate } from '../../functions/shared/template.ts';
import { replaceClaimTokens } from '../../functions/shared/claims/tokens.ts';
import { buildClaims } from './landing-claims.ts';
import { builtTranslations, landingAlternates, type Alternate } from './locale-paths.ts';
import { siteLocales } from './site-locales.ts';

export type { BuildPage };

let cached: Promise<BuildPage[]> | undefined;

/** Every active landing page, read once per build. */
export function activePages(): Promise<BuildPage[]> {
  cached ??= loadActivePages();
  return cached;
}

export async function defaultPage(): Promise<BuildPage> {
  const pages = await activePages();
  return pages.find((page) => page.slug === DEFAULT_SLUG) ?? templatePage();
}

/**
 * Every string of a value with its dynamic-text tokens replaced by their fallbacks and its
 * claim tokens by the approved wordings of `wordings` (nothing for one not approved).
 */
function fallbacksIn<T>(value: T, wordings: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') {
    return withFallbacks(replaceClaimTokens(value, (key) => wordings.get(key) ?? '')) as T;
  }
  if (Array.isArray(value)) return value.map((inner) => fallbacksIn(inner, wordings)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, fallbacksIn(inner, wordings)]),
    ) as T;
  }
  return value;
}

/**
 * The default page for the marketing pages that reuse its text (/site, /pricing, /faq,
 * /how-it-works, /product/suppliers): dynamic-text tokens (docs/decisions/0179-dynamic-text.md)
 * become their fallbacks there, since only landing pages run the script that replaces them,
 * and claim tokens their approved wordings (docs/decisions/0523-claims-rendered.md).
 */
export async function defaultPageText(): Promise<BuildPage> {
  const page = await defaultPage();
  const { claims } = await buildClaims();
  const wordings = new Map(
    claims.flatMap((claim) => (claim.status === 'approved' ? [[claim.key, claim.text]] : [])),
  );
  return { ...page, content: fallbacksIn(page.content, wordings) };
}

function templatePage(): BuildPage {
  return {
    id: DEFAULT_SLUG,
    slug: DEFAULT_SLUG,
    title: 'PharmaBridge',
    content: landingTemplate(),
  };
}

async function loadActivePages(): Promise<BuildPage[]> {
  const active = await readActivePages();
  if (!active) return [templatePage()];
  // A store that has not been seeded yet (first deploy) renders what the seed will write.
  return active.some((page) => page.slug === DEFAULT_SLUG) ? active : [...active, templatePage()];
}

/** One variant of a running experiment, prerendered at /variants/<variantSlug>/<variantId>. */
export interface BuildVariant {
  /**
   * The page with the variant's content (the control's is the page's own); a localized
   * experiment's keeps the page's id and slug with its version's title, as its locale's route.
   */
  page: BuildPage;
  /** The page's slug, or `<prefix>.<localized slug>` (functions/site-data/store.ts experimentAddress). */
  variantSlug: string;
  experimentId: string;
  variantId: VariantId;
  control: boolean;
  /** A localized experiment's (issue 39): its locale and the page's alternates. */
  locale?: string | undefined;
  alternates?: Alternate[] | undefined;
}

let variants: Promise<BuildVariant[]> | undefined;

/**
 * Every variant of every running experiment of a live page
 * (docs/decisions/0151-experiment-serving.md), read once per build. The edge sends each visitor of
 * the page to one of them (functions/server/experiment-map.ts).
 */
export function experimentVariants(): Promise<BuildVariant[]> {
  variants ??= (async () => {
    const [pages, locales] = await Promise.all([activePages(), siteLocales()]);
    const { experiments } = await readRunningExperiments(pages);
    return experiments.flatMap((experiment) => {
      const page = pages.find((candidate) => candidate.id === experiment.pageId)!;
      // A localized experiment's version, when the site builds it (site/pages/[locale]/):
      // one it does not build has no variants either, and the edge map leaves it out.
      const translation = experiment.locale
        ? builtTranslations(page, locales).find((built) => built.locale === experiment.locale)
        : undefined;
      if (experiment.locale && !translation) return [];
      const shown = translation
        ? {
            id: page.id,
            slug: page.slug,
            title: translation.title,
            publication: translation.publication,
          }
        : page;
      return experiment.variants.map((variant, index) => ({
        // A variant's content is not the publication's: only the control carries its code.
        page: {
          ...shown,
          content: variant.content,
          publication: index === 0 ? shown.publication : undefined,
        },
        variantSlug: experiment.variantSlug,
        experimentId: experiment.id,
        variantId: variant.id,
        control: index === 0,
        ...(translation
          ? { locale: translation.locale, alternates: landingAlternates(page, locales) }
          : {}),
      }));
    });
  })();
  return variants;
}
