// A page's lifecycle (issue 37, docs/decisions/0556-page-lifecycle.md): its review-by date
// and expiry, kept as `lifecycle` on the page item. Setting it is not new content: no
// approvals, no version, but the page's revision guard (the write is conditional on the
// revision the publisher read, and moves it on) and an audit entry in the same
// transaction. What the runner does with it (functions/publishing/lifecycle.ts,
// docs/decisions/0558-expiry-and-reminders.md) happens exactly once through markers,
// LIFECYCLE#<what> under PAGE#<id>, each written with attribute_not_exists: a reminder
// sent, an expiry acted on. A marker names the date it is for, so a new date gets its own.
import type { Lifecycle } from '../../shared/api/lifecycle.ts';
import { keys, SK } from '../keys.ts';
import { StaleRevisionError } from '../landing-pages/errors.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { CONDITION_FAILED, putNew } from '../table.ts';
import type { AuditAction } from '../../shared/api/audit.ts';
import { WorkflowStateError } from './errors.ts';
import { Publishing } from './publish.ts';
import type { Actor } from './store.ts';

/** The audit log's words for a lifecycle. */
export function lifecycleLine(lifecycle: Lifecycle | undefined): string {
  if (!lifecycle) return 'review-by date and expiry cleared';
  const parts = [
    lifecycle.reviewBy ? `review by ${lifecycle.reviewBy}` : 'no review-by date',
    lifecycle.expiresAt
      ? `expires at ${lifecycle.expiresAt}, then ${
          lifecycle.onExpiry === 'flag'
            ? 'stays live, flagged'
            : `taken off the site${lifecycle.redirectTo ? ` and redirected to ${lifecycle.redirectTo}` : ''}`
        }`
      : 'no expiry',
  ];
  return parts.join('; ');
}

/** The lifecycle layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Lifecycles extends Publishing {
  /**
   * Sets (or, with undefined, clears) the page's lifecycle, conditional on `expected`, the
   * revision its author read (without one: the page as read by the caller).
   */
  async setLifecycle(
    page: LandingPage,
    lifecycle: Lifecycle | undefined,
    expected: number | undefined,
    actor: Actor,
  ): Promise<LandingPage> {
    const revision = expected ?? page.revision;
    if (revision !== page.revision) throw new StaleRevisionError(revision, page);
    const now = this.now();
    const at = now.toISOString();
    const values = {
      ':revision': revision,
      ':next': revision + 1,
      ':at': at,
      ':by': actor.email,
      ...(lifecycle ? { ':lifecycle': lifecycle } : {}),
    };
    const set = 'revision = :next, updatedAt = :at, updatedBy = :by';
    await this.transact({
      now,
      items: [
        {
          Update: {
            TableName: this.table,
            Key: keys.page(page.id),
            UpdateExpression: lifecycle
              ? `SET lifecycle = :lifecycle, ${set}`
              : `REMOVE lifecycle SET ${set}`,
            ConditionExpression: 'revision = :revision',
            ExpressionAttributeValues: values,
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        'lifecycle',
        `${page.title} (/${page.slug}): ${lifecycleLine(lifecycle)}`,
        page.id,
      ),
      onConflict: async () => new StaleRevisionError(revision, await this.pages.getById(page.id)),
    });
    const rest: LandingPage = { ...page };
    delete rest.lifecycle;
    return {
      ...rest,
      ...(lifecycle ? { lifecycle } : {}),
      revision: revision + 1,
      updatedAt: at,
      updatedBy: actor.email,
    };
  }

  /** The markers the page has (their names after LIFECYCLE#). */
  async marks(pageId: string): Promise<Set<string>> {
    const items = await this.partition<{ sk: string }>(pageId, SK.lifecycle);
    return new Set(items.map((item) => item.sk.slice(SK.lifecycle.length)));
  }

  /**
   * Writes the marker `mark` of the page with its audit entry, unless it exists: true when
   * this call wrote it (the one that may act), false when another did before.
   */
  async markOnce(
    page: LandingPage,
    mark: string,
    action: AuditAction,
    summary: string,
    actor: Actor,
  ): Promise<boolean> {
    const now = this.now();
    return this.transact({
      now,
      items: [
        putNew(this.table, {
          ...keys.lifecycleMark(page.id, mark),
          pageId: page.id,
          at: now.toISOString(),
        }),
      ],
      audit: this.audit(now, actor, action, `${page.title} (/${page.slug}): ${summary}`, page.id),
      onConflict: (codes) => (codes[0] === CONDITION_FAILED ? undefined : new Error('refused')),
    });
  }

  /**
   * Takes the live page down because its approval expired, once per expiry: the marker is
   * written in the same transaction as the page, so a second runner's write is refused
   * (a WorkflowStateError, or a StaleRevisionError when the page moved first).
   */
  async expireLive(page: LandingPage, mark: string, actor: Actor): Promise<LandingPage> {
    if (!page.isActive) throw new WorkflowStateError('The page is not live');
    const { expiresAt, redirectTo } = page.lifecycle ?? {};
    return this.pages.update(
      page.id,
      { isActive: false },
      {
        actor: actor.email,
        ip: actor.ip,
        action: 'expire',
        reason: 'unpublish',
        expectedRevision: page.revision,
        detail: () =>
          `taken off the site: its approval expired at ${expiresAt}${
            redirectTo ? `; its address redirects to ${redirectTo}` : ''
          }`,
        also: {
          parts: [
            putNew(this.table, {
              ...keys.lifecycleMark(page.id, mark),
              pageId: page.id,
              at: this.now().toISOString(),
            }),
          ],
          refused: () => new WorkflowStateError('This expiry was acted on already'),
        },
      },
    );
  }
}
