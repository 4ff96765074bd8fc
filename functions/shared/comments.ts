// Annotations of a page's review (issue 36, docs/decisions/0527-annotations.md): threads of
// comments anchored to blocks, their resolution, and `@name` mentions. Shared by the API
// (functions/data/workflow/review.ts, routes/workflow.ts) and the Review tab and editor
// (site/islands/admin/pages/workflow/comments.tsx), so both count and group alike.
import { deriveLayout, type Block } from './blocks.ts';
import type { LandingContent } from './landing-content.ts';
import type { CommentEntry } from './workflow.ts';

/** A thread: its first comment (a comment, never a reply) and its replies, oldest first. */
export interface CommentThread {
  top: CommentEntry;
  replies: CommentEntry[];
}

/**
 * The page's comments as threads, oldest first. Rejections, submissions and approvals are
 * threads of their own too (replies may answer them) but are never unresolved.
 */
export function threadsOf(comments: readonly CommentEntry[]): CommentThread[] {
  const byId = new Map<string, CommentThread>();
  const threads: CommentThread[] = [];
  for (const entry of comments) {
    if (entry.replyTo === undefined) {
      const thread = { top: entry, replies: [] };
      byId.set(entry.id, thread);
      threads.push(thread);
    }
  }
  for (const entry of comments) {
    if (entry.replyTo !== undefined) byId.get(entry.replyTo)?.replies.push(entry);
  }
  return threads;
}

/** A thread still waiting for an answer: a comment's thread, not resolved. */
export const isOpenThread = (top: CommentEntry): boolean =>
  top.kind === 'comment' && top.replyTo === undefined && top.resolved === undefined;

/** How many of the page's threads are open (what blocks an approval while the setting says so). */
export const openThreadCount = (comments: readonly CommentEntry[]): number =>
  comments.filter(isOpenThread).length;

/** The blocks of content by id: its layout's, or the derived layout's for a page without one. */
export function blocksById(content: unknown): Map<string, Block> {
  const page = content as LandingContent;
  const layout = page.layout ?? deriveLayout(page);
  return new Map(layout.map((block) => [block.id, block]));
}

/** The value at a dot path (`items.0.text`) inside `root`, undefined when there is none. */
export function valueAtPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * `@name` tokens of a text in order of first use, lowercased: letters, digits, dots, hyphens
 * and underscores after an `@` that does not follow a letter or digit (an e-mail address in
 * the text is not a mention), without a sentence's final dot.
 */
export function mentionTokens(text: string): string[] {
  return [...new Set(mentionsIn(text).map((mention) => mention.token.toLowerCase()))];
}

/** Each `@name` of a text where it stands: `at` is the index of its `@`, `token` as written. */
export function mentionsIn(text: string): { at: number; token: string }[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}._%+-])@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu)]
    .map((match) => ({ at: match.index, token: match[1]!.replace(/[._-]+$/, '') }))
    .filter((mention) => mention.token !== '');
}

/** A name or token compared loosely: lowercased, without spaces, dots, hyphens, underscores. */
export const mentionKey = (value: string): string => value.toLowerCase().replace(/[\s._-]+/g, '');

/**
 * Whether `token` names the account: its e-mail's local part or its name, compared by
 * mentionKey (`@dr.a` and `@dra` name dr.a@…; `@anna.berg` and `@AnnaBerg` name "Anna Berg").
 */
export function namesAccount(token: string, account: { email: string; name?: string }): boolean {
  const key = mentionKey(token);
  if (!key) return false;
  const local = account.email.slice(0, account.email.lastIndexOf('@'));
  return (
    key === mentionKey(local) || (account.name !== undefined && key === mentionKey(account.name))
  );
}
