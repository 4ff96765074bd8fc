// What the site build reads from the store, and nothing else: the live landing pages, the
// media records they use, the redirects (written beside the pages as the redirect map), and
// the claims with their evidence (docs/decisions/0523-claims-rendered.md). site/ imports this module (and functions/shared/), never
// functions/data/ itself (the layering rule in eslint.config.js), so the repositories can
// change without the site's build code knowing how they store things.
import { loadConfig } from '../env.ts';
import { createDocumentClient, dynamoTarget } from '../data/dynamo.ts';
import { LandingPageRepository } from '../data/landing-pages/repository.ts';
import { MediaRepository } from '../data/media/repository.ts';
import { readRedirects, type Redirect } from '../data/redirect-plan.ts';
import { ExperimentRepository } from '../data/experiments/repository.ts';
import { CONTROL_ID, type VariantId } from '../shared/experiments.ts';
import type { MediaRecord } from '../shared/media.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import claimsJson from '../../content/claims.json' with { type: 'json' };
import { ClaimRepository } from '../data/claims/claims.ts';
import { planSeed, type Variant } from '../data/claims/seed.ts';
import type { Claim, Evidence } from '../shared/claims/model.ts';
import { publicPublication, type PublicPublication } from '../shared/job-codes.ts';
import { DEFAULT_LOCALES, localePrefixes } from '../shared/locales.ts';
import { localSlugOf, splitTranslationId } from '../shared/translation-ids.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { readSettings } from '../data/workflow/settings.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';

export interface BuildPage {
  id: string;
  slug: string;
  title: string;
  content: LandingContent;
  /** The live version's job code and date for its small print (issue 37). */
  publication?: PublicPublication | undefined;
  /**
   * The page's live versions in other locales (issue 39): each published at
   * `/<prefix>/<slug>`; a locale without a live version has none here and is not served.
   */
  translations?: BuildTranslation[] | undefined;
}

/** A page's live version in a locale other than the default (issue 39). */
export interface BuildTranslation {
  /** The BCP 47 code, `de-DE`. */
  locale: string;
  /** Its URL prefix (functions/shared/locales.ts localePrefixes), `de`. */
  prefix: string;
  /** The localized slug, without the prefix: the page is at `/<prefix>/<slug>`. */
  slug: string;
  title: string;
  content: LandingContent;
  publication?: PublicPublication | undefined;
}

/**
 * The site's locales (the `locales` setting, issue 39): the default `en-US` first. Without a
 * store only the default. A store that does not answer fails the build, as for the pages.
 */
export async function readLocales(env?: Record<string, string | undefined>): Promise<string[]> {
  const store = buildStore(env);
  if (!store) return [...DEFAULT_LOCALES];
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    return (await readSettings(db, store.table)).locales;
  } catch (error) {
    throw new Error(
      `The site build reads the locales setting from DynamoDB (${store.where}, table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/**
 * The build's store: undefined when none is configured (the build then renders the
 * template), else a description for error messages and a reader.
 */
function buildStore(env?: Record<string, string | undefined>) {
  const config = env ? loadConfig(env) : loadConfig();
  if (config.store.kind === 'embedded') return undefined;
  const where =
    config.store.kind === 'endpoint' ? config.store.endpoint : `AWS ${config.store.region}`;
  return { config, where, table: config.env.TABLE_NAME };
}

/**
 * The live versions in configured locales, by their page's id, in the order of `locales`; a
 * version whose locale is no longer configured is not built.
 */
function liveTranslations(
  versions: readonly LandingPage[],
  locales: readonly string[],
): Map<string, BuildTranslation[]> {
  const prefixes = localePrefixes(locales);
  const byPage = new Map<string, BuildTranslation[]>();
  for (const version of versions) {
    const of = splitTranslationId(version.id);
    if (!of || !version.isActive || !(of.locale in prefixes) || !prefixes[of.locale]) continue;
    const entry: BuildTranslation = {
      locale: of.locale,
      prefix: prefixes[of.locale]!,
      slug: localSlugOf(version.slug),
      title: version.title,
      content: version.content,
      ...(version.publication ? { publication: publicPublication(version.publication) } : {}),
    };
    byPage.set(of.pageId, [...(byPage.get(of.pageId) ?? []), entry]);
  }
  for (const list of byPage.values()) {
    list.sort((a, b) => locales.indexOf(a.locale) - locales.indexOf(b.locale));
  }
  return byPage;
}

/**
 * Every active landing page in the store, or undefined when no store is configured. A
 * store that does not answer fails the build loudly.
 */
export async function readActivePages(
  env?: Record<string, string | undefined>,
): Promise<BuildPage[] | undefined> {
  const store = buildStore(env);
  if (!store) return undefined;
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    const repository = new LandingPageRepository(db, store.table);
    const [pages, versions, settings] = await Promise.all([
      repository.list(),
      repository.translations(),
      readSettings(db, store.table),
    ]);
    const translations = liveTranslations(versions, settings.locales);
    return pages
      .filter((page) => page.isActive)
      .map(({ id, slug, title, content, publication }) => ({
        id,
        slug,
        title,
        content,
        ...(publication ? { publication: publicPublication(publication) } : {}),
        ...(translations.has(id) ? { translations: translations.get(id) } : {}),
      }));
  } catch (error) {
    throw new Error(
      `The site build reads landing pages from DynamoDB (${store.where}, table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/** The media library records with these ids (none without a store). */
export async function readMediaRecords(
  ids: string[],
  env?: Record<string, string | undefined>,
): Promise<MediaRecord[]> {
  const store = buildStore(env);
  if (!store || ids.length === 0) return [];
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    return await new MediaRepository(db, store.table).getMany(ids);
  } catch (error) {
    throw new Error(
      `The site build reads the media library from DynamoDB (table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/**
 * Every redirect in the store of `env` (the build's environment), none without a store. A
 * store that does not answer fails the build, as for the pages.
 */
export async function readRedirectList(
  env: Record<string, string | undefined>,
): Promise<Pick<Redirect, 'from' | 'to' | 'status'>[]> {
  const store = buildStore(env);
  if (!store) return [];
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    const redirects = await readRedirects(db, store.table);
    return [...redirects.values()].map(({ from, to, status }) => ({ from, to, status }));
  } catch (error) {
    throw new Error(
      `The site build reads the redirects from DynamoDB (table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/** A running experiment as the build renders it: every variant with its content. */
export interface BuildExperiment {
  id: string;
  pageId: string;
  /** The locale of the page's version it runs on (issue 39); absent: the default locale's. */
  locale?: string | undefined;
  /** Where the edge serves it: the page's address, `/`, `/<slug>`, `/<prefix>` or `/<prefix>/<slug>`. */
  path: string;
  /** Its variants' `/variants/<variant slug>` (experimentAddress). */
  variantSlug: string;
  variants: { id: VariantId; weight: number; content: LandingContent }[];
}

/**
 * The address of an experiment on `page`, or on its version `translation`
 * (docs/decisions/0576-experiments-per-locale.md): the page's public path, and the slug its
 * variants are prerendered under, `/variants/<variant slug>/<variant id>`: the page's slug
 * (`default` for the default page), and for a version `<prefix>.<localized slug>` (a slug
 * has no dot, so no English page's can be one; the default page's version is
 * `<prefix>.default`).
 */
export function experimentAddress(
  page: Pick<BuildPage, 'slug'>,
  translation?: Pick<BuildTranslation, 'prefix' | 'slug'>,
): { path: string; variantSlug: string } {
  const home = page.slug === DEFAULT_SLUG;
  if (!translation) return { path: home ? '/' : `/${page.slug}`, variantSlug: page.slug };
  const slug = home ? DEFAULT_SLUG : translation.slug;
  return {
    path: home ? `/${translation.prefix}` : `/${translation.prefix}/${slug}`,
    variantSlug: `${translation.prefix}.${slug}`,
  };
}

/**
 * The running experiments (paused ones serve only their control) of the live pages in
 * `pages`, with the assignment secret (hex); none without a store. The control's content is
 * the page's, which cannot change while the experiment runs.
 */
export async function readRunningExperiments(
  pages: readonly BuildPage[],
  env?: Record<string, string | undefined>,
): Promise<{ experiments: BuildExperiment[]; secret: string }> {
  const store = buildStore(env);
  if (!store) return { experiments: [], secret: '' };
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    const repository = new ExperimentRepository(db, store.table);
    const running = await repository.running();
    const experiments: BuildExperiment[] = [];
    for (const experiment of running) {
      const page = pages.find((candidate) => candidate.id === experiment.pageId);
      if (!page) continue;
      // A localized experiment runs on the page's live version in its locale: none, none built.
      const translation = experiment.locale
        ? page.translations?.find((candidate) => candidate.locale === experiment.locale)
        : undefined;
      if (experiment.locale && !translation) continue;
      const control = translation ? translation.content : page.content;
      experiments.push({
        id: experiment.id,
        pageId: page.id,
        ...(experiment.locale ? { locale: experiment.locale } : {}),
        ...experimentAddress(page, translation),
        variants: await Promise.all(
          experiment.variants.map(async ({ id, weight }) => ({
            id,
            weight,
            content:
              id === CONTROL_ID ? control : await repository.variantContent(experiment.id, id),
          })),
        ),
      });
    }
    // The key of the edge's assignment hash, the one the API checks events with.
    const secret = experiments.length ? await repository.assignmentSecret() : '';
    return { experiments, secret };
  } catch (error) {
    throw new Error(
      `The site build reads the running experiments from DynamoDB (table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}

/** The claims as the build renders them: every claim and piece of evidence, status as of today. */
export interface BuildClaims {
  claims: Pick<Claim, 'key' | 'text' | 'status' | 'lapse' | 'references' | 'forbiddenWordings'>[];
  evidence: Pick<Evidence, 'id' | 'title' | 'source' | 'date' | 'kind' | 'url' | 'valid'>[];
  /** Where they came from, for error messages. */
  from: string;
}

/**
 * The claims content/claims.json's seed writes (functions/data/claims/seed.ts), all approved:
 * what the build renders without a store, or before the store's first start seeded them, as
 * the pages fall back to the template.
 */
export function seededClaims(now = new Date()): BuildClaims {
  const { claims, evidence } = planSeed(
    claimsJson as Record<string, unknown> & { variants: Variant[] },
    now,
  );
  return {
    claims,
    evidence: evidence.map((item) => ({ ...item, valid: true })),
    from: 'content/claims.json (no claims store yet)',
  };
}

/**
 * Every claim and piece of evidence in the store, status as of today (one query of the
 * claims partition); the seed's claims without a store or before the seed ran. A store that
 * does not answer fails the build, as for the pages.
 */
export async function readBuildClaims(
  env?: Record<string, string | undefined>,
): Promise<BuildClaims> {
  const store = buildStore(env);
  if (!store) return seededClaims();
  const db = createDocumentClient(dynamoTarget(store.config));
  try {
    const read = await new ClaimRepository(db, store.table).listWithEvidence();
    if (!read.seeded && read.claims.length === 0) return seededClaims();
    return {
      claims: read.claims,
      evidence: read.evidence,
      from: `the claims store (table ${store.table})`,
    };
  } catch (error) {
    throw new Error(
      `The site build reads the claims from DynamoDB (table ${store.table}) and it did not answer: ${String(error)}`,
      { cause: error },
    );
  } finally {
    db.destroy();
  }
}
