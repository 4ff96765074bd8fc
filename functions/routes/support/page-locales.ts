// What the admin shows of a page's versions in other locales (issue 39,
// docs/decisions/0573-pages-per-locale.md): `locales` of GET /api/admin/pages/:id and of the
// Pages list's summaries (GET /api/admin/workflow).
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import type { LandingPage } from '../../data/landing-pages/page-item.ts';
import { DEFAULT_LOCALE, localePrefixes } from '../../shared/locales.ts';
import type { LocaleSummary } from '../../shared/workflow.ts';
import type { LocaleVersion, PageLocales, SourceDiff } from '../../shared/translations.ts';
import { translationPath } from '../../shared/translations.ts';
import {
  localSlugOf,
  splitTranslationId,
  translationId,
  withLocalSlug,
} from '../../shared/translation-ids.ts';
import { sourceDiff, textsOf } from '../../localization/source-diff.ts';
import { workflowStatus } from './workflow-status.ts';

/**
 * The diff of the default locale's live texts since a version's base: the live version's
 * base while it is live, else its working copy's.
 */
async function diffOf(
  c: Context<AppEnv>,
  source: LandingPage,
  version: LandingPage,
): Promise<SourceDiff[]> {
  const { workflow } = c.get('services');
  const base = await workflow.sourceBase(version.id, version.isActive ? 'live' : 'copy');
  return base ? sourceDiff(base.texts, textsOf(source)) : [];
}

/** Every configured locale but the default, with the page's version there (or none). */
export async function pageLocales(c: Context<AppEnv>, source: LandingPage): Promise<PageLocales> {
  const { pages, workflow } = c.get('services');
  const { locales } = await workflow.settings();
  const prefixes = localePrefixes(locales);
  const entries = await Promise.all(
    locales
      .filter((locale) => locale !== DEFAULT_LOCALE)
      .map(async (locale): Promise<[string, LocaleVersion]> => {
        const prefix = prefixes[locale]!;
        const version = await pages.getById(translationId(source.id, locale));
        if (!version) {
          return [
            locale,
            {
              locale,
              prefix,
              path: null,
              revision: null,
              live: null,
              workingCopy: null,
              workflow: null,
              sourceChanged: false,
              sourceDiff: [],
            },
          ];
        }
        const [status, diff] = await Promise.all([
          workflowStatus(c, version),
          diffOf(c, source, version),
        ]);
        const copy = status.workingCopy;
        const slug = localSlugOf(copy?.slug ?? version.slug);
        return [
          locale,
          {
            locale,
            prefix,
            path: translationPath(prefix, slug),
            revision: version.revision,
            live: version.isActive ? withLocalSlug(version) : null,
            workingCopy: copy ? withLocalSlug(copy) : null,
            workflow: { ...status, workingCopy: copy ? withLocalSlug(copy) : null },
            sourceChanged: diff.length > 0,
            sourceDiff: diff,
          },
        ];
      }),
  );
  return Object.fromEntries(entries);
}

/**
 * For the Pages list: per page, each version in a configured locale: live, its copy's state,
 * source changed (of the live version's base; of the copy's while it is not live).
 */
export async function localeSummaries(
  c: Context<AppEnv>,
  pages: readonly LandingPage[],
): Promise<Map<string, Record<string, LocaleSummary>>> {
  const { workflow } = c.get('services');
  const { locales } = await workflow.settings();
  const result = new Map<string, Record<string, LocaleSummary>>();
  if (locales.length < 2) return result;
  const byId = new Map(pages.map((page) => [page.id, page]));
  const versions = (await workflow.translations()).filter((version) => {
    const of = splitTranslationId(version.id);
    return of && byId.has(of.pageId) && locales.includes(of.locale);
  });
  const [copies, bases] = await Promise.all([
    workflow.workingCopies(versions.map((version) => version.id)),
    Promise.all(
      versions.map((version) =>
        workflow.sourceBase(version.id, version.isActive ? 'live' : 'copy'),
      ),
    ),
  ]);
  versions.forEach((version, index) => {
    const { pageId, locale } = splitTranslationId(version.id)!;
    const source = byId.get(pageId)!;
    const base = bases[index];
    const entry: LocaleSummary = {
      live: version.isActive,
      state: copies.get(version.id)?.state ?? null,
      sourceChanged: base ? sourceDiff(base.texts, textsOf(source)).length > 0 : false,
    };
    result.set(pageId, { ...result.get(pageId), [locale]: entry });
  });
  return result;
}
