// Comments on a page's review (issue 23; annotations, issue 36: docs/decisions/0527-annotations.md):
// threads, each a first comment optionally anchored to a block (and a field or a quote of it),
// with replies; resolved and reopened by their first comment; `@name` mentions recorded.
// The review steps above (review.ts) write their own entries through `commentPut`: a
// submission note, a rejection, an approval's remark.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { InvalidError, NotFoundError } from '../../core/domain-errors.ts';
import { blocksById, valueAtPath } from '../../shared/comments.ts';
import type { CommentAnchor, CommentEntry } from '../../shared/workflow.ts';
import { keys, SK } from '../keys.ts';
import type { LandingPage } from '../landing-pages/page-item.ts';
import { WorkflowStateError } from './errors.ts';
import { withoutKeys, type Actor } from './store.ts';
import { WorkingCopies } from './working-copy.ts';

/** A sort key unique within the page: the time, then a random part. */
export const suffix = (at: string) => `${at}#${randomUUID().slice(0, 8)}`;

type CommentItem = Omit<CommentEntry, 'text' | 'body'> & {
  pk: string;
  sk: string;
  pageId: string;
  /** `body` on entries written before annotations (issue 36), `text` since. */
  text?: string;
  body?: string;
};

/** A stored comment as the API answers it: `text`, and `body` for older clients. */
function commentOf(item: CommentItem): CommentEntry {
  const { text, body, ...rest } = withoutKeys(item);
  const words = text ?? body ?? '';
  return { ...rest, text: words, body: words };
}

/** What a new comment says beside its text (docs/decisions/0527-annotations.md). */
export interface NewComment {
  text: string;
  anchor?: CommentAnchor | undefined;
  replyTo?: string | undefined;
  /** The accounts its `@name`s named (never the author) and those names. */
  mentions?: string[] | undefined;
  mentionedAs?: string[] | undefined;
}

class CommentNotFoundError extends NotFoundError {
  override name = 'CommentNotFoundError';
}

/** The comments layer of the page workflow (layers: functions/data/workflow/store.ts). */
export abstract class Comments extends WorkingCopies {
  async comments(pageId: string): Promise<CommentEntry[]> {
    const items = await this.partition<CommentItem>(pageId, SK.comment);
    return items.map(commentOf);
  }

  /**
   * A comment on the page's review: a new thread, anchored to a block of the working copy or
   * the live content if it says so, or a reply to a thread's first comment (with that
   * thread's anchor). docs/decisions/0527-annotations.md.
   */
  async addComment(page: LandingPage, comment: NewComment, actor: Actor): Promise<CommentEntry> {
    const copy = await this.workingCopy(page.id);
    let anchor = comment.anchor;
    if (comment.replyTo !== undefined) {
      const top = await this.comment(page.id, comment.replyTo, 'replyTo');
      if (top.replyTo !== undefined) {
        throw new InvalidError('A reply answers a thread: reply to its first comment', {
          replyTo: ["is a reply, not a thread's first comment"],
        });
      }
      anchor = top.anchor;
    } else if (anchor) {
      assertAnchor(anchor, copy?.content, page.content);
    }
    const now = this.now();
    const at = now.toISOString();
    const put = this.commentPut(page.id, actor.email, at, comment.text, copy?.revision, 'comment', {
      ...(anchor ? { anchor } : {}),
      ...(comment.replyTo !== undefined ? { replyTo: comment.replyTo } : {}),
      ...(comment.mentions?.length
        ? { mentions: comment.mentions, mentionedAs: comment.mentionedAs ?? [] }
        : {}),
    });
    const where = copy ? `working copy revision ${copy.revision}` : 'the live version';
    const what = comment.replyTo !== undefined ? 'reply' : 'comment';
    await this.transact({
      items: [put],
      audit: this.audit(
        now,
        actor,
        'comment',
        `${page.title} (/${page.slug}): ${what} on ${where}${anchor ? ` (block ${anchor.blockId})` : ''}`,
        page.id,
      ),
    });
    return commentOf(put.Put.Item);
  }

  /**
   * Resolves (or reopens) a thread by its first comment; a reply, a rejection, a submission
   * note or an approval's remark is not resolved (409), nor a thread already in that state.
   */
  async setResolved(
    page: LandingPage,
    commentId: string,
    resolved: boolean,
    actor: Actor,
  ): Promise<CommentEntry> {
    const entry = await this.comment(page.id, commentId, 'commentId');
    if (entry.replyTo !== undefined) {
      throw new WorkflowStateError(
        "A reply is resolved with its thread: resolve or reopen the thread's first comment",
      );
    }
    if (entry.kind !== 'comment') {
      throw new WorkflowStateError(
        'Only comments are resolved: a rejection, a submission note or an approval remark waits for no answer',
      );
    }
    const stateError = () =>
      new WorkflowStateError(
        resolved ? 'The thread is already resolved' : 'The thread is not resolved: it is open',
      );
    if ((entry.resolved !== undefined) === resolved) throw stateError();
    const now = this.now();
    const mark = { by: actor.email, at: now.toISOString() };
    await this.transact({
      items: [
        {
          Update: {
            TableName: this.table,
            Key: keys.comment(page.id, entry.id),
            UpdateExpression: resolved ? 'SET resolved = :resolved' : 'REMOVE resolved',
            ConditionExpression: resolved
              ? 'attribute_exists(pk) AND attribute_not_exists(resolved)'
              : 'attribute_exists(resolved)',
            ...(resolved ? { ExpressionAttributeValues: { ':resolved': mark } } : {}),
          },
        },
      ],
      audit: this.audit(
        now,
        actor,
        resolved ? 'comment-resolve' : 'comment-reopen',
        `${page.title} (/${page.slug}): thread of ${entry.author} (${entry.at}) ${resolved ? 'resolved' : 'reopened'}`,
        page.id,
      ),
      onConflict: stateError,
    });
    const next: CommentEntry = { ...entry, resolved: mark };
    if (!resolved) delete next.resolved;
    return next;
  }

  /** One comment of the page, or a 404 naming `field`. */
  private async comment(pageId: string, id: string, field: string): Promise<CommentEntry> {
    const result = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.comment(pageId, id),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) {
      throw new CommentNotFoundError('This page has no such comment', {
        [field]: ['is not a comment of this page'],
      });
    }
    return commentOf(result.Item as CommentItem);
  }

  /** The write of a comment entry, for this layer and the review steps above it. */
  protected commentPut(
    pageId: string,
    author: string,
    at: string,
    text: string,
    revision: number | undefined,
    kind: CommentEntry['kind'],
    extra: Pick<CommentEntry, 'anchor' | 'replyTo' | 'mentions' | 'mentionedAs'> = {},
  ) {
    const id = suffix(at);
    const entry: Omit<CommentItem, 'pk' | 'sk' | 'pageId'> = {
      id,
      author,
      at,
      text,
      ...(revision !== undefined ? { revision } : {}),
      kind,
      ...extra,
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

/**
 * A new thread's anchor names a block of the working copy or the live content and, if it
 * says so, a field that block has (400 naming the part at fault otherwise).
 */
function assertAnchor(anchor: CommentAnchor, copy: unknown, live: unknown): void {
  const block =
    (copy !== undefined ? blocksById(copy).get(anchor.blockId) : undefined) ??
    blocksById(live).get(anchor.blockId);
  if (!block) {
    throw new InvalidError('The comment points at a block this page does not have', {
      'anchor.blockId': ['names no block of the working copy or the live page'],
    });
  }
  if (anchor.field !== undefined && valueAtPath(block, anchor.field) === undefined) {
    throw new InvalidError('The comment points at a field this block does not have', {
      'anchor.field': [`is not a field of block ${anchor.blockId}`],
    });
  }
}
