// Annotations of a page's review (issue 36, docs/decisions/0527-annotations.md): comments
// anchored to blocks, threads of replies, resolve and reopen, `@name` mentions e-mailed
// (read from the log transport, as the local server sends them), and unresolved threads
// blocking an approval while openCommentsBlockApproval is on. Real DynamoDB Local through
// the app (functions/test/workflow-team.ts).
import { describe, expect, it } from 'vitest';
import { deriveLayout } from '../../shared/blocks.ts';
import type { ErrorEnvelope } from '../../shared/error-envelope.ts';
import type { LandingContent } from '../../shared/landing-content.ts';
import type { CommentEntry } from '../../shared/workflow.ts';
import { MENTION_SUBJECT } from '../../mail/comment-mention.ts';
import { approve, team } from '../../test/workflow-team.ts';

type Team = Awaited<ReturnType<typeof team>>;

const errorOf = async (response: Response) => ((await response.json()) as ErrorEnvelope).error;

/** A team whose page has a working copy in review, and helpers for its comments. */
async function reviewTeam(approvalsRequired = 1) {
  const t = await team(approvalsRequired);
  expect((await t.draft('Reviewed headline', t.live.revision)).status).toBe(200);
  expect((await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, {})).status).toBe(
    200,
  );
  const comment = (who: string, body: unknown) =>
    t.as(who)('POST', `/api/landing-pages/${t.live.id}/comments`, body);
  const created = async (who: string, body: unknown) => {
    const response = await comment(who, body);
    expect(response.status).toBe(201);
    return (await response.json()) as CommentEntry;
  };
  const mark = (who: string, id: string, action: 'resolve' | 'reopen') =>
    t.as(who)(
      'POST',
      `/api/landing-pages/${t.live.id}/comments/${encodeURIComponent(id)}/${action}`,
    );
  const approveAs = (who: string) =>
    t.as(who)('POST', `/api/landing-pages/${t.live.id}/approve`, approve('approved-medical', who));
  return { ...t, comment, created, mark, approveAs };
}

/** Every mention e-mail the log transport wrote, in order. */
const mentionMails = ({ log }: Team) =>
  log.lines
    .filter((line) => line.message.startsWith('mail (not sent'))
    .filter((line) => line.details?.['subject'] === MENTION_SUBJECT)
    .map((line) => ({
      to: line.details?.['to'] as string[],
      text: String(line.details?.['text']),
    }));

describe('annotations: comments anchored to blocks', () => {
  it('anchors a comment to a block and a field of it, and refuses blocks and fields the page lacks', async () => {
    const t = await reviewTeam();
    const pinned = await t.created('reviewer', {
      text: 'Source for this headline?',
      anchor: { blockId: 'hero', field: 'headline', quote: 'Reviewed headline' },
    });
    expect(pinned).toMatchObject({
      author: 'reviewer@pharmabridge.test',
      text: 'Source for this headline?',
      body: 'Source for this headline?',
      kind: 'comment',
      anchor: { blockId: 'hero', field: 'headline', quote: 'Reviewed headline' },
      revision: 2,
    });
    expect(pinned.resolved).toBeUndefined();
    // A nested field path inside the block.
    await t.created('reviewer', {
      text: 'Second plan price?',
      anchor: { blockId: 'pricing', field: 'plans.1.name' },
    });

    const noBlock = await t.comment('reviewer', { text: 'Here?', anchor: { blockId: 'nope' } });
    expect(noBlock.status).toBe(400);
    expect((await errorOf(noBlock)).fields).toEqual({
      'anchor.blockId': ['names no block of the working copy or the live page'],
    });
    const noField = await t.comment('reviewer', {
      text: 'Here?',
      anchor: { blockId: 'hero', field: 'items.9.text' },
    });
    expect(noField.status).toBe(400);
    expect((await errorOf(noField)).fields).toEqual({
      'anchor.field': ['is not a field of block hero'],
    });
    const badPath = await t.comment('reviewer', {
      text: 'Here?',
      anchor: { blockId: 'hero', field: '../secret' },
    });
    expect(badPath.status).toBe(400);
    expect(Object.keys((await errorOf(badPath)).fields ?? {})).toEqual(['anchor.field']);
    const longQuote = await t.comment('reviewer', {
      text: 'Here?',
      anchor: { blockId: 'hero', quote: 'x'.repeat(501) },
    });
    expect(longQuote.status).toBe(400);
    expect((await errorOf(longQuote)).fields).toEqual({
      'anchor.quote': ['is longer than 500 characters'],
    });
    // The anchor check reads the working copy: a block only the copy has is accepted.
    const { content } = (await t.status()).workingCopy!;
    const layout = deriveLayout(content);
    const withNote = {
      ...content,
      layout: [
        ...layout.slice(0, -1),
        { id: 'mlr-note', type: 'richText', markdown: 'For HCPs only' },
        layout.at(-1)!,
      ],
    } as LandingContent;
    const saved = await t.as('editor')('PUT', `/api/landing-pages/${t.live.id}/draft`, {
      title: t.live.title,
      slug: t.live.slug,
      content: withNote,
      revision: 2,
    });
    expect(saved.status).toBe(200);
    await t.created('reviewer', { text: 'Wording?', anchor: { blockId: 'mlr-note' } });
  });

  it('takes text (body is its older name); one is required, named text', async () => {
    const t = await reviewTeam();
    expect((await t.created('editor', { body: 'Older client' })).text).toBe('Older client');
    const none = await t.comment('editor', { anchor: { blockId: 'hero' } });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).fields).toEqual({ text: ['is required'] });
    const blank = await t.comment('editor', { text: '   ' });
    expect((await errorOf(blank)).fields).toEqual({ text: ['is required'] });
  });

  it('replies join a thread with its anchor; a reply to a reply, or to nothing, is refused', async () => {
    const t = await reviewTeam();
    const top = await t.created('reviewer', { text: 'Check this', anchor: { blockId: 'hero' } });
    t.clock.advance(60_000);
    const reply = await t.created('editor', { text: 'Checked: see label p. 4', replyTo: top.id });
    expect(reply).toMatchObject({ replyTo: top.id, anchor: { blockId: 'hero' } });

    const own = await t.comment('editor', {
      text: 'Elsewhere',
      replyTo: top.id,
      anchor: { blockId: 'pricing' },
    });
    expect(own.status).toBe(400);
    expect((await errorOf(own)).fields).toEqual({
      anchor: ["is the thread's: a reply has none of its own"],
    });
    const nested = await t.comment('reviewer', { text: 'Thanks', replyTo: reply.id });
    expect(nested.status).toBe(400);
    expect((await errorOf(nested)).fields).toEqual({
      replyTo: ["is a reply, not a thread's first comment"],
    });
    const missing = await t.comment('reviewer', {
      text: 'Thanks',
      replyTo: '2026-01-01T00:00:00.000Z#deadbeef',
    });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).fields).toEqual({ replyTo: ['is not a comment of this page'] });

    // Another page's comment is not this page's.
    const other = await t.services.pages.create({
      title: 'Other',
      slug: 'other',
      isActive: false,
      content: t.live.content,
    });
    const elsewhere = await t.as('reviewer')('POST', `/api/landing-pages/${other.id}/comments`, {
      text: 'Crossing pages',
      replyTo: top.id,
    });
    expect(elsewhere.status).toBe(404);

    const { comments } = await t.status();
    expect(comments.map((c) => [c.text, c.replyTo ?? null])).toEqual([
      ['Check this', null],
      ['Checked: see label p. 4', top.id],
    ]);
  });

  it('resolves and reopens a thread by its first comment, each once, audited', async () => {
    const t = await reviewTeam();
    const top = await t.created('reviewer', { text: 'Fix the claim', anchor: { blockId: 'hero' } });
    const reply = await t.created('editor', { text: 'Fixed', replyTo: top.id });

    const onReply = await t.mark('editor', reply.id, 'resolve');
    expect(onReply.status).toBe(409);
    expect((await errorOf(onReply)).message).toBe(
      "A reply is resolved with its thread: resolve or reopen the thread's first comment",
    );
    const notOpen = await t.mark('editor', top.id, 'reopen');
    expect(notOpen.status).toBe(409);
    expect((await errorOf(notOpen)).message).toBe('The thread is not resolved: it is open');

    const resolved = await t.mark('editor', top.id, 'resolve');
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      id: top.id,
      resolved: { by: 'editor@pharmabridge.test', at: '2026-11-25T14:00:00.000Z' },
    });
    const twice = await t.mark('reviewer', top.id, 'resolve');
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe('The thread is already resolved');
    // The reply itself stays as it was.
    const after = (await t.status()).comments;
    expect(after.find((c) => c.id === reply.id)?.resolved).toBeUndefined();
    expect(after.find((c) => c.id === top.id)?.resolved?.by).toBe('editor@pharmabridge.test');

    // A minute later, so the audit log's newest-first order is the order of the two.
    t.clock.advance(60_000);
    const reopened = await t.mark('reviewer', top.id, 'reopen');
    expect(reopened.status).toBe(200);
    expect(((await reopened.json()) as CommentEntry).resolved).toBeUndefined();
    expect((await t.status()).comments.find((c) => c.id === top.id)?.resolved).toBeUndefined();

    expect((await t.mark('reviewer', '2026-01-01T00:00:00.000Z#0000', 'resolve')).status).toBe(404);

    const audit = (await (await t.as('admin')('GET', '/api/admin/audit')).json()) as {
      entries: { action: string; actor: string }[];
    };
    expect(
      audit.entries.filter((e) => e.action.startsWith('comment-')).map((e) => [e.action, e.actor]),
    ).toEqual([
      ['comment-reopen', 'reviewer@pharmabridge.test'],
      ['comment-resolve', 'editor@pharmabridge.test'],
    ]);
  });

  it('a rejection or submission note is never a thread to resolve', async () => {
    const t = await team(1);
    await t.draft('Bold', t.live.revision);
    await t.as('editor')('POST', `/api/landing-pages/${t.live.id}/submit`, { note: 'Ready' });
    const [submission] = (await t.status()).comments;
    expect(submission?.kind).toBe('submission');
    const refused = await t.as('editor')(
      'POST',
      `/api/landing-pages/${t.live.id}/comments/${encodeURIComponent(submission!.id)}/resolve`,
    );
    expect(refused.status).toBe(409);
    // And it does not block the approval.
    expect(
      (await t.as('reviewer')('POST', `/api/landing-pages/${t.live.id}/approve`, approve())).status,
    ).toBe(201);
  });

  it('e-mails each account an @name names, once per comment, never the author; unknown names stay text', async () => {
    const t = await reviewTeam();
    await t.services.admins.create('anna.berg@pharmabridge.test', 'unused', {
      role: 'reviewer',
      name: 'Anna Berg',
    });
    const entry = await t.created('reviewer', {
      text: '@dr.a and @AnnaBerg: please check. @dr.a again, cc @nobody, @reviewer (me), mail editor@pharmabridge.test',
      anchor: { blockId: 'hero' },
    });
    expect(entry.mentions?.toSorted()).toEqual([
      'anna.berg@pharmabridge.test',
      'dr.a@pharmabridge.test',
    ]);
    expect(entry.mentionedAs).toEqual(['dr.a', 'annaberg', 'reviewer']);
    const mails = mentionMails(t);
    expect(mails.map((mail) => mail.to).toSorted()).toEqual([
      ['anna.berg@pharmabridge.test'],
      ['dr.a@pharmabridge.test'],
    ]);
    expect(mails[0]!.text).toContain('reviewer@pharmabridge.test mentioned you in a comment');
    expect(mails[0]!.text).toContain(
      `/admin?edit=${t.live.id}&thread=${encodeURIComponent(entry.id)}`,
    );
    // A reply mentioning the same person e-mails them again (once for that reply).
    await t.created('editor', { text: 'Thanks @Anna.Berg', replyTo: entry.id });
    expect(mentionMails(t)).toHaveLength(3);
    // No account named: no e-mail, no mentions.
    const plain = await t.created('editor', { text: 'Ask @someone-else' });
    expect(plain.mentions).toBeUndefined();
    expect(mentionMails(t)).toHaveLength(3);
  });
});

describe('openCommentsBlockApproval', () => {
  it('refuses an approval while threads are open, naming how many; resolving them lets it through', async () => {
    const t = await reviewTeam();
    const first = await t.created('reviewer', { text: 'One', anchor: { blockId: 'hero' } });
    const second = await t.created('editor', { text: 'Two' });
    await t.created('editor', { text: 'A reply is not a thread', replyTo: first.id });
    const refused = await t.approveAs('reviewer');
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.message).toBe('It cannot be approved: 2 comments are unresolved');
    expect(error.fields).toEqual({ comments: ['2 comments are unresolved: resolve them first'] });

    expect((await t.mark('reviewer', first.id, 'resolve')).status).toBe(200);
    const one = await t.approveAs('reviewer');
    expect((await errorOf(one)).message).toBe('It cannot be approved: 1 comment is unresolved');
    expect((await t.mark('editor', second.id, 'resolve')).status).toBe(200);
    expect((await t.approveAs('reviewer')).status).toBe(201);
  });

  it('lets the approval through with open threads when the setting is off', async () => {
    const t = await reviewTeam();
    await t.created('reviewer', { text: 'Open' });
    expect((await t.approveAs('reviewer')).status).toBe(409);
    const off = await t.as('admin')('PUT', '/api/admin/settings', {
      openCommentsBlockApproval: false,
    });
    expect(off.status).toBe(200);
    expect((await t.approveAs('reviewer')).status).toBe(201);
  });

  it("an approval's remark is not a thread: the second reviewer may still sign", async () => {
    const t = await reviewTeam(2);
    const first = await t.as('reviewer')('POST', `/api/landing-pages/${t.live.id}/approve`, {
      ...approve(),
      comment: 'Claims match the label',
    });
    expect(first.status).toBe(201);
    expect((await t.status()).comments.map((c) => c.kind)).toEqual(['approval']);
    expect((await t.approveAs('reviewer2')).status).toBe(201);
  });
});
