// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): a page's working
// copy, its review with electronic signatures, schedules, preview links, and the setting
// that says how many approvals publishing needs.
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
// The page item (functions/data/landing-pages.ts) stays the live version: what the site
// build renders and visitors get. The working copy is a separate item, so saving it never
// changes the live page. Publishing writes the working copy into the page and deletes the
// copy (and its schedule) in one transaction, conditional on the copy being exactly the
// content approved: a second publisher, a second scheduler run or an edit racing the
// publish makes the transaction fail instead of publishing twice or publishing unreviewed
// content.
//
// A signature is an item of its own, written once with attribute_not_exists and never
// updated or deleted (no code path here does either). It records the SHA-256 of the exact
// title, slug and content signed; it counts as an approval only while the working copy
// still has that hash, so any edit voids every approval at once without touching them.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../lib/domain-errors.ts';
import type { LandingContent } from '../shared/landing-content.ts';
import { stableStringify } from '../shared/stable-json.ts';
import {
  DEFAULT_SETTINGS,
  MEANING_LABELS,
  PREVIEW_LINK_DEFAULT_DAYS,
  settingsSchema,
  type CommentEntry,
  type PreviewLink,
  type ScheduleEntry,
  type Settings,
  type Signature,
  type SignatureMeaning,
  type WorkflowSummary,
  type WorkingCopy,
} from '../shared/workflow.ts';
import { mediaIdsIn, mediaMapOf, mediaPathsIn, type MediaMap } from '../shared/media-map.ts';
import { auditItem, type AuditAction } from './audit.ts';
import { GSI1PK, keys, SK } from './keys.ts';
import type { LandingPage, LandingPageRepository } from './landing-pages.ts';
import { readGenerations } from './live-guard.ts';
import type { MediaRepository } from './media.ts';
import { GSI1, isConditionalFailure, putNew, queryAll, TableRepository } from './table.ts';

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

// ---- Refusals (domain errors: functions/lib/errors.ts answers them) ------------------

export class WorkingCopyNotFoundError extends NotFoundError {
  override name = 'WorkingCopyNotFoundError';
  constructor() {
    super('This page has no working copy');
  }
}

export class StaleWorkingCopyError extends ConflictError {
  override name = 'StaleWorkingCopyError';
  constructor(expected: number, current: WorkingCopy | undefined, liveRevision: number) {
    const now = current ? current.revision : liveRevision;
    super(
      current
        ? `The working copy was saved by ${current.updatedBy} at ${current.updatedAt} after you opened it; reload it, compare the changes, or overwrite them`
        : 'The page changed after you opened it; reload it before you save',
      {
        revision: [
          `is ${expected}, but the ${current ? 'working copy' : 'page'} is at revision ${now} now`,
        ],
      },
    );
  }
}

export class WorkflowStateError extends ConflictError {
  override name = 'WorkflowStateError';
}

export class ApprovalsMissingError extends ConflictError {
  override name = 'ApprovalsMissingError';
  constructor(required: number, current: number) {
    const missing = required - current;
    super(
      `Publishing needs ${required} approval${required === 1 ? '' : 's'} of the current working copy; it has ${current}, so ${missing} more ${missing === 1 ? 'is' : 'are'} missing`,
      {
        approvals: [
          `${current} of ${required} approval${required === 1 ? '' : 's'} of the current content (an edit voids earlier ones)`,
        ],
      },
    );
  }
}

/**
 * The refusals every signature of a working copy shares (a page's, a form's: functions/data/
 * form-review.ts): it must be in review, never signed by one of its authors, nor twice by
 * the same signer. `signatures` reads the copy's signatures (current ones sign it).
 */
export async function assertSignable(
  copy: { state: WorkingCopy['state']; authors: string[] },
  signer: { email: string },
  signatures: () => Promise<{ current: boolean; signerEmail: string }[]>,
): Promise<void> {
  if (copy.state !== 'in_review') {
    throw new WorkflowStateError('Only a working copy in review can be approved: submit it first');
  }
  if (copy.authors.includes(signer.email)) {
    throw new WorkflowStateError(
      'You edited this working copy, so you cannot approve it: another reviewer must',
    );
  }
  if ((await signatures()).some((s) => s.current && s.signerEmail === signer.email)) {
    throw new WorkflowStateError('You have already approved this content');
  }
}

// ---- Items -------------------------------------------------------------------------

interface WorkingCopyItem extends WorkingCopy {
  pk: string;
  sk: string;
  pageId: string;
}

interface SignatureItem extends Omit<Signature, 'current'> {
  pk: string;
  sk: string;
  pageId: string;
}

interface ScheduleItem extends ScheduleEntry {
  pk: string;
  sk: string;
  pageId: string;
  gsi1pk: string;
  gsi1sk: string;
}

const toWorkingCopy = (item: WorkingCopyItem): WorkingCopy => {
  return withoutKeys(item);
};

const toSchedule = (item: ScheduleItem): ScheduleEntry => ({
  action: item.action,
  at: item.at,
  by: item.by,
  ...(item.contentHash ? { contentHash: item.contentHash } : {}),
  ...(item.redirectTo ? { redirectTo: item.redirectTo } : {}),
});

/** An item without its key attributes: what the API shows. */
function withoutKeys<T extends { pk: string; sk: string; pageId: string }>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'pageId'> {
  const copy: Partial<T> = { ...item };
  delete copy.pk;
  delete copy.sk;
  delete copy.pageId;
  return copy as Omit<T, 'pk' | 'sk' | 'pageId'>;
}

const suffix = (at: string) => `${at}#${randomUUID().slice(0, 8)}`;

export class WorkflowRepository extends TableRepository {
  private readonly pages: LandingPageRepository;
  private readonly media: MediaRepository;

  constructor(
    db: DynamoDBDocumentClient,
    table: string,
    now: () => Date,
    pages: LandingPageRepository,
    media: MediaRepository,
  ) {
    super(db, table, now);
    this.pages = pages;
    this.media = media;
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

  // ---- Settings ----------------------------------------------------------------------

  async settings(): Promise<Settings> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.settings(), ConsistentRead: true }),
    );
    const parsed = settingsSchema.safeParse({
      approvalsRequired: result.Item?.['approvalsRequired'],
    });
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
  }

  async putSettings(settings: Settings, actor: Actor): Promise<Settings> {
    const now = this.now();
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            // An update, not a put: the item also holds live-guard.ts's counters.
            Update: {
              TableName: this.table,
              Key: keys.settings(),
              UpdateExpression: 'SET approvalsRequired = :approvals',
              ExpressionAttributeValues: { ':approvals': settings.approvalsRequired },
            },
          },
          this.audit(
            now,
            actor,
            'settings',
            `Approvals required to publish: ${settings.approvalsRequired}`,
          ),
        ],
      }),
    );
    return settings;
  }

  // ---- Working copy ------------------------------------------------------------------

  async workingCopy(pageId: string): Promise<WorkingCopy | undefined> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.workingCopy(pageId),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toWorkingCopy(result.Item as WorkingCopyItem) : undefined;
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
    const hash = await this.currentHash(input);
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
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.workingCopy(page.id), pageId: page.id, ...next },
                ...(current
                  ? {
                      ConditionExpression: 'revision = :revision',
                      ExpressionAttributeValues: { ':revision': current.revision },
                    }
                  : { ConditionExpression: 'attribute_not_exists(pk)' }),
              },
            },
            ...(voids
              ? [
                  { Delete: { TableName: this.table, Key: keys.schedule(page.id, 'publish') } },
                  this.audit(
                    now,
                    actor,
                    'schedule-void',
                    `${page.title} (/${page.slug}): the publish scheduled for ${scheduled.at} was cancelled by an edit of the working copy`,
                    page.id,
                  ),
                ]
              : []),
            ...(options.parts?.(current, at) ?? []),
            this.audit(
              now,
              actor,
              'draft-save',
              `${input.title} (/${page.slug}): ${options.summary ?? 'working copy saved'} (revision ${next.revision})`,
              page.id,
            ),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new StaleWorkingCopyError(revision, await this.workingCopy(page.id), page.revision);
      }
      throw error;
    }
    return next;
  }

  /** "Discard working copy": the live version stays; the copy and its schedule go. */
  async discard(page: LandingPage, actor: Actor): Promise<void> {
    const current = await this.workingCopy(page.id);
    if (!current) throw new WorkingCopyNotFoundError();
    const now = this.now();
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: this.table,
              Key: keys.workingCopy(page.id),
              ConditionExpression: 'revision = :revision',
              ExpressionAttributeValues: { ':revision': current.revision },
            },
          },
          { Delete: { TableName: this.table, Key: keys.schedule(page.id, 'publish') } },
          this.audit(
            now,
            actor,
            'draft-discard',
            `${page.title} (/${page.slug}): working copy discarded`,
            page.id,
          ),
        ],
      }),
    );
  }

  /**
   * Working copy -> in review. A page that was never published (inactive, no copy yet)
   * is submitted as it stands: its content becomes the copy under review.
   */
  async submit(page: LandingPage, note: string | undefined, actor: Actor): Promise<WorkingCopy> {
    let copy = await this.workingCopy(page.id);
    if (!copy) {
      if (page.isActive) {
        throw new WorkflowStateError(
          'There is no working copy to submit: edit the page first (visitors see the live version)',
        );
      }
      copy = await this.saveDraft(page, page, page.revision, actor);
    }
    if (copy.state === 'in_review')
      throw new WorkflowStateError('The working copy is already in review');
    const now = this.now();
    const at = now.toISOString();
    const next: WorkingCopy = {
      ...copy,
      state: 'in_review',
      submittedAt: at,
      submittedBy: actor.email,
      ...(note ? { note } : {}),
    };
    if (!note) delete next.note;
    await this.moveState(page, copy, next, [
      ...(note
        ? [this.commentPut(page.id, actor.email, at, note, copy.revision, 'submission')]
        : []),
      this.audit(
        now,
        actor,
        'submit',
        `${copy.title} (/${page.slug}): working copy submitted for review (revision ${copy.revision})`,
        page.id,
      ),
    ]);
    return next;
  }

  /** In review -> draft, with the reviewer's comment in the thread (the author sees it). */
  async reject(page: LandingPage, comment: string, actor: Actor): Promise<WorkingCopy> {
    const copy = await this.workingCopy(page.id);
    if (!copy) throw new WorkingCopyNotFoundError();
    if (copy.state !== 'in_review')
      throw new WorkflowStateError('Only a working copy in review can be rejected');
    const now = this.now();
    const at = now.toISOString();
    const next: WorkingCopy = { ...copy, state: 'draft' };
    await this.moveState(page, copy, next, [
      this.commentPut(page.id, actor.email, at, comment, copy.revision, 'rejection'),
      this.audit(
        now,
        actor,
        'reject',
        `${copy.title} (/${page.slug}): working copy rejected (revision ${copy.revision})`,
        page.id,
      ),
    ]);
    return next;
  }

  /**
   * Signs the working copy in review as `signer`: an immutable record of the signer's
   * printed name and e-mail, the time (UTC), the meaning and the hash of the content,
   * written only if the copy still has that content and is still in review.
   */
  async sign(
    page: LandingPage,
    signer: { email: string; name: string },
    meaning: SignatureMeaning,
    comment: string | undefined,
    actor: Actor,
  ): Promise<Signature> {
    const copy = await this.workingCopy(page.id);
    if (!copy) throw new WorkingCopyNotFoundError();
    await assertSignable(copy, signer, () => this.signatures(page.id, copy));
    if (await this.refreshHash(page.id, copy)) {
      throw new WorkflowStateError(
        'An image this working copy shows changed after it was saved, so it reads differently now: reload it and review it again',
      );
    }
    const now = this.now();
    const signedAt = now.toISOString();
    const id = suffix(signedAt);
    const record: Omit<Signature, 'current'> = {
      id,
      signerName: signer.name,
      signerEmail: signer.email,
      signedAt,
      meaning,
      ...(comment ? { comment } : {}),
      contentHash: copy.contentHash,
      revision: copy.revision,
    };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            putNew(this.table, { ...keys.signature(page.id, id), pageId: page.id, ...record }),
            {
              ConditionCheck: {
                TableName: this.table,
                Key: keys.workingCopy(page.id),
                ConditionExpression: 'contentHash = :hash AND #state = :review',
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: { ':hash': copy.contentHash, ':review': 'in_review' },
              },
            },
            ...(comment
              ? [
                  this.commentPut(
                    page.id,
                    signer.email,
                    signedAt,
                    comment,
                    copy.revision,
                    'comment',
                  ),
                ]
              : []),
            this.audit(
              now,
              actor,
              'approve',
              `${copy.title} (/${page.slug}): approved by ${signer.name} <${signer.email}>, ${signedAt.slice(0, 16).replace('T', ' ')} UTC, ${MEANING_LABELS[meaning]}; content SHA-256 ${copy.contentHash}`,
              page.id,
            ),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new WorkflowStateError('The working copy changed while you signed; review it again');
      }
      throw error;
    }
    return { ...record, current: true };
  }

  /** Every signature on the page's working copies, newest first. */
  async signatures(pageId: string, copy?: WorkingCopy | undefined): Promise<Signature[]> {
    const items = await this.partition<SignatureItem>(pageId, SK.signature);
    return items
      .map((item) => withoutKeys(item))
      .map((record) => ({
        ...record,
        current: Boolean(copy && record.contentHash === copy.contentHash),
      }))
      .reverse();
  }

  /** Distinct signers of the current content (never its authors: sign() refuses them). */
  static approvalsOf(signatures: Signature[]): number {
    return new Set(signatures.filter((s) => s.current).map((s) => s.signerEmail)).size;
  }

  // ---- Publishing --------------------------------------------------------------------

  /**
   * Publishes now: the working copy becomes the live version (or a never-published page
   * goes live as it is), if it has the approvals the settings require. Returns the page.
   */
  async publish(page: LandingPage, actor: Actor, schedule?: ScheduleEntry): Promise<LandingPage> {
    // The image count first: an image changed in place after this read makes the write fail
    // (live-guard.ts), one changed before it shows in the hash checked below.
    const generations = await readGenerations(this.db, this.table);
    const [read, { approvalsRequired }] = await Promise.all([
      this.workingCopy(page.id),
      this.settings(),
    ]);
    let copy = read;
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
      return this.pages.update(
        page.id,
        { isActive: true },
        {
          actor: actor.email,
          ip: actor.ip,
          action: 'publish',
          reason: 'publish',
          expectedRevision: page.revision,
          detail: () => (schedule ? `published as scheduled for ${schedule.at}` : 'published'),
          also: { parts: scheduleParts, refused: changed },
          reviewed: { approvals: 0 },
        },
      );
    }
    // An image the copy shows changed in place since it was saved: the copy's hash follows,
    // which voids the approvals of what it showed before.
    const rehashed = await this.refreshHash(page.id, copy);
    if (rehashed) copy = { ...copy, contentHash: rehashed };
    if (schedule?.contentHash && schedule.contentHash !== copy.contentHash) throw changed();
    const approvals = WorkflowRepository.approvalsOf(await this.signatures(page.id, copy));
    if (approvals < approvalsRequired)
      throw new ApprovalsMissingError(approvalsRequired, approvals);
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
          }`,
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
          ],
          refused: changed,
        },
        reviewed: { approvals, mediaGeneration: generations.media ?? null },
      },
    );
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
    try {
      await this.db.send(
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
      );
    } catch (error) {
      // Saved or rehashed meanwhile: whoever did it hashed the images as they are now.
      if (isConditionalFailure(error)) {
        throw new WorkflowStateError('The working copy changed meanwhile; reload it');
      }
      throw error;
    }
    return hash;
  }

  /** Takes the page off the site now; the working copy, if any, stays. */
  async unpublish(page: LandingPage, actor: Actor, schedule?: ScheduleEntry): Promise<LandingPage> {
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
            schedule?.redirectTo ? `; its address redirects to ${schedule.redirectTo}` : ''
          }`,
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

  // ---- Schedules ---------------------------------------------------------------------

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
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.table, Item: item } },
          this.audit(
            now,
            actor,
            'schedule',
            `${page.title} (/${page.slug}): ${entry.action} scheduled for ${item.at}${
              entry.redirectTo ? `, then redirecting to ${entry.redirectTo}` : ''
            }`,
            page.id,
          ),
        ],
      }),
    );
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
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.schedule(pageId, entry.action),
                ConditionExpression: 'attribute_exists(pk) AND #at = :at',
                ExpressionAttributeNames: { '#at': 'at' },
                ExpressionAttributeValues: { ':at': entry.at },
              },
            },
            this.audit(
              now,
              actor,
              'schedule-void',
              `The ${entry.action} scheduled for ${entry.at} was cancelled: ${reason}`,
              pageId,
            ),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
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

  /**
   * For the Pages list: each page's working copy state and schedules, read in batches
   * (one BatchGet per 100 pages) plus one query of the schedule index.
   */
  async summaries(pageIds: string[]): Promise<Record<string, WorkflowSummary>> {
    const result: Record<string, WorkflowSummary> = {};
    for (const id of pageIds) result[id] = { workingCopy: null, schedule: [] };
    const items = await this.copyItems(pageIds, {
      ProjectionExpression: 'pageId, #state, revision, updatedAt, updatedBy',
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

  /** The working copies of these pages (pages without one are left out), by page id. */
  async workingCopies(pageIds: string[]): Promise<Map<string, WorkingCopy>> {
    const items = await this.copyItems(pageIds, { ConsistentRead: true });
    return new Map(
      items.map((item) => [
        String(item['pageId']),
        toWorkingCopy(item as unknown as WorkingCopyItem),
      ]),
    );
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

  // ---- Comments ----------------------------------------------------------------------

  async comments(pageId: string): Promise<CommentEntry[]> {
    const items = await this.partition<CommentEntry & { pk: string; sk: string; pageId: string }>(
      pageId,
      SK.comment,
    );
    return items.map(withoutKeys);
  }

  async addComment(page: LandingPage, body: string, actor: Actor): Promise<CommentEntry> {
    const copy = await this.workingCopy(page.id);
    const now = this.now();
    const at = now.toISOString();
    const put = this.commentPut(page.id, actor.email, at, body, copy?.revision, 'comment');
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          put,
          this.audit(
            now,
            actor,
            'comment',
            `${page.title} (/${page.slug}): comment on ${copy ? `working copy revision ${copy.revision}` : 'the live version'}`,
            page.id,
          ),
        ],
      }),
    );
    return withoutKeys(put.Put.Item);
  }

  // ---- Preview links -----------------------------------------------------------------

  /** A link that shows the working copy without an account; the token is shown once. */
  async createPreviewLink(
    page: LandingPage,
    days: number | undefined,
    actor: Actor,
  ): Promise<PreviewLink & { token: string }> {
    const now = this.now();
    const linkId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + (days ?? PREVIEW_LINK_DEFAULT_DAYS) * 86400_000);
    const link: PreviewLink = {
      id: linkId,
      createdAt: now.toISOString(),
      createdBy: actor.email,
      expiresAt: expiresAt.toISOString(),
    };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(this.table, {
            ...keys.previewLink(page.id, linkId),
            pageId: page.id,
            ...link,
            secretHash: sha256(secret),
            // DynamoDB's TTL removes it a day after it stops working.
            ttl: Math.floor(expiresAt.getTime() / 1000) + 86400,
          }),
          this.audit(
            now,
            actor,
            'preview-link',
            `${page.title} (/${page.slug}): preview link made, valid until ${link.expiresAt}`,
            page.id,
          ),
        ],
      }),
    );
    return { ...link, token: `${page.id}.${linkId}.${secret}` };
  }

  async previewLinks(pageId: string): Promise<PreviewLink[]> {
    const now = this.now().toISOString();
    const items = await this.partition<PreviewLink & Record<string, unknown>>(
      pageId,
      SK.previewLink,
    );
    return items
      .filter((item) => item.expiresAt > now)
      .map(({ id, createdAt, createdBy, expiresAt }) => ({ id, createdAt, createdBy, expiresAt }));
  }

  async revokePreviewLink(page: LandingPage, linkId: string, actor: Actor): Promise<void> {
    const now = this.now();
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.previewLink(page.id, linkId),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            this.audit(
              now,
              actor,
              'preview-link-revoke',
              `${page.title} (/${page.slug}): preview link revoked`,
              page.id,
            ),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) throw new NotFoundError('Preview link not found');
      throw error;
    }
  }

  /** The page id and expiry a token names, while it is valid; undefined otherwise. */
  async resolvePreviewToken(
    token: string,
  ): Promise<{ pageId: string; expiresAt: string } | undefined> {
    const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const [, pageId, linkId, secret] = match as unknown as [string, string, string, string];
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.previewLink(pageId, linkId),
        ConsistentRead: true,
      }),
    );
    const item = result.Item;
    if (!item || typeof item['secretHash'] !== 'string') return undefined;
    const expected = Buffer.from(item['secretHash'], 'hex');
    const given = Buffer.from(sha256(secret), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const expiresAt = String(item['expiresAt']);
    if (!(expiresAt > this.now().toISOString())) return undefined;
    return { pageId, expiresAt };
  }

  // ---- Helpers -----------------------------------------------------------------------

  /**
   * Writes the copy in its next state (submit, reject) with `parts`, conditional on the
   * copy still being the revision and state it was read in.
   */
  private async moveState(
    page: LandingPage,
    copy: WorkingCopy,
    next: WorkingCopy,
    parts: object[],
  ): Promise<void> {
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.workingCopy(page.id), pageId: page.id, ...next },
                ConditionExpression: 'revision = :revision AND #state = :state',
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: { ':revision': copy.revision, ':state': copy.state },
              },
            },
            ...parts,
          ],
        }),
      );
    } catch (error) {
      if (isConditionalFailure(error)) {
        throw new WorkflowStateError('The working copy changed meanwhile; reload it');
      }
      throw error;
    }
  }

  private async partition<T>(pageId: string, prefix: string): Promise<T[]> {
    return queryAll<T>(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.page(pageId).pk, ':prefix': prefix },
      ConsistentRead: true,
    });
  }

  private commentPut(
    pageId: string,
    author: string,
    at: string,
    body: string,
    revision: number | undefined,
    kind: CommentEntry['kind'],
  ) {
    const id = suffix(at);
    const entry: CommentEntry = {
      id,
      author,
      at,
      body,
      ...(revision !== undefined ? { revision } : {}),
      kind,
    };
    return {
      Put: {
        TableName: this.table,
        Item: { ...keys.comment(pageId, id), pageId, ...entry },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  }

  private audit(now: Date, actor: Actor, action: AuditAction, summary: string, pageId?: string) {
    return auditItem(this.table, now, {
      actor: actor.email,
      action,
      summary,
      ...(pageId ? { pageId } : {}),
      ...(actor.ip ? { ip: actor.ip } : {}),
    }).put;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
