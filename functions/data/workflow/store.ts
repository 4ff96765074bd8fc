// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): what every part of a
// page's workflow shares. The repository is built in layers, a file per sub-resource, each
// class extending the one below, so `ctx.workflow` stays one object (functions/lib/context.ts):
//   store.ts ......... this file: the client, the page and media repositories, audit entries
//   preview-links.ts . links that show the working copy without an account
//   schedules.ts ..... a publish or an unpublish at a set time
//   working-copy.ts .. the copy editors save, discard, and its hash
//   comments.ts ...... comment threads, anchored to blocks, resolved and reopened
//   review.ts ........ submit, approve (electronic signatures), reject, the settings
//   publish.ts ....... publish and unpublish
//   lifecycle.ts ..... review-by date and expiry, and the markers of what they caused
//   translations.ts .. versions in other locales and the source they were made from
//   repository.ts .... WorkflowRepository, the top layer
//
// Access patterns and keys (functions/data/keys.ts):
//   working copy .......... GetItem   pk=PAGE#<id>   sk=WORKING
//   signatures, comments .. Query     pk=PAGE#<id>   sk begins_with SIGNATURE# / COMMENT#
//   a page's schedules .... Query     pk=PAGE#<id>   sk begins_with SCHEDULE#
//   due schedules ......... Query     gsi1pk=SCHEDULES gsi1sk <= <now ISO>
//   preview links ......... Query     pk=PAGE#<id>   sk begins_with PREVIEW#; by token:
//                           GetItem   pk=PAGE#<id>   sk=PREVIEW#<linkId> (both in the token)
//   settings .............. GetItem   pk=SETTINGS    sk=SETTINGS
//
// The page item (functions/data/landing-pages/page-item.ts) stays the live version; the working copy
// is a separate item (working-copy.ts) that publishing writes into the page (publish.ts).
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { stableStringify } from '../../shared/stable-json.ts';
import { mediaIdsIn, mediaMapOf, mediaPathsIn, type MediaMap } from '../../shared/media-map.ts';
import type { AuditSignature } from '../../shared/api/audit.ts';
import { auditItem, type AuditAction } from '../audit.ts';
import { keys } from '../keys.ts';
import type { LandingPageRepository } from '../landing-pages/repository.ts';
import type { MediaRepository } from '../media/repository.ts';
import { queryAll, TableRepository } from '../table.ts';
import { ClaimRepository } from '../claims/claims.ts';
import { PageChecker, type CheckSubject } from './checks.ts';
import type { PageCheck } from '../../shared/page-checks.ts';
import type { Settings } from '../../shared/workflow.ts';

/** Who acts, for the audit entry written with the change. */
export interface Actor {
  email: string;
  ip?: string | undefined;
}

/**
 * SHA-256 (hex) of exactly what a signature covers: title, slug and content, and, for a
 * copy that shows library images, each image as the page renders it (`media`: its record's
 * public part by object path, null for a path with no record). An image changed in place
 * after signing changes the hash, so it voids the approvals instead of altering what was
 * signed (issue 33). Content without library images hashes as it always did.
 */
export function contentHash(
  copy: { title: string; slug: string; content: unknown },
  media: MediaMap = {},
): string {
  const paths = mediaPathsIn(copy.content).sort();
  const signed: Record<string, unknown> = {
    title: copy.title,
    slug: copy.slug,
    content: copy.content,
  };
  if (paths.length) signed['images'] = Object.fromEntries(paths.map((p) => [p, media[p] ?? null]));
  return createHash('sha256').update(stableStringify(signed)).digest('hex');
}

/** An item without its key attributes: what the API shows. */
export function withoutKeys<T extends { pk: string; sk: string; pageId: string }>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'pageId'> {
  const copy: Partial<T> = { ...item };
  delete copy.pk;
  delete copy.sk;
  delete copy.pageId;
  return copy as Omit<T, 'pk' | 'sk' | 'pageId'>;
}

/** The base layer of the page workflow's repository (layers: the header above). */
export abstract class WorkflowStore extends TableRepository {
  protected readonly pages: LandingPageRepository;
  protected readonly media: MediaRepository;
  /** The claims the publishing steps check content against (claims-check.ts). */
  protected readonly claims: ClaimRepository;
  /** The checks before publishing (checks.ts). */
  private readonly checker: PageChecker;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    pages: LandingPageRepository,
    media: MediaRepository,
  ) {
    super(db, table, now);
    this.claims = new ClaimRepository(db, table, now);
    this.pages = pages;
    this.media = media;
    this.checker = new PageChecker(db, table, pages, this.claims, (content) =>
      this.mediaOf(content),
    );
  }

  /**
   * The checks before publishing of `subject` as it would go live now. A checker that fails
   * is itself an error finding: what could not be checked does not go live unchecked.
   */
  async runChecks(
    subject: CheckSubject,
    settings: Pick<Settings, 'claimsLint'>,
  ): Promise<PageCheck[]> {
    try {
      return await this.checker.run(subject, settings);
    } catch (error) {
      return [
        {
          id: 'checks.failed',
          category: 'content',
          level: 'error',
          message: `The checks before publishing could not run (${error instanceof Error ? error.message : String(error)}): save again, and report it if it stays.`,
        },
      ];
    }
  }

  /** Every claim and piece of evidence as of today: what a preview link renders claims from. */
  claimsToday() {
    return this.claims.listWithEvidence();
  }

  /** The library images `content` shows, as the page renders them (for contentHash). */
  async mediaOf(content: unknown): Promise<MediaMap> {
    const ids = mediaIdsIn(content);
    return ids.length ? mediaMapOf(await this.media.getMany(ids, { consistent: true })) : {};
  }

  /** The hash of `copy` with its images as they are now. */
  async currentHash(copy: { title: string; slug: string; content: unknown }): Promise<string> {
    return contentHash(copy, await this.mediaOf(copy.content));
  }

  protected async partition<T>(pageId: string, prefix: string): Promise<T[]> {
    return queryAll<T>(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.page(pageId).pk, ':prefix': prefix },
      ConsistentRead: true,
    });
  }

  protected audit(
    now: Date,
    actor: Actor,
    action: AuditAction,
    summary: string,
    pageId?: string,
    signature?: AuditSignature,
  ) {
    return auditItem(this.table, now, {
      actor: actor.email,
      action,
      summary,
      ...(pageId ? { pageId } : {}),
      ...(actor.ip ? { ip: actor.ip } : {}),
      ...(signature ? { signature } : {}),
    }).put;
  }
}
