// Landing pages, their slugs and their versions in the single table.
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
// functions/routes/admin-changes.ts maps them to HTTP, so the site build, which reads
// pages through this module, never loads HTTP code.
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, VersionReason } from '../shared/api.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { DEFAULT_SLUG } from '../shared/slug.ts';
import { sameJson } from '../shared/stable-json.ts';
import { ConflictError, NotFoundError } from '../lib/domain-errors.ts';
import { auditItem } from './audit.ts';
import { GSI1, GSI2, isConditionalFailure, putNew, queryAll, TableRepository } from './table.ts';
import { GSI1PK, GSI2PK, keys, SK } from './keys.ts';
import { pageRedirectWrites, RedirectsChangedError } from './redirect-plan.ts';
import type { LiveSlugSink, PageLiveness } from '../publishing/live-slugs.ts';
import { liveWritePart, ReviewRequiredError, type LiveWrite } from './live-guard.ts';

export interface LandingPage {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  content: LandingContent;
  createdAt: string;
  updatedAt: string;
  /** 1 on creation, +1 on every write. */
  revision: number;
  /** Who made the last change; absent on pages written before it was recorded. */
  updatedBy?: string;
}

export type { VersionReason } from '../shared/api.ts';

export interface PageVersion {
  versionId: string;
  pageId: string;
  reason: VersionReason;
  actor: string;
  createdAt: string;
  title: string;
  slug: string;
  isActive: boolean;
  content: LandingContent;
}

export interface NewPage {
  title: string;
  slug: string;
  isActive: boolean;
  content: LandingContent;
}

export type PagePatch = Partial<NewPage>;

/** Who makes a change and what the audit log says about it (written with the change). */
export interface PageChange {
  actor: string;
  ip?: string | undefined;
  action: AuditAction;
  /** After "<title> (/<slug>): " in the audit summary; undefined for none. */
  detail?: (before: LandingPage | undefined, after: LandingPage) => string | undefined;
}

// The repository's refusals are domain errors (functions/lib/domain-errors.ts): the app's
// error handler answers them 404 or 409 with these messages and fields.
export class PageNotFoundError extends NotFoundError {
  override name = 'PageNotFoundError';
  readonly what: string;
  constructor(what: 'Landing page' | 'Version' | 'Deleted page') {
    super(`${what} not found`);
    this.what = what;
  }
}

/**
 * A write to a page whose experiment holds its lock (functions/data/experiments/lifecycle.ts): the
 * live page is the experiment's control and cannot change until the experiment ends.
 */
export class ExperimentRunningError extends ConflictError {
  override name = 'ExperimentRunningError';
  constructor(name: string | undefined) {
    super(
      `This page has an experiment${name ? ` ("${name}")` : ''} running or paused: end it before changing or publishing the live page. Visitors in the experiment see its variants, and its results compare them with the version that was live when it started.`,
    );
  }
}

/** The transaction part that fails while an experiment holds the page's lock. */
export const experimentLockCheck = (table: string, pageId: string) => ({
  ConditionCheck: {
    TableName: table,
    Key: keys.experimentLock(pageId),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The refusal of a page created live while review is required (the routes say it first). */
export const NEW_LIVE_PAGE_NEEDS_REVIEW =
  'A new page goes live through review while approvals are required: create it as a draft (isActive: false), submit it for review, and publish it once approved. Nothing was created.';

export class SlugTakenError extends ConflictError {
  override name = 'SlugTakenError';
  readonly slug: string;
  constructor(slug: string) {
    super(`The slug '${slug}' is already used by another page`, {
      slug: ['is already used by another page'],
    });
    this.slug = slug;
  }
}

/** The page was written after the revision the change was based on. */
export class StaleRevisionError extends ConflictError {
  override name = 'StaleRevisionError';
  readonly expected: number;
  /** The page as stored now, when it was read (the 409 names who saved it and when). */
  readonly current: LandingPage | undefined;
  constructor(expected: number, current: LandingPage | undefined) {
    const by = current?.updatedBy ? ` by ${current.updatedBy}` : '';
    const when = current ? ` at ${current.updatedAt}` : '';
    super(
      current
        ? `This page was saved${by}${when} after you opened it; reload it, compare the changes, or overwrite them`
        : 'This page was deleted after you opened it',
      {
        revision: [
          current
            ? `is ${expected}, but the page is at revision ${current.revision} now`
            : `is ${expected}, but the page no longer exists`,
        ],
      },
    );
    this.expected = expected;
    this.current = current;
  }
}

/** The default page renders `/`: it cannot be deleted or renamed. */
export class DefaultPageError extends ConflictError {
  override name = 'DefaultPageError';
  readonly change: 'delete' | 'rename';
  constructor(change: 'delete' | 'rename') {
    super(
      change === 'delete'
        ? 'The default page renders the home page and cannot be deleted'
        : 'The default page renders the home page; its slug cannot change',
      change === 'rename' ? { slug: ['cannot change on the default page'] } : undefined,
    );
    this.change = change;
  }
}

/** A deleted page was restored by someone else between our read and our write. */
export class AlreadyRestoredError extends ConflictError {
  override name = 'AlreadyRestoredError';
  constructor() {
    super('The page was restored by someone else meanwhile');
  }
}

/** How long a deleted page can be restored. */
export const DELETED_RETENTION_DAYS = 30;

export interface DeletedPage {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  deletedAt: string;
  deletedBy: string;
  /** When it can no longer be restored. */
  restorableUntil: string;
}

/** What a version keeps of a page (or of its working copy). */
export type VersionSnapshot = Pick<LandingPage, 'id' | 'title' | 'slug' | 'isActive' | 'content'>;

interface PageItem extends LandingPage {
  pk: string;
  sk: typeof SK.page;
  gsi1pk: typeof GSI1PK.pages;
  gsi1sk: string;
}

const pageKey = keys.page;
const slugKey = keys.slug;
const deletedKey = keys.deletedPage;
/** A page's item; the pages list is ordered by creation. */
const pageItem = (page: LandingPage): PageItem => ({
  ...pageKey(page.id),
  gsi1pk: GSI1PK.pages,
  gsi1sk: `${page.createdAt}#${page.id}`,
  ...page,
});

function toPage(item: PageItem): LandingPage {
  const { id, title, slug, isActive, content, createdAt, updatedAt, revision, updatedBy } = item;
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
  };
}

const liveness = (page: PageLiveness | undefined): PageLiveness | undefined =>
  page && { id: page.id, slug: page.slug, isActive: page.isActive };

export class LandingPageRepository extends TableRepository {
  private readonly liveSlugs: LiveSlugSink | undefined;

  constructor(
    db: ConstructorParameters<typeof TableRepository>[0],
    table: string,
    now?: () => Date,
    options: { liveSlugs?: LiveSlugSink | undefined } = {},
  ) {
    super(db, table, now);
    this.liveSlugs = options.liveSlugs;
  }

  /** Tells the live-slug sink of a committed write (it never throws). */
  private async committed(before: PageLiveness | undefined, after: PageLiveness | undefined) {
    await this.liveSlugs?.({ before: liveness(before), after: liveness(after) });
  }

  async list(): Promise<LandingPage[]> {
    const items = await queryAll<PageItem>(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pages',
      ExpressionAttributeValues: { ':pages': GSI1PK.pages },
    });
    return items.map(toPage);
  }

  async getById(id: string): Promise<LandingPage | undefined> {
    const item = await this.getItem(id);
    return item && toPage(item);
  }

  async getBySlug(slug: string): Promise<LandingPage | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: slugKey(slug), ConsistentRead: true }),
    );
    const pageId = result.Item?.['pageId'];
    if (typeof pageId !== 'string') return undefined;
    return this.getById(pageId);
  }

  /** Creates a page; with `change`, its audit entry is written in the same transaction. */
  async create(
    input: NewPage,
    options: { id?: string; change?: PageChange } = {},
  ): Promise<LandingPage> {
    const id = options.id ?? randomUUID();
    const now = this.now();
    const at = now.toISOString();
    const item = pageItem({
      id,
      title: input.title,
      slug: input.slug,
      isActive: input.isActive,
      content: input.content,
      createdAt: at,
      updatedAt: at,
      revision: 1,
      ...(options.change ? { updatedBy: options.change.actor } : {}),
    });
    const page = toPage(item);
    // A redirect from the page's addresses goes: the page wins
    // (docs/decisions/0140-renames-page-wins.md).
    const redirects = await pageRedirectWrites(this.db, this.table, undefined, page, {
      actor: options.change?.actor ?? 'system',
      at,
    });
    // Someone's change (audited) that creates a live page is one nobody signed; the seed and
    // the scripts, which pass no change, create what the installation starts with.
    const guard =
      options.change && input.isActive ? [liveWritePart(this.table, { approvals: 0 })] : [];
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(this.table, { ...slugKey(input.slug), pageId: id }),
            putNew(this.table, item),
            ...this.auditParts(options.change, now, undefined, page),
            ...redirects,
            ...guard,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        if (guard.length && cancellationReasons(error).at(-1) === 'ConditionalCheckFailed') {
          throw new ReviewRequiredError(NEW_LIVE_PAGE_NEEDS_REVIEW);
        }
        throw new SlugTakenError(input.slug);
      }
      throw error;
    }
    await this.committed(undefined, page);
    return page;
  }

  /**
   * Applies a patch, keeping the page before it as a version. `expectedRevision` is the
   * revision the author's form was based on; without it the write is based on the page
   * as read here (docs/requirements.md §7's image assignment sends only `{content}`).
   */
  async update(
    id: string,
    patch: PagePatch,
    change: PageChange & {
      reason?: VersionReason;
      expectedRevision?: number | undefined;
      /**
       * More parts of the same transaction (publishing deletes the working copy and its
       * schedule with the write); when one of them is refused, `refused()` is thrown.
       */
      also?: { parts: object[]; refused: () => Error };
      /** For a publish: the approvals of the content written (none: an unsigned change). */
      reviewed?: LiveWrite;
    },
  ): Promise<LandingPage> {
    const current = await this.getItem(id);
    if (!current) throw new PageNotFoundError('Landing page');
    const expected = change.expectedRevision ?? current.revision;
    if (expected !== current.revision) throw new StaleRevisionError(expected, toPage(current));
    if (current.slug === DEFAULT_SLUG && patch.slug !== undefined && patch.slug !== DEFAULT_SLUG) {
      throw new DefaultPageError('rename');
    }
    const now = this.now();
    const at = now.toISOString();
    const next: PageItem = {
      ...current,
      ...definedOnly(patch),
      updatedAt: at,
      updatedBy: change.actor,
      revision: current.revision + 1,
    };
    const slugChanged = next.slug !== current.slug;
    // Visitors would see it: the page is live after the write, and was not before or reads
    // differently now (taking a page down, or saving it unchanged, shows nothing new).
    const visible =
      next.isActive &&
      (!current.isActive ||
        slugChanged ||
        next.title !== current.title ||
        !sameJson(next.content, current.content));
    const guard = visible ? [liveWritePart(this.table, change.reviewed ?? { approvals: 0 })] : [];
    // A live page renamed leaves redirects from its old addresses; a page taking an address
    // removes the redirect from it (docs/decisions/0140-renames-page-wins.md). In this transaction.
    const redirects = await pageRedirectWrites(this.db, this.table, current, next, {
      actor: change.actor,
      at,
    });
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: next,
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': expected },
              },
            },
            ...(slugChanged
              ? [
                  putNew(this.table, { ...slugKey(next.slug), pageId: id }),
                  {
                    Delete: {
                      TableName: this.table,
                      Key: slugKey(current.slug),
                      ConditionExpression: 'pageId = :id',
                      ExpressionAttributeValues: { ':id': id },
                    },
                  },
                ]
              : []),
            {
              Put: {
                TableName: this.table,
                Item: this.versionItem(current, change.reason ?? 'update', change.actor, at),
              },
            },
            ...this.auditParts(change, now, toPage(current), toPage(next)),
            ...redirects,
            ...(change.also?.parts ?? []),
            ...guard,
            // Last: no change to the live page while an experiment holds its lock.
            experimentLockCheck(this.table, id),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        const all = cancellationReasons(error);
        if (all[all.length - 1] === 'ConditionalCheckFailed') {
          throw new ExperimentRunningError(await this.lockName(id));
        }
        if (guard.length && all.at(-2) === 'ConditionalCheckFailed') {
          throw change.reviewed
            ? new ReviewRequiredError(
                'The approvals of this content no longer cover what visitors would see (the setting changed, or an image it shows changed meanwhile): nothing was published',
              )
            : new ReviewRequiredError();
        }
        const reasons = all.slice(0, -1 - guard.length);
        const extra = change.also?.parts.length ?? 0;
        if (extra > 0 && reasons.slice(-extra).includes('ConditionalCheckFailed')) {
          throw change.also!.refused();
        }
        const redirectsAt = reasons.length - extra - redirects.length;
        if (
          reasons
            .slice(redirectsAt, redirectsAt + redirects.length)
            .includes('ConditionalCheckFailed')
        ) {
          throw new RedirectsChangedError();
        }
        // Index 1 is the new slug item; anything else means the page moved under us.
        if (slugChanged && reasons[1] === 'ConditionalCheckFailed') {
          throw new SlugTakenError(next.slug);
        }
        const latest = await this.getItem(id);
        throw new StaleRevisionError(expected, latest && toPage(latest));
      }
      throw error;
    }
    await this.committed(current, next);
    return toPage(next);
  }

  /** Deletes a page, keeping it restorable for DELETED_RETENTION_DAYS. */
  async delete(
    id: string,
    change: PageChange & { expectedRevision?: number | undefined },
  ): Promise<LandingPage> {
    const current = await this.getItem(id);
    if (!current) throw new PageNotFoundError('Landing page');
    if (current.slug === DEFAULT_SLUG) throw new DefaultPageError('delete');
    const expected = change.expectedRevision ?? current.revision;
    if (expected !== current.revision) throw new StaleRevisionError(expected, toPage(current));
    const now = this.now();
    const at = now.toISOString();
    const page = toPage(current);
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: pageKey(id),
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': expected },
              },
            },
            { Delete: { TableName: this.table, Key: slugKey(current.slug) } },
            {
              Put: {
                TableName: this.table,
                Item: this.versionItem(current, 'delete', change.actor, at),
              },
            },
            { Put: { TableName: this.table, Item: this.deletedItem(current, change.actor, at) } },
            ...this.auditParts(change, now, page, page),
            experimentLockCheck(this.table, id),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        const reasons = cancellationReasons(error);
        if (reasons[reasons.length - 1] === 'ConditionalCheckFailed') {
          throw new ExperimentRunningError(await this.lockName(id));
        }
        const latest = await this.getItem(id);
        if (!latest) throw new PageNotFoundError('Landing page');
        throw new StaleRevisionError(expected, toPage(latest));
      }
      throw error;
    }
    await this.committed(page, undefined);
    return page;
  }

  /** The name of the experiment holding the page's lock, for the refusal's sentence. */
  private async lockName(id: string): Promise<string | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.experimentLock(id), ConsistentRead: true }),
    );
    return result.Item?.['name'] as string | undefined;
  }

  async versions(id: string, limit = 50): Promise<PageVersion[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pageKey(id).pk, ':prefix': SK.pageVersion },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (result.Items ?? []).map((item) => {
      const { versionId, pageId, reason, actor, createdAt, title, slug, isActive, content } =
        item as PageVersion;
      return { versionId, pageId, reason, actor, createdAt, title, slug, isActive, content };
    });
  }

  async getVersion(id: string, versionId: string): Promise<PageVersion | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.pageVersion(id, versionId),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return undefined;
    const { pageId, reason, createdAt, title, slug, isActive, content } =
      result.Item as PageVersion;
    return {
      versionId,
      pageId,
      reason,
      actor: String(result.Item['actor']),
      createdAt,
      title,
      slug,
      isActive,
      content,
    };
  }

  /**
   * Puts a version's title and content back (slug and Active stay as they are: the slug
   * may belong to another page by now, and publishing is a separate decision). The
   * content replaced is kept as a 'restore' version.
   */
  async restoreVersion(id: string, versionId: string, change: PageChange): Promise<LandingPage> {
    const version = await this.getVersion(id, versionId);
    if (!version) throw new PageNotFoundError('Version');
    return this.update(
      id,
      { title: version.title, content: version.content },
      { ...change, reason: 'restore' },
    );
  }

  /** Deleted pages that can still be restored, most recently deleted first. */
  async listDeleted(): Promise<DeletedPage[]> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const items = await queryAll<DeletedItem>(this.db, {
      TableName: this.table,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :deleted',
      ExpressionAttributeValues: { ':deleted': GSI2PK.deleted },
      ScanIndexForward: false,
    });
    return (
      items
        // TTL deletes lazily: an expired item may still be read, and is ignored.
        .filter((item) => Number(item['expiresAt']) > nowSeconds)
        .map(toDeleted)
    );
  }

  /**
   * Re-creates a deleted page under its id and slug; 409 when the slug is taken. `asDraft`
   * brings a page that was live back off the site (review is required to show it again).
   */
  async restoreDeleted(
    id: string,
    change: PageChange,
    options: { asDraft?: boolean } = {},
  ): Promise<LandingPage> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: deletedKey(id), ConsistentRead: true }),
    );
    const deleted = result.Item as DeletedItem | undefined;
    if (!deleted || deleted.expiresAt <= Math.floor(this.now().getTime() / 1000)) {
      throw new PageNotFoundError('Deleted page');
    }
    const now = this.now();
    const at = now.toISOString();
    const item = pageItem({
      id,
      title: deleted.title,
      slug: deleted.slug,
      isActive: deleted.isActive && !options.asDraft,
      content: deleted.content,
      createdAt: deleted.createdAt,
      updatedAt: at,
      updatedBy: change.actor,
      revision: deleted.revision + 1,
    });
    const page = toPage(item);
    const redirects = await pageRedirectWrites(this.db, this.table, undefined, page, {
      actor: change.actor,
      at,
    });
    const guard = page.isActive ? [liveWritePart(this.table, { approvals: 0 })] : [];
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(this.table, { ...slugKey(deleted.slug), pageId: id }),
            putNew(this.table, item),
            {
              Delete: {
                TableName: this.table,
                Key: deletedKey(id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Put: {
                TableName: this.table,
                Item: this.versionItem(item, 'restore', change.actor, at),
              },
            },
            ...this.auditParts(change, now, undefined, page),
            ...redirects,
            ...guard,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        const reasons = cancellationReasons(error);
        if (reasons[0] === 'ConditionalCheckFailed') throw new SlugTakenError(deleted.slug);
        if (guard.length && reasons.at(-1) === 'ConditionalCheckFailed') {
          throw new ReviewRequiredError(
            'Restoring this page live needs review while approvals are required: restore it as a draft, then submit it. Nothing was restored.',
          );
        }
        throw new AlreadyRestoredError();
      }
      throw error;
    }
    await this.committed(undefined, page);
    return page;
  }

  /** The audit entry of `change`, as a part of the change's own transaction. */
  private auditParts(
    change: PageChange | undefined,
    now: Date,
    before: LandingPage | undefined,
    after: LandingPage,
  ) {
    if (!change) return [];
    const detail = change.detail?.(before, after);
    return [
      auditItem(this.table, now, {
        actor: change.actor,
        action: change.action,
        pageId: after.id,
        summary: `${after.title} (/${after.slug})${detail ? `: ${detail}` : ''}`,
        ...(change.ip ? { ip: change.ip } : {}),
      }).put,
    ];
  }

  private deletedItem(page: PageItem, actor: string, at: string): DeletedItem {
    const expiresAt = Math.floor(new Date(at).getTime() / 1000) + DELETED_RETENTION_DAYS * 86400;
    return {
      ...deletedKey(page.id),
      gsi2pk: GSI2PK.deleted,
      gsi2sk: `${at}#${page.id}`,
      id: page.id,
      title: page.title,
      slug: page.slug,
      isActive: page.isActive,
      content: page.content,
      createdAt: page.createdAt,
      revision: page.revision,
      deletedAt: at,
      deletedBy: actor,
      expiresAt,
    };
  }

  private async getItem(id: string): Promise<PageItem | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: pageKey(id), ConsistentRead: true }),
    );
    return result.Item as PageItem | undefined;
  }

  /**
   * A version of `snapshot` as a part of another transaction: the working copy a restore or
   * a reset replaces is kept this way, so the versions list can bring it back.
   */
  versionPart(snapshot: VersionSnapshot, reason: VersionReason, actor: string, at: string) {
    return { Put: { TableName: this.table, Item: this.versionItem(snapshot, reason, actor, at) } };
  }

  private versionItem(page: VersionSnapshot, reason: VersionReason, actor: string, at: string) {
    // The random suffix keeps two versions written in the same millisecond apart.
    const versionId = `${at}#${randomUUID().slice(0, 8)}`;
    return {
      ...keys.pageVersion(page.id, versionId),
      versionId,
      pageId: page.id,
      reason,
      actor,
      createdAt: at,
      title: page.title,
      slug: page.slug,
      isActive: page.isActive,
      content: page.content,
    };
  }
}

interface DeletedItem {
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
}

function toDeleted(item: DeletedItem): DeletedPage {
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

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

function cancellationReasons(error: unknown): (string | undefined)[] {
  const reasons =
    (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code);
}
