// The landing page repository's versions: a page's history, one version, and a version's
// title and content put back (docs/decisions/0022-restores-and-invalid-json.md; the split:
// docs/decisions/0441-data-modules-by-concern.md).
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, SK } from '../keys.ts';
import { LandingPageChanges } from './changes.ts';
import { PageNotFoundError } from './errors.ts';
import { pageKey, type LandingPage, type PageChange, type PageVersion } from './page-item.ts';

export class LandingPageVersions extends LandingPageChanges {
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
    return (result.Items ?? []).map((item) => toVersion(item));
  }

  async getVersion(id: string, versionId: string): Promise<PageVersion | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.pageVersion(id, versionId),
        ConsistentRead: true,
      }),
    );
    return result.Item && toVersion(result.Item);
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
}

/** A version item's fields, without its keys; its publication when it has one. */
function toVersion(item: Record<string, unknown>): PageVersion {
  const { versionId, pageId, reason, createdAt, title, slug, isActive, content, publication } =
    item as PageVersion;
  return {
    versionId,
    pageId,
    reason,
    actor: String(item['actor']),
    createdAt,
    title,
    slug,
    isActive,
    content,
    ...(publication ? { publication } : {}),
  };
}
