// The landing page repository's deletion: a page deleted and kept restorable for
// DELETED_RETENTION_DAYS, the deleted pages list, and a deleted page restored under its id
// and slug (docs/decisions/0022-restores-and-invalid-json.md; the split:
// docs/decisions/0441-data-modules-by-concern.md).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SLUG } from '../../shared/slug.ts';
import { GSI2PK } from '../keys.ts';
import { liveWritePart, ReviewRequiredError } from '../live-guard.ts';
import { pageRedirectWrites } from '../redirect-plan.ts';
import { GSI2, putNew, queryAll } from '../table.ts';
import {
  AlreadyRestoredError,
  DefaultPageError,
  experimentLockCheck,
  ExperimentRunningError,
  PageNotFoundError,
  SlugTakenError,
  StaleRevisionError,
} from './errors.ts';
import {
  DELETED_RETENTION_DAYS,
  deletedKey,
  pageItem,
  pageKey,
  slugKey,
  toDeleted,
  toPage,
  type DeletedItem,
  type DeletedPage,
  type LandingPage,
  type PageChange,
  type PageItem,
} from './page-item.ts';
import { LandingPageVersions } from './versions.ts';

export class LandingPageDeletion extends LandingPageVersions {
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
    await this.transact({
      now,
      items: [
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
        experimentLockCheck(this.table, id),
      ],
      audit: this.auditParts(change, now, page, page),
      onConflict: async (codes) => {
        const reasons = codes;
        if (reasons[reasons.length - 1] === 'ConditionalCheckFailed') {
          return new ExperimentRunningError(await this.lockName(id));
        }
        const latest = await this.getItem(id);
        if (!latest) return new PageNotFoundError('Landing page');
        return new StaleRevisionError(expected, toPage(latest));
      },
    });
    await this.committed(page, undefined);
    return page;
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
    // Back live: a publication of its own, numbered on from the page's last.
    const published = page.isActive
      ? await this.publication(deleted.publications, change.actor, now)
      : undefined;
    const written: PageItem = {
      ...item,
      ...(published ?? (deleted.publications ? { publications: deleted.publications } : {})),
    };
    await this.transact({
      now,
      items: [
        putNew(this.table, { ...slugKey(deleted.slug), pageId: id }),
        putNew(this.table, written),
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
        ...redirects,
        ...guard,
      ],
      audit: this.auditParts(change, now, undefined, page, published?.publication),
      onConflict: async (codes) => {
        const reasons = codes;
        if (reasons[0] === 'ConditionalCheckFailed') return new SlugTakenError(deleted.slug);
        if (guard.length && reasons.at(-1) === 'ConditionalCheckFailed') {
          return new ReviewRequiredError(
            'Restoring this page live needs review while approvals are required: restore it as a draft, then submit it. Nothing was restored.',
          );
        }
        return new AlreadyRestoredError();
      },
    });
    await this.committed(undefined, page);
    return toPage(written);
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
      ...(page.publications ? { publications: page.publications } : {}),
    };
  }
}
