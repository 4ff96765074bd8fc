// Landing pages, their slugs and their versions in the single table (functions/data/landing-pages/,
// one module per concern: docs/decisions/0441-data-modules-by-concern.md).
//
// Access patterns and keys:
//   page by id ............ GetItem   pk=PAGE#<id>        sk=PAGE
//   page by slug .......... GetItem   pk=SLUG#<slug>      sk=SLUG   -> pageId, then page by id
//   all pages (admin) ..... Query     gsi1pk=PAGES        gsi1sk=<createdAt>#<id>
//   versions, newest first  Query     pk=PAGE#<id>        sk begins_with VERSION#  (descending)
//   one version ........... GetItem   pk=PAGE#<id>        sk=VERSION#<versionId>
//   deleted page .......... GetItem   pk=DELETED#<id>     sk=DELETED  (TTL expiresAt: 30 days)
//   deleted pages (admin) . Query     gsi2pk=DELETED      gsi2sk=<deletedAt>#<id> (descending)
// A delete keeps the page's last state in a DELETED# item for 30 days; restoring writes
// the page and its slug back (409 if the slug was taken meanwhile) and a 'restore'
// version. Versions stay under PAGE#<id>, so a restored page keeps its history.
// Slug uniqueness is enforced by DynamoDB: the slug item is written in the same
// transaction as the page with attribute_not_exists, never by a read-then-write.
// Every page write carries a revision number: an update names the revision its author
// read (or, without one, the revision just read here) and the write is conditional on it,
// so a save made on stale data is refused instead of silently overwriting a newer one.
// Each change writes its audit entry (functions/data/audit.ts auditItem) in the same
// transaction: the log names exactly the changes that committed. So do the redirects a
// write makes (redirect-plan.ts): a live page renamed leaves its old addresses redirecting,
// a page taking an address removes the redirect from it.
// After each write commits, the live-slug sink (functions/publishing/live-slugs.ts, AWS only)
// is told the page before and after, so CloudFront's live-slug keys follow at once.
// A write that changes what visitors see (a live page's title, slug or content, or a page
// going live) carries live-guard.ts's check of the approvals setting in its transaction: an
// admin's change nobody signed is refused while review is required (issue 33).
// Failures are domain errors (PageNotFoundError, SlugTakenError, StaleRevisionError, ...);
// functions/routes/support/changes.ts maps them to HTTP, so the site build, which reads
// pages through these modules, never loads HTTP code.
//
// This module: the page, version and deleted page shapes, their items and keys.
import type { AuditAction } from '../../shared/api/audit.ts';
import type { LandingPageDto } from '../../shared/api/pages.ts';
import type { DeletedPageDto, PageVersionDto } from '../../shared/api/versions.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import type { GSI2PK, SK } from '../keys.ts';
import { GSI1PK, keys } from '../keys.ts';
import { isTranslationId } from '../../shared/translation-ids.ts';

// A page, a version and a deleted page are the API's shapes, inferred from their schemas
// (functions/shared/api/pages.ts, versions.ts), never restated here
// (docs/decisions/0485-shared-contracts-by-concern.md). A page's `revision` is 1 on creation,
// +1 on every write.
export type LandingPage = LandingPageDto;
export type PageVersion = PageVersionDto;
export type DeletedPage = DeletedPageDto;
export type { VersionReason } from '../../shared/api/versions.ts';

export type NewPage = Pick<LandingPage, 'title' | 'slug' | 'isActive' | 'content'>;

export type PagePatch = Partial<NewPage>;

/** Who makes a change and what the audit log says about it (written with the change). */
export interface PageChange {
  actor: string;
  ip?: string | undefined;
  action: AuditAction;
  /** After "<title> (/<slug>): " in the audit summary; undefined for none. */
  detail?: (before: LandingPage | undefined, after: LandingPage) => string | undefined;
}

/** How long a deleted page can be restored. */
export const DELETED_RETENTION_DAYS = 30;

/** What a version keeps of a page (or of its working copy). */
export type VersionSnapshot = Pick<
  LandingPage,
  'id' | 'title' | 'slug' | 'isActive' | 'content' | 'publication'
>;

export interface PageItem extends LandingPage {
  pk: string;
  sk: typeof SK.page;
  gsi1pk: typeof GSI1PK.pages | typeof GSI1PK.translations;
  gsi1sk: string;
  /**
   * How many times the page has gone live with something new (its last publication's
   * `version`), kept while it is off the site too (docs/decisions/0550-job-codes.md).
   */
  publications?: number;
}

export const pageKey = keys.page;
export const slugKey = keys.slug;
export const deletedKey = keys.deletedPage;
/** A page's item; the pages list is ordered by creation. */
export const pageItem = (page: LandingPage): PageItem => ({
  ...pageKey(page.id),
  // A page's version in another locale (functions/data/translations/) is never in the list.
  gsi1pk: isTranslationId(page.id) ? GSI1PK.translations : GSI1PK.pages,
  gsi1sk: `${page.createdAt}#${page.id}`,
  ...page,
});

export function toPage(item: PageItem): LandingPage {
  const {
    id,
    title,
    slug,
    isActive,
    content,
    createdAt,
    updatedAt,
    revision,
    updatedBy,
    lifecycle,
    publication,
  } = item;
  return {
    id,
    title,
    slug,
    isActive,
    content,
    createdAt,
    updatedAt,
    revision,
    ...(updatedBy ? { updatedBy } : {}),
    ...(lifecycle ? { lifecycle } : {}),
    ...(publication ? { publication } : {}),
  };
}

export interface DeletedItem {
  pk: string;
  sk: typeof SK.deleted;
  gsi2pk: typeof GSI2PK.deleted;
  gsi2sk: string;
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  content: LandingContent;
  createdAt: string;
  revision: number;
  deletedAt: string;
  deletedBy: string;
  expiresAt: number;
  /** The page's publication count, so a restore that goes live numbers on from it. */
  publications?: number;
}

export function toDeleted(item: DeletedItem): DeletedPage {
  const { id, title, slug, isActive, deletedAt, deletedBy, expiresAt } = item;
  return {
    id,
    title,
    slug,
    isActive,
    deletedAt,
    deletedBy,
    restorableUntil: new Date(expiresAt * 1000).toISOString(),
  };
}

export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
