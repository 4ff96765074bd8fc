// The e-mail an account gets when a review comment names it with `@name` (issue 36,
// docs/decisions/0527-annotations.md): one per comment per person, never to the author, sent
// through the configured transport after the comment is stored. Its failure is logged and
// never undoes the comment.
import type { Services } from '../lib/context.ts';
import type { LandingPage } from '../data/landing-pages/page-item.ts';
import { mentionTokens, namesAccount } from '../shared/comments.ts';
import type { CommentEntry } from '../shared/workflow.ts';
import { oneLine } from './lead-owner.ts';
import { sendWithin, type MailMessage } from './mailer.ts';

/** How long the comment's answer may wait for the transport, per message. */
const SEND_TIMEOUT_MS = 5_000;

export const MENTION_SUBJECT = 'You were mentioned in a review comment';

/**
 * The active accounts `text`'s `@name`s name, other than the author, and the names that
 * named one (lowercased). An `@name` that names nobody stays plain text.
 */
export async function resolveMentions(
  services: Pick<Services, 'admins'>,
  text: string,
  author: string,
): Promise<{ mentions: string[]; mentionedAs: string[] }> {
  const tokens = mentionTokens(text);
  if (tokens.length === 0) return { mentions: [], mentionedAs: [] };
  const accounts = (await services.admins.list()).filter((account) => !account.disabled);
  const mentions = new Set<string>();
  const mentionedAs: string[] = [];
  for (const token of tokens) {
    const named = accounts.filter((account) => namesAccount(token, account));
    if (named.length === 0) continue;
    mentionedAs.push(token);
    for (const account of named) {
      if (account.email.toLowerCase() !== author.toLowerCase()) mentions.add(account.email);
    }
  }
  return { mentions: [...mentions], mentionedAs };
}

export function mentionMessage(
  to: string,
  page: Pick<LandingPage, 'id' | 'title' | 'slug'>,
  comment: CommentEntry,
  siteUrl: string,
): MailMessage {
  const thread = comment.replyTo ?? comment.id;
  const link = `${siteUrl}/admin?edit=${encodeURIComponent(page.id)}&thread=${encodeURIComponent(thread)}`;
  return {
    to: [to],
    subject: MENTION_SUBJECT,
    text: [
      `${comment.author} mentioned you in a ${comment.replyTo ? 'reply' : 'comment'} on the page "${oneLine(page.title)}" (/${page.slug})${
        comment.anchor ? `, block ${comment.anchor.blockId}` : ''
      }:`,
      '',
      ...comment.text.split('\n').map((line) => `> ${line}`),
      '',
      `Open the thread: ${link}`,
    ].join('\n'),
  };
}

/** E-mails each mentioned account once; never throws (a failure is logged). */
export async function notifyMentions(
  services: Pick<Services, 'mailer' | 'config' | 'log'>,
  page: Pick<LandingPage, 'id' | 'title' | 'slug'>,
  comment: CommentEntry,
): Promise<void> {
  for (const to of comment.mentions ?? []) {
    try {
      await sendWithin(
        services.mailer,
        mentionMessage(to, page, comment, services.config.siteUrl),
        SEND_TIMEOUT_MS,
      );
    } catch (error) {
      services.log.error('mention e-mail failed', {
        pageId: page.id,
        commentId: comment.id,
        transport: services.mailer.transport,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
