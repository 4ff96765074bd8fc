// Schedules (docs/decisions/0134-schedules.md): one publish and one unpublish per page at a
// set time, run by functions/publishing/scheduler.ts. A scheduled publish names the hash of
// the content it publishes; an edit of the working copy voids it (working-copy.ts).
import { NotFoundError } from '../../core/domain-errors.ts';
import type { ScheduleEntry } from '../../shared/workflow.ts';
import { GSI1PK, keys, SK } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { GSI1, queryAll } from '../table.ts';
import { PreviewLinks } from './preview-links.ts';
import type { Actor } from './store.ts';

export interface ScheduleItem extends ScheduleEntry {
  pk: string;
  sk: string;
  pageId: string;
  gsi1pk: string;
  gsi1sk: string;
}

export const toSchedule = (item: ScheduleItem): ScheduleEntry => ({
  action: item.action,
  at: item.at,
  by: item.by,
  ...(item.contentHash ? { contentHash: item.contentHash } : {}),
  ...(item.redirectTo ? { redirectTo: item.redirectTo } : {}),
});

/** The schedules layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Schedules extends PreviewLinks {
  /**
   * Schedules a publish (of the working copy as it is now: it must have its approvals)
   * or an unpublish at `at`. One of each per page; a new one replaces the old.
   */
  async schedule(page: LandingPage, entry: ScheduleEntry, actor: Actor): Promise<ScheduleEntry> {
    const now = this.now();
    const item: ScheduleItem = {
      ...keys.schedule(page.id, entry.action),
      pageId: page.id,
      gsi1pk: GSI1PK.schedules,
      gsi1sk: `${new Date(entry.at).toISOString()}#${page.id}#${entry.action}`,
      ...entry,
      at: new Date(entry.at).toISOString(),
    };
    await this.transact({
      items: [{ Put: { TableName: this.table, Item: item } }],
      audit: this.audit(
        now,
        actor,
        'schedule',
        `${page.title} (/${page.slug}): ${entry.action} scheduled for ${item.at}${
          entry.redirectTo ? `, then redirecting to ${entry.redirectTo}` : ''
        }`,
        page.id,
      ),
    });
    return toSchedule(item);
  }

  async schedules(pageId: string): Promise<ScheduleEntry[]> {
    return (await this.partition<ScheduleItem>(pageId, SK.schedule)).map(toSchedule);
  }

  /** Schedules due at `now` (the index may lag a write by a moment: the next run sees it). */
  async due(now: Date): Promise<(ScheduleEntry & { pageId: string })[]> {
    const items = await queryAll<ScheduleItem>(this.db, {
      TableName: this.table,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :schedules AND gsi1sk <= :now',
      ExpressionAttributeValues: {
        ':schedules': GSI1PK.schedules,
        ':now': `${now.toISOString()}~`,
      },
    });
    return items.map((item) => ({ ...toSchedule(item), pageId: item.pageId }));
  }

  /** Drops a schedule that can no longer run (its page is gone, its content changed). */
  async voidSchedule(
    pageId: string,
    entry: ScheduleEntry,
    reason: string,
    actor: Actor,
  ): Promise<boolean> {
    const now = this.now();
    return this.transact({
      items: [
        {
          Delete: {
            TableName: this.table,
            Key: keys.schedule(pageId, entry.action),
            ConditionExpression: 'attribute_exists(pk) AND #at = :at',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':at': entry.at },
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'schedule-void',
        `The ${entry.action} scheduled for ${entry.at} was cancelled: ${reason}`,
        pageId,
      ),
      // Run or voided meanwhile: nothing to cancel.
      onConflict: () => undefined,
    });
  }

  async cancelSchedule(
    page: LandingPage,
    action: ScheduleEntry['action'],
    actor: Actor,
  ): Promise<void> {
    const entry = (await this.schedules(page.id)).find((s) => s.action === action);
    if (!entry) throw new NotFoundError(`No ${action} is scheduled for this page`);
    await this.voidSchedule(page.id, entry, `cancelled by ${actor.email}`, actor);
  }
}
