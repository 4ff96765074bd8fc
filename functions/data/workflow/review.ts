// Review with electronic signatures (docs/decisions/0133-e-signatures.md): a working copy
// is submitted, approved by signatures or rejected back to draft, with a comment thread;
// the setting says how many approvals publishing needs.
//
// A signature is an item of its own, written once with attribute_not_exists and never
// updated or deleted (no code path here does either). It records the SHA-256 of the exact
// title, slug and content signed (store.ts contentHash); it counts as an approval only while
// the working copy still has that hash, so any edit voids every approval at once without
// touching them.
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_SETTINGS,
  MEANING_LABELS,
  settingsSchema,
  type CommentEntry,
  type Settings,
  type Signature,
  type SignatureMeaning,
  type WorkingCopy,
} from '../../shared/workflow.ts';
import { keys, SK } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { conditionally, putNew } from '../table.ts';
import { assertSignable, WorkflowStateError, WorkingCopyNotFoundError } from './errors.ts';
import { withoutKeys, type Actor } from './store.ts';
import { WorkingCopies } from './working-copy.ts';

interface SignatureItem extends Omit<Signature, 'current'> {
  pk: string;
  sk: string;
  pageId: string;
}

const suffix = (at: string) => `${at}#${randomUUID().slice(0, 8)}`;

/** The review layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Review extends WorkingCopies {
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
    const written = await conditionally(
      this.db.send(
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
      ),
    );
    if (!written)
      throw new WorkflowStateError('The working copy changed while you signed; review it again');
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
    const written = await conditionally(
      this.db.send(
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
      ),
    );
    if (!written) throw new WorkflowStateError('The working copy changed meanwhile; reload it');
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
}
