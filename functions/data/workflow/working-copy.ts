// The working copy (docs/decisions/0132-working-copy.md): the page item
// (functions/data/landing-pages/page-item.ts) stays the live version, what the site build renders and
// visitors get; the working copy is a separate item, so saving it never changes the live
// page. A save puts the copy back to draft with a new hash (which voids every approval of
// the old content, review.ts) and voids a scheduled publish of the old content.
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { LandingContent } from '../../shared/landing-content.ts';
import {
  workingCopySchema,
  type WorkflowSummary,
  type WorkingCopy,
} from '../../shared/workflow.ts';
import { GSI1PK, keys } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { conditionally, GSI1, queryAll } from '../table.ts';
import { StaleWorkingCopyError, WorkflowStateError, WorkingCopyNotFoundError } from './errors.ts';
import { Schedules, toSchedule, type ScheduleItem } from './schedules.ts';
import type { Actor } from './store.ts';
import { readSettings } from './settings.ts';
import { errorsOf, type PageCheck } from '../../shared/page-checks.ts';

/**
 * A working copy item as read: the copy's fields checked by the shared schema (the keys
 * dropped), its content as stored (checked by landingContentSchema when it was saved, and
 * not parsed again, so content saved by an older version reads back as it was).
 */
const storedWorkingCopySchema = workingCopySchema.extend({
  content: z.custom<LandingContent>((value) => typeof value === 'object' && value !== null),
});

const toWorkingCopy = (item: Record<string, unknown>): WorkingCopy =>
  storedWorkingCopySchema.parse(item);

/** What a working copy item keeps of its checks before publishing (issue 38). */
export const checkAttributes = (checks: PageCheck[], at: Date) => ({
  checks,
  checkErrors: errorsOf(checks).length,
  checkedAt: at.toISOString(),
});

/** The working copy layer of the page workflow (layers: functions/data/workflow/store.ts). */
/** What the working copies and schedules say of a page (its claims are the route's). */
type CopySummary = Omit<WorkflowSummary, 'claims' | 'lifecycle' | 'locales'>;

export abstract class WorkingCopies extends Schedules {
  async workingCopy(pageId: string): Promise<WorkingCopy | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.workingCopy(pageId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toWorkingCopy(result.Item) : undefined;
  }

  /**
   * Saves the working copy; `revision` is the copy's revision as loaded (the live page's
   * when there is no copy yet). Back to draft, approvals voided by the new hash, and a
   * scheduled publish of the old content voided in the same transaction.
   */
  async saveDraft(
    page: LandingPage,
    input: { title: string; slug: string; content: LandingContent },
    revision: number,
    actor: Actor,
    options: {
      /** The audit entry's words after "<title> (/<slug>): " (default: "working copy saved"). */
      summary?: string;
      /** More parts of the same transaction (a version of the copy it replaces). */
      parts?: (current: WorkingCopy | undefined, at: string) => object[];
    } = {},
  ): Promise<WorkingCopy> {
    const current = await this.workingCopy(page.id);
    const expected = current ? current.revision : page.revision;
    if (revision !== expected) throw new StaleWorkingCopyError(revision, current, page.revision);
    const now = this.now();
    const at = now.toISOString();
    const [hash, settings] = await Promise.all([
      this.currentHash(input),
      readSettings(this.db, this.table),
    ]);
    // Kept with the copy (issue 38): the Pages list's badge reads the count without rendering.
    const checks = await this.runChecks(input, settings);
    const next: WorkingCopy = {
      title: input.title,
      slug: input.slug,
      content: input.content,
      // Numbered on from the live page's revision, so a save based on the live page (sent
      // with its revision) cannot silently overwrite a working copy made meanwhile.
      revision: (current ? current.revision : page.revision) + 1,
      baseRevision: current?.baseRevision ?? page.revision,
      state: 'draft',
      contentHash: hash,
      authors: [...new Set([...(current?.authors ?? []), actor.email])],
      createdAt: current?.createdAt ?? at,
      updatedAt: at,
      updatedBy: actor.email,
    };
    const scheduled = (await this.schedules(page.id)).find((entry) => entry.action === 'publish');
    const voids = scheduled && scheduled.contentHash !== hash;
    const voided = voids
      ? this.audit(
          now,
          actor,
          'schedule-void',
          `${page.title} (/${page.slug}): the publish scheduled for ${scheduled.at} was cancelled by an edit of the working copy`,
          page.id,
        )
      : undefined;
    await this.transact({
      items: [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...keys.workingCopy(page.id),
              pageId: page.id,
              ...next,
              ...checkAttributes(checks, now),
            },
            ...(current
              ? {
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': current.revision },
                }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          },
        },
        ...(voids
          ? [{ Delete: { TableName: this.table, Key: keys.schedule(page.id, 'publish') } }]
          : []),
        ...(options.parts?.(current, at) ?? []),
      ],
      audit: [
        ...(voided ? [voided] : []),
        this.audit(
          now,
          actor,
          'draft-save',
          `${input.title} (/${page.slug}): ${options.summary ?? 'working copy saved'} (revision ${next.revision})`,
          page.id,
        ),
      ],
      onConflict: async () =>
        new StaleWorkingCopyError(revision, await this.workingCopy(page.id), page.revision),
    });
    return next;
  }

  /** "Discard working copy": the live version stays; the copy and its schedule go. */
  async discard(page: LandingPage, actor: Actor): Promise<void> {
    const current = await this.workingCopy(page.id);
    if (!current) throw new WorkingCopyNotFoundError();
    const now = this.now();
    await this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.workingCopy(page.id),
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: { ':revision': current.revision },
          },
        },
        { Delete: { TableName: this.table, Key: keys.schedule(page.id, 'publish') } },
      ],
      audit: this.audit(
        now,
        actor,
        'draft-discard',
        `${page.title} (/${page.slug}): working copy discarded`,
        page.id,
      ),
    });
  }

  /**
   * Recomputes the hash of the page's working copy (`copy`, as just read, or read here) with
   * its images as they are now, and stores it when it differs: an image changed in place
   * since the copy was saved. Answers the new hash, or undefined when nothing changed.
   */
  async refreshHash(pageId: string, copy?: WorkingCopy): Promise<string | undefined> {
    const current = copy ?? (await this.workingCopy(pageId));
    if (!current) return undefined;
    const hash = await this.currentHash(current);
    if (hash === current.contentHash) return undefined;
    const written = await conditionally(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.workingCopy(pageId),
          UpdateExpression: 'SET contentHash = :hash',
          ConditionExpression: 'revision = :revision AND contentHash = :old',
          ExpressionAttributeValues: {
            ':hash': hash,
            ':revision': current.revision,
            ':old': current.contentHash,
          },
        }),
      ),
    );
    // Saved or rehashed meanwhile: whoever did it hashed the images as they are now.
    if (!written) throw new WorkflowStateError('The working copy changed meanwhile; reload it');
    return hash;
  }

  /** The working copies of these pages (pages without one are left out), by page id. */
  async workingCopies(pageIds: string[]): Promise<Map<string, WorkingCopy>> {
    const items = await this.copyItems(pageIds, { ConsistentRead: true });
    return new Map(items.map((item) => [String(item['pageId']), toWorkingCopy(item)]));
  }

  /**
   * For the Pages list: each page's working copy state and schedules, read in batches
   * (one BatchGet per 100 pages) plus one query of the schedule index.
   */
  async summaries(pageIds: string[]): Promise<Record<string, CopySummary>> {
    const result: Record<string, CopySummary> = {};
    for (const id of pageIds) result[id] = { workingCopy: null, schedule: [] };
    const items = await this.copyItems(pageIds, {
      ProjectionExpression: 'pageId, #state, revision, updatedAt, updatedBy, checkErrors',
      ExpressionAttributeNames: { '#state': 'state' },
    });
    for (const item of items) {
      const summary = result[String(item['pageId'])];
      if (summary) {
        summary.workingCopy = {
          state: item['state'] as WorkingCopy['state'],
          revision: Number(item['revision']),
          updatedAt: String(item['updatedAt']),
          updatedBy: String(item['updatedBy']),
          // A copy saved before the checks existed has no count: none known.
          checkErrors: Number(item['checkErrors'] ?? 0),
        };
      }
    }
    const scheduled = await queryAll<ScheduleItem>(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :schedules',
      ExpressionAttributeValues: { ':schedules': GSI1PK.schedules },
    });
    for (const item of scheduled) result[item.pageId]?.schedule.push(toSchedule(item));
    return result;
  }

  /** Working copy items of these pages, read in batches of 100 (one BatchGet each). */
  private async copyItems(
    pageIds: string[],
    read: {
      ProjectionExpression?: string;
      ExpressionAttributeNames?: Record<string, string>;
      ConsistentRead?: boolean;
    },
  ): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (let start = 0; start < pageIds.length; start += 100) {
      const ids = pageIds.slice(start, start + 100);
      let keysLeft: Record<string, unknown>[] | undefined = ids.map((id) => keys.workingCopy(id));
      for (let round = 0; keysLeft?.length && round < 5; round++) {
        const answer: BatchGetCommandOutput = await this.db.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keysLeft, ...read } } }),
        );
        found.push(...(answer.Responses?.[this.table] ?? []));
        keysLeft = answer.UnprocessedKeys?.[this.table]?.Keys;
      }
    }
    return found;
  }
}
