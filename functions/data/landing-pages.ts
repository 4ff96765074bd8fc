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
// Every page write carries a revision number checked on update, so two admins saving
// at once cannot silently overwrite each other.
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { LandingContent } from '../shared/landing-content.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { GSI1, GSI2, isConditionalFailure, putNew, queryAll, TableRepository } from './table.ts';

export interface LandingPage {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  content: LandingContent;
  createdAt: string;
  updatedAt: string;
}

export type VersionReason = 'update' | 'reset' | 'delete' | 'restore';

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

interface PageItem extends LandingPage {
  pk: string;
  sk: 'PAGE';
  gsi1pk: 'PAGES';
  gsi1sk: string;
  revision: number;
}

const pageKey = (id: string) => ({ pk: `PAGE#${id}`, sk: 'PAGE' as const });
const slugKey = (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' });
const deletedKey = (id: string) => ({ pk: `DELETED#${id}`, sk: 'DELETED' as const });
/** A page's item; the pages list is ordered by creation. */
const pageItem = (page: LandingPage & { revision: number }): PageItem => ({
  ...pageKey(page.id),
  gsi1pk: 'PAGES',
  gsi1sk: `${page.createdAt}#${page.id}`,
  ...page,
});

function toPage(item: PageItem): LandingPage {
  const { id, title, slug, isActive, content, createdAt, updatedAt } = item;
  return { id, title, slug, isActive, content, createdAt, updatedAt };
}

export class LandingPageRepository extends TableRepository {
  async list(): Promise<LandingPage[]> {
    const items = await queryAll<PageItem>(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pages',
      ExpressionAttributeValues: { ':pages': 'PAGES' },
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

  async create(input: NewPage, id: string = randomUUID()): Promise<LandingPage> {
    const now = this.now().toISOString();
    const item = pageItem({
      id,
      title: input.title,
      slug: input.slug,
      isActive: input.isActive,
      content: input.content,
      createdAt: now,
      updatedAt: now,
      revision: 1,
    });
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(this.table, { ...slugKey(input.slug), pageId: id }),
            putNew(this.table, item),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) throw slugTaken(input.slug);
      throw error;
    }
    return toPage(item);
  }

  /** Applies a patch, keeping the content before it as a version. */
  async update(
    id: string,
    patch: PagePatch,
    actor: string,
    reason: VersionReason = 'update',
  ): Promise<LandingPage> {
    const current = await this.getItem(id);
    if (!current) throw notFound('Landing page');
    const now = this.now().toISOString();
    const next: PageItem = {
      ...current,
      ...definedOnly(patch),
      updatedAt: now,
      revision: current.revision + 1,
    };
    const slugChanged = next.slug !== current.slug;
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: next,
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': current.revision },
              },
            },
            { Put: { TableName: this.table, Item: this.versionItem(current, reason, actor, now) } },
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
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        const reasons = cancellationReasons(error);
        // Index 2 is the new slug item; anything else means the page moved under us.
        if (slugChanged && reasons[2] === 'ConditionalCheckFailed') throw slugTaken(next.slug);
        throw new ApiError(
          409,
          'conflict',
          'The page was changed by someone else; reload it and try again',
        );
      }
      throw error;
    }
    return toPage(next);
  }

  async delete(id: string, actor: string): Promise<void> {
    const current = await this.getItem(id);
    if (!current) throw notFound('Landing page');
    const now = this.now().toISOString();
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: pageKey(id),
                ConditionExpression: 'revision = :revision',
                ExpressionAttributeValues: { ':revision': current.revision },
              },
            },
            { Delete: { TableName: this.table, Key: slugKey(current.slug) } },
            {
              Put: { TableName: this.table, Item: this.versionItem(current, 'delete', actor, now) },
            },
            { Put: { TableName: this.table, Item: this.deletedItem(current, actor, now) } },
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new ApiError(
          409,
          'conflict',
          'The page was changed by someone else; reload it and try again',
        );
      }
      throw error;
    }
  }

  async versions(id: string, limit = 50): Promise<PageVersion[]> {
    const result = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pageKey(id).pk, ':prefix': 'VERSION#' },
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
        Key: { pk: pageKey(id).pk, sk: `VERSION#${versionId}` },
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
  async restoreVersion(id: string, versionId: string, actor: string): Promise<LandingPage> {
    const version = await this.getVersion(id, versionId);
    if (!version) throw notFound('Version');
    return this.update(id, { title: version.title, content: version.content }, actor, 'restore');
  }

  /** Deleted pages that can still be restored, most recently deleted first. */
  async listDeleted(): Promise<DeletedPage[]> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const items = await queryAll<DeletedItem>(this.db, {
      TableName: this.table,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :deleted',
      ExpressionAttributeValues: { ':deleted': 'DELETED' },
      ScanIndexForward: false,
    });
    return (
      items
        // TTL deletes lazily: an expired item may still be read, and is ignored.
        .filter((item) => Number(item['expiresAt']) > nowSeconds)
        .map(toDeleted)
    );
  }

  /** Re-creates a deleted page under its id and slug; 409 when the slug is taken. */
  async restoreDeleted(id: string, actor: string): Promise<LandingPage> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: deletedKey(id), ConsistentRead: true }),
    );
    const deleted = result.Item as DeletedItem | undefined;
    if (!deleted || deleted.expiresAt <= Math.floor(this.now().getTime() / 1000)) {
      throw notFound('Deleted page');
    }
    const now = this.now().toISOString();
    const item = pageItem({
      id,
      title: deleted.title,
      slug: deleted.slug,
      isActive: deleted.isActive,
      content: deleted.content,
      createdAt: deleted.createdAt,
      updatedAt: now,
      revision: deleted.revision + 1,
    });
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
            { Put: { TableName: this.table, Item: this.versionItem(item, 'restore', actor, now) } },
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        const reasons = cancellationReasons(error);
        if (reasons[0] === 'ConditionalCheckFailed') throw slugTaken(deleted.slug);
        throw new ApiError(409, 'conflict', 'The page was restored by someone else meanwhile');
      }
      throw error;
    }
    return toPage(item);
  }

  private deletedItem(page: PageItem, actor: string, at: string): DeletedItem {
    const expiresAt = Math.floor(new Date(at).getTime() / 1000) + DELETED_RETENTION_DAYS * 86400;
    return {
      ...deletedKey(page.id),
      gsi2pk: 'DELETED',
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

  private versionItem(page: PageItem, reason: VersionReason, actor: string, at: string) {
    // The random suffix keeps two versions written in the same millisecond apart.
    const versionId = `${at}#${randomUUID().slice(0, 8)}`;
    return {
      pk: page.pk,
      sk: `VERSION#${versionId}`,
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
  sk: 'DELETED';
  gsi2pk: 'DELETED';
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

function slugTaken(slug: string): ApiError {
  return new ApiError(409, 'conflict', `The slug '${slug}' is already used by another page`, {
    slug: ['is already used by another page'],
  });
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
