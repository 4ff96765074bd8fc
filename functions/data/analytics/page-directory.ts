// The titles and paths the analytics tables show for a page id: landing pages (live,
// inactive or deleted within the restore window), marketing pages and the forms row
// (docs/decisions/0081-analytics-storage-and-reads.md; the folder:
// docs/decisions/0440-analytics-report-modules.md).
import type { AnalyticsPageRow } from '../../shared/analytics.ts';
import { SITE_SCOPE_PREFIX } from '../../shared/site-routes.ts';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import { NO_PAGE_SCOPE } from '../event-counters.ts';
import { GSI1PK, GSI2PK } from '../keys.ts';
import { GSI1, GSI2, queryAll } from '../table.ts';
import type { AnalyticsSources } from './query.ts';
import { localSlugOf, splitTranslationId } from '../../shared/translation-ids.ts';
import { translationPath } from '../../shared/translations.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';

/** What the pages table shows for a page id. */
export interface PageEntry {
  title: string;
  path: string | null;
  kind: AnalyticsPageRow['kind'];
}

export const FORMS_ROW_TITLE = 'Contact page and pilot form';
export const DELETED_ROW_TITLE = 'Deleted page';

const pathOf = (slug: string) => (slug === DEFAULT_SLUG ? '/' : `/${slug}`);

/** A page id's title and path in tables: a landing page, a site page, the forms, or deleted. */
export function pageLabel(id: string, directory: Map<string, PageEntry>): PageEntry {
  return (
    directory.get(id) ??
    (id === NO_PAGE_SCOPE
      ? { title: FORMS_ROW_TITLE, path: null, kind: 'forms' }
      : id.startsWith(SITE_SCOPE_PREFIX)
        ? // A marketing page counts under '/' + its path (functions/shared/site-routes.ts).
          { title: id, path: id, kind: 'site' }
        : { title: DELETED_ROW_TITLE, path: null, kind: 'deleted' })
  );
}

/** A page id's path (a marketing page's id is its path), or null for none known. */
export const pathsOf =
  (directory: Map<string, PageEntry>) =>
  (id: string): string | null =>
    directory.get(id)?.path ?? (id.startsWith(SITE_SCOPE_PREFIX) ? id : null);

/**
 * Titles and paths: every page for the all-pages table, or just the one asked for.
 * The lists are landing-pages.ts's own access patterns ("all pages", gsi1 PAGES, and
 * "deleted pages", gsi2 DELETED) projected to the four fields shown here: a page item
 * carries its whole content (about 15 KB), which this table never needs.
 */
export async function pageDirectory(
  sources: AnalyticsSources,
  pageId: string | undefined,
  locale?: string,
) {
  const entries = new Map<string, PageEntry>();
  const headers = (index: string, partition: string) =>
    queryAll<{ id: string; title: string; slug: string; isActive?: boolean; expiresAt?: number }>(
      sources.db,
      {
        TableName: sources.tableName,
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: 'id, title, slug, isActive, expiresAt',
        ExpressionAttributeNames: { '#pk': `${index}pk` },
        ExpressionAttributeValues: { ':pk': partition },
      },
    );
  const single = pageId ? await sources.pages.getById(pageId) : undefined;
  const live = pageId ? (single ? [single] : []) : await headers(GSI1, GSI1PK.pages);
  let itemsRead = pageId ? 1 : live.length;
  for (const page of live) {
    entries.set(page.id, {
      title: page.title,
      path: pathOf(page.slug),
      kind: page.isActive ? 'live' : 'inactive',
    });
  }
  if (!pageId || entries.size === 0) {
    // A page deleted within the restore window keeps its title in the table. TTL deletes
    // lazily, so an expired item may still be read; it is ignored.
    const deleted = await headers(GSI2, GSI2PK.deleted);
    itemsRead += deleted.length;
    const nowSeconds = sources.now().getTime() / 1000;
    for (const page of deleted) {
      if (Number(page.expiresAt) <= nowSeconds || entries.has(page.id)) continue;
      if (!pageId || page.id === pageId) {
        entries.set(page.id, { title: page.title, path: pathOf(page.slug), kind: 'deleted' });
      }
    }
  }
  if (locale && locale !== DEFAULT_LOCALE && !pageId)
    itemsRead += await localeVersions(entries, locale, headers);
  return { entries, itemsRead };
}

/**
 * One locale's view (docs/decisions/0574-analytics-by-locale.md): a landing page's events in
 * that locale count under the page's id, and its row shows the version visitors read there,
 * its title and address (`/de/fruehling`); a page without a version in it keeps its own.
 * Returns the items read (the versions of every locale, from their own index partition).
 */
async function localeVersions(
  entries: Map<string, PageEntry>,
  locale: string,
  headers: (
    index: string,
    partition: string,
  ) => Promise<{ id: string; title: string; slug: string; isActive?: boolean }[]>,
): Promise<number> {
  const versions = await headers(GSI1, GSI1PK.translations);
  for (const version of versions) {
    const split = splitTranslationId(version.id);
    if (split?.locale !== locale || !entries.has(split.pageId)) continue;
    const slash = version.slug.indexOf('/');
    entries.set(split.pageId, {
      title: version.title,
      path: translationPath(version.slug.slice(0, slash), localSlugOf(version.slug)),
      kind: version.isActive ? 'live' : 'inactive',
    });
  }
  return versions.length;
}
