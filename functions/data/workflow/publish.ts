// Publishing (docs/decisions/0132-working-copy.md): the working copy becomes the live
// version in one transaction that deletes the copy (and its schedule), conditional on the
// copy being exactly the content approved: a second publisher, a second scheduler run or an
// edit racing the publish makes the transaction fail instead of publishing twice or
// publishing unreviewed content. Unpublishing takes the page off the site
// (docs/decisions/0135-unpublish-with-redirect.md for the redirect that may follow).
import { assertClaims } from './claims-check.ts';
import { assertChecks } from './checks.ts';
import { errorsOf, type ChecksOverride } from '../../shared/page-checks.ts';
import { assertApprovalPeriod } from './approval-period.ts';
import type { ScheduleEntry } from '../../shared/workflow.ts';
import { keys } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { readGenerations } from '../live-guard.ts';
import { ApprovalsMissingError, WorkflowStateError } from './errors.ts';
import { Review } from './review.ts';
import type { Actor } from './store.ts';
import { isTranslationId } from '../../shared/translation-ids.ts';
import { publishBaseParts } from './source-base.ts';

/** The publishing layer of the page workflow (layers: functions/data/workflow/store.ts). */
const refusedStep = (schedule: ScheduleEntry | undefined) =>
  schedule ? `It was not published as scheduled for ${schedule.at}` : 'It cannot be published';

export abstract class Publishing extends Review {
  /**
   * Publishes now: the working copy becomes the live version (or a never-published page
   * goes live as it is), if it has the approvals the settings require. Returns the page.
   */
  async publish(
    page: LandingPage,
    actor: Actor,
    schedule?: ScheduleEntry,
    override?: { reason: string },
  ): Promise<LandingPage> {
    // The image count first: an image changed in place after this read makes the write fail
    // (live-guard.ts), one changed before it shows in the hash checked below.
    const generations = await readGenerations(this.db, this.table);
    const [read, settings] = await Promise.all([this.workingCopy(page.id), this.settings()]);
    const { approvalsRequired, claimsLint, maxApprovalMonths } = settings;
    /**
     * The checks before publishing (issue 38): errors refuse, unless a publisher publishes
     * over them with a reason, which the publication and its audit entry keep.
     */
    const checked = async (subject: {
      title: string;
      slug: string;
      content: LandingPage['content'];
    }) => {
      const checks = await this.runChecks(subject, settings);
      const errors = errorsOf(checks);
      if (!override || !settings.checksBlockPublishing || errors.length === 0) {
        assertChecks(checks, refusedStep(schedule), settings);
        return undefined;
      }
      return {
        reason: override.reason,
        errors: errors.map((check) => check.message),
        by: actor.email,
      };
    };
    const overDetail = (over: ChecksOverride | undefined) =>
      over
        ? `; published over ${over.errors.length} check error${over.errors.length === 1 ? '' : 's'} because “${over.reason}”`
        : '';
    let copy = read;
    // A translation's base goes live with it (source-base.ts).
    const baseParts = isTranslationId(page.id)
      ? await publishBaseParts(this.db, this.table, page.id)
      : [];
    const scheduleParts = schedule
      ? [
          {
            Delete: {
              TableName: this.table,
              Key: keys.schedule(page.id, 'publish'),
              ConditionExpression: 'attribute_exists(pk) AND #at = :at',
              ExpressionAttributeNames: { '#at': 'at' },
              ExpressionAttributeValues: { ':at': schedule.at },
            },
          },
        ]
      : [{ Delete: { TableName: this.table, Key: keys.schedule(page.id, 'publish') } }];
    const changed = () =>
      new WorkflowStateError(
        'The working copy or the schedule changed meanwhile; nothing was published',
      );
    if (!copy) {
      if (page.isActive) {
        throw new WorkflowStateError(
          'There is nothing to publish: visitors already get the live version',
        );
      }
      if (approvalsRequired > 0) throw new ApprovalsMissingError(approvalsRequired, 0);
      assertApprovalPeriod(page.lifecycle, maxApprovalMonths, this.now());
      await assertClaims(this.claims, page.content, refusedStep(schedule), claimsLint);
      const over = await checked(page);
      return this.pages.update(
        page.id,
        { isActive: true },
        {
          actor: actor.email,
          ip: actor.ip,
          action: 'publish',
          reason: 'publish',
          expectedRevision: page.revision,
          detail: () =>
            `${schedule ? `published as scheduled for ${schedule.at}` : 'published'}${overDetail(over)}`,
          ...(over ? { checksOverride: over } : {}),
          also: { parts: [...scheduleParts, ...baseParts], refused: changed },
          reviewed: { approvals: 0 },
        },
      );
    }
    // An image the copy shows changed in place since it was saved: the copy's hash follows,
    // which voids the approvals of what it showed before.
    const rehashed = await this.refreshHash(page.id, copy);
    if (rehashed) copy = { ...copy, contentHash: rehashed };
    if (schedule?.contentHash && schedule.contentHash !== copy.contentHash) throw changed();
    const signatures = await this.signatures(page.id, copy);
    const approvals = Review.approvalsOf(signatures);
    if (approvals < approvalsRequired)
      throw new ApprovalsMissingError(approvalsRequired, approvals);
    assertApprovalPeriod(page.lifecycle, maxApprovalMonths, this.now());
    await assertClaims(this.claims, copy.content, refusedStep(schedule), claimsLint);
    const over = await checked(copy);
    return this.pages.update(
      page.id,
      { title: copy.title, slug: copy.slug, content: copy.content, isActive: true },
      {
        actor: actor.email,
        ip: actor.ip,
        action: 'publish',
        reason: 'publish',
        expectedRevision: page.revision,
        detail: () =>
          `working copy revision ${copy.revision} published${schedule ? ` as scheduled for ${schedule.at}` : ''}${
            approvals > 0 ? ` with ${approvals} approval${approvals === 1 ? '' : 's'}` : ''
          }${overDetail(over)}`,
        ...(over ? { checksOverride: over } : {}),
        also: {
          parts: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.workingCopy(page.id),
                ConditionExpression: 'revision = :copyRevision AND contentHash = :hash',
                ExpressionAttributeValues: {
                  ':copyRevision': copy.revision,
                  ':hash': copy.contentHash,
                },
              },
            },
            ...scheduleParts,
            ...baseParts,
          ],
          refused: changed,
        },
        reviewed: { approvals, mediaGeneration: generations.media ?? null },
        // The publication keeps the signatures that covered this content, oldest first.
        signatures: signatures
          .filter((signature) => signature.current)
          .reverse()
          .map(({ signerName, signerEmail, signedAt, meaning, checklist }) => ({
            signerName,
            signerEmail,
            signedAt,
            meaning,
            ...(checklist ? { checklist } : {}),
          })),
      },
    );
  }

  /** Takes the page off the site now; the working copy, if any, stays. */
  /** Takes a live page down; `why` (a clause) says in the audit entry why, when not asked. */
  async unpublish(
    page: LandingPage,
    actor: Actor,
    schedule?: ScheduleEntry,
    why?: string,
  ): Promise<LandingPage> {
    if (!page.isActive) throw new WorkflowStateError('The page is not live');
    return this.pages.update(
      page.id,
      { isActive: false },
      {
        actor: actor.email,
        ip: actor.ip,
        action: 'unpublish',
        reason: 'unpublish',
        expectedRevision: page.revision,
        detail: () =>
          `taken off the site${schedule ? ` as scheduled for ${schedule.at}` : ''}${
            why ? ` because ${why}` : ''
          }${schedule?.redirectTo ? `; its address redirects to ${schedule.redirectTo}` : ''}`,
        also: {
          parts: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.schedule(page.id, 'unpublish'),
                ...(schedule
                  ? {
                      ConditionExpression: 'attribute_exists(pk) AND #at = :at',
                      ExpressionAttributeNames: { '#at': 'at' },
                      ExpressionAttributeValues: { ':at': schedule.at },
                    }
                  : {}),
              },
            },
          ],
          refused: () => new WorkflowStateError('The schedule changed meanwhile; nothing was done'),
        },
      },
    );
  }
}
