// The landing page repository's reads and the parts every write shares: a page by id or
// slug, the pages list, the audit entry and version item a write carries, and the live-slug
// sink told of every committed write (docs/decisions/0005-one-table-data-model.md,
// docs/decisions/0353-legacy-slugs-live-at-the-edge.md; the split: docs/decisions/0441-data-modules-by-concern.md).
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LiveSlugSink, PageLiveness } from '../../publishing/live-slugs.ts';

/** Throws when content may not go live unsigned (the claims rules). */
export type LiveClaimsCheck = (content: unknown) => Promise<void>;
import type { VersionReason } from '../../shared/api/versions.ts';
import type { Publication, PublicationApproval } from '../../shared/job-codes.ts';
import { jobCodeLabel } from '../../shared/job-codes.ts';
import { auditItem } from '../audit.ts';
import { drawJobCode } from '../job-codes.ts';
import { GSI1PK, keys } from '../keys.ts';
import { GSI1, queryAll, TableRepository } from '../table.ts';
import {
  pageKey,
  slugKey,
  toPage,
  type LandingPage,
  type PageChange,
  type PageItem,
  type VersionSnapshot,
} from './page-item.ts';

const liveness = (page: PageLiveness | undefined): PageLiveness | undefined =>
  page && { id: page.id, slug: page.slug, isActive: page.isActive };

export class LandingPageStore extends TableRepository {
  private readonly liveSlugs: LiveSlugSink | undefined;
  /**
   * The claims rules for content that goes live unsigned (approvals 0: a PUT of a live page,
   * a restore, a page created live), given by the services
   * (functions/data/workflow/claims-check.ts); it throws to refuse. Publishing checks signed
   * content itself.
   */
  protected readonly liveClaims: LiveClaimsCheck | undefined;

  constructor(
    db: ConstructorParameters<typeof TableRepository>[0],
    table: string,
    now?: () => Date,
    options: {
      liveSlugs?: LiveSlugSink | undefined;
      liveClaims?: LiveClaimsCheck | undefined;
    } = {},
  ) {
    super(db, table, now);
    this.liveSlugs = options.liveSlugs;
    this.liveClaims = options.liveClaims;
  }

  /** Tells the live-slug sink of a committed write (it never throws). */
  protected async committed(before: PageLiveness | undefined, after: PageLiveness | undefined) {
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

  /** Every page's version in another locale (issue 39), live or not: never in list(). */
  async translations(): Promise<LandingPage[]> {
    const items = await queryAll<PageItem>(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :translations',
      ExpressionAttributeValues: { ':translations': GSI1PK.translations },
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

  /** The name of the experiment holding the page's lock, for the refusal's sentence. */
  protected async lockName(id: string): Promise<string | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.experimentLock(id), ConsistentRead: true }),
    );
    return result.Item?.['name'] as string | undefined;
  }

  /**
   * The publication of a write after which visitors see something new: a job code drawn
   * now (burned if the write is then refused) and the page's next publication number
   * (docs/decisions/0550-job-codes.md). `approvals`: the signatures covering the content.
   */
  protected async publication(
    publications: number | undefined,
    actor: string,
    now: Date,
    approvals: PublicationApproval[] = [],
  ): Promise<{ publication: Publication; publications: number }> {
    const version = (publications ?? 0) + 1;
    const jobCode = await drawJobCode(this.db, this.table, now);
    return {
      publication: {
        jobCode,
        version,
        publishedAt: now.toISOString(),
        publishedBy: actor,
        approvals,
      },
      publications: version,
    };
  }

  /**
   * The audit entry of `change`, as a part of the change's own transaction; a publication's
   * names its job code.
   */
  protected auditParts(
    change: PageChange | undefined,
    now: Date,
    before: LandingPage | undefined,
    after: LandingPage,
    published?: Publication,
  ) {
    if (!change) return [];
    const detail = change.detail?.(before, after);
    const code = published ? `; job code ${jobCodeLabel(published)}` : '';
    return [
      auditItem(this.table, now, {
        actor: change.actor,
        action: change.action,
        pageId: after.id,
        summary: `${after.title} (/${after.slug})${detail ? `: ${detail}` : ''}${code}`,
        ...(change.ip ? { ip: change.ip } : {}),
      }).put,
    ];
  }

  protected async getItem(id: string): Promise<PageItem | undefined> {
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

  protected versionItem(page: VersionSnapshot, reason: VersionReason, actor: string, at: string) {
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
      // The replaced state's job code and approvals (docs/decisions/0551-publication-record.md).
      ...(page.publication ? { publication: page.publication } : {}),
    };
  }
}
