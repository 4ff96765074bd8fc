// The Review tab's comments (docs/decisions/0132-working-copy.md; annotations, issue 36,
// docs/decisions/0527-annotations.md): threads grouped by the block they are pinned to, in the
// page's order, then those about the whole page; each with its replies, a reply box, Resolve
// or Reopen, `@name` mentions highlighted; resolved threads folded under a disclosure that
// says how many. A new comment may be pinned to a block (the editor's selected block first).
// The open thread is in the URL (?thread=<id>, blocks/editor-url.ts), so a reload or a
// mention e-mail's link comes back to it.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Block } from '../../../../../functions/shared/blocks.ts';
import {
  isOpenThread,
  mentionsIn,
  threadsOf,
  type CommentThread,
} from '../../../../../functions/shared/comments.ts';
import { describeError } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import {
  BLOCK_PARAM,
  NEW_THREAD,
  setEditorParams,
  THREAD_PARAM,
  useEditorParam,
} from '../../common/editor/blocks/editor-url.ts';
import { blockLabel } from '../../common/editor/blocks/layout-ops.ts';
import {
  addComment,
  localTime,
  setResolved,
  type CommentEntry,
} from '../../common/workflow-api.ts';
import { Button, FormAlert, inputClass, Tooltip } from '../../ui.tsx';
import { Labelled, LabelledText } from './form-parts.tsx';

const WHOLE_PAGE = '';

const KIND: Record<CommentEntry['kind'], string> = {
  rejection: 'rejected it',
  submission: 'submitted it',
  approval: 'approved it',
  comment: 'commented',
};

/** The text with the `@name`s that named an account highlighted. */
function WithMentions({ comment }: { comment: CommentEntry }) {
  const named = new Set(comment.mentionedAs ?? []);
  if (named.size === 0) return <>{comment.text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const { at, token } of mentionsIn(comment.text)) {
    if (!named.has(token.toLowerCase())) continue;
    parts.push(comment.text.slice(last, at));
    parts.push(
      <strong
        key={at}
        data-testid="mention"
        className="rounded bg-brand-50 px-0.5 font-semibold text-brand-800"
      >
        @{token}
      </strong>,
    );
    last = at + 1 + token.length;
  }
  parts.push(comment.text.slice(last));
  return <>{parts}</>;
}

function Entry({ comment }: { comment: CommentEntry }) {
  return (
    <div>
      <p className="text-xs text-slate-600">
        {comment.author} {comment.replyTo ? 'replied' : KIND[comment.kind]} on{' '}
        {comment.revision ? `revision ${comment.revision}` : 'the live version'},{' '}
        {localTime(comment.at)}
      </p>
      {!comment.replyTo && comment.anchor?.quote && (
        <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-slate-700 italic">
          {comment.anchor.quote}
        </blockquote>
      )}
      <p className="whitespace-pre-wrap text-slate-900">
        <WithMentions comment={comment} />
      </p>
    </div>
  );
}

interface ThreadProps {
  page: LandingPage;
  thread: CommentThread;
  mayComment: boolean;
  current: boolean;
  onChanged: () => void;
}

function Thread({ page, thread, mayComment, current, onChanged }: ThreadProps) {
  const { top, replies } = thread;
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const box = useRef<HTMLLIElement>(null);
  const wasCurrent = useRef(current);
  const replyId = useId();
  const resolvable = top.kind === 'comment';
  const resolved = top.resolved !== undefined;

  useEffect(() => {
    if (current) {
      box.current?.scrollIntoView({ block: 'nearest' });
    } else if (wasCurrent.current) {
      // The reply box closed: focus back to the Reply button that opened it.
      box.current?.querySelector<HTMLButtonElement>('[data-control="reply"]')?.focus();
    }
    wasCurrent.current = current;
  }, [current]);

  const close = () => {
    setReply('');
    setError(undefined);
    setEditorParams({ [THREAD_PARAM]: undefined });
  };
  const send = useMutation({
    mutationFn: () => addComment(page.id, { text: reply.trim(), replyTo: top.id }),
    onSuccess: () => {
      onChanged();
      close();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const toggle = useMutation({
    mutationFn: () => setResolved(page.id, top.id, !resolved),
    onSuccess: () => onChanged(),
    onError: (failure) => setError(describeError(failure)),
  });

  return (
    <li
      ref={box}
      data-testid="comment-thread"
      data-thread={top.id}
      aria-current={current ? 'true' : undefined}
      className={`grid gap-2 rounded-md p-2 ${resolved ? 'bg-white ring-1 ring-slate-200' : 'bg-slate-50'} ${
        current ? 'ring-2 ring-brand-600' : ''
      }`}
    >
      <div data-testid="comment">
        <Entry comment={top} />
        {top.anchor?.field && (
          <p className="text-xs text-slate-600">
            Field: <span className="font-mono">{top.anchor.field}</span>
          </p>
        )}
        {resolved && (
          <p className="text-xs font-medium text-emerald-800">
            Resolved by {top.resolved!.by}, {localTime(top.resolved!.at)}
          </p>
        )}
      </div>
      {replies.length > 0 && (
        <ol aria-label="Replies" className="grid gap-2 border-l-2 border-slate-200 pl-3">
          {replies.map((entry) => (
            <li key={entry.id} data-testid="comment-reply">
              <Entry comment={entry} />
            </li>
          ))}
        </ol>
      )}
      {mayComment && current && (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            if (reply.trim()) send.mutate();
            else setError('Write a reply first.');
          }}
        >
          <LabelledText id={replyId} label="Your reply" value={reply} onChange={setReply} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send reply'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <FormAlert message={error} />
      {mayComment && (
        <div className="flex flex-wrap gap-2">
          {!current && (
            <Button
              data-control="reply"
              variant="ghost"
              className="px-2 py-1"
              onClick={() => setEditorParams({ [THREAD_PARAM]: top.id })}
            >
              Reply
            </Button>
          )}
          {resolvable && (
            <Tooltip
              content={
                resolved
                  ? 'Opens the thread again: while it is open, and the setting says so, the working copy cannot be approved.'
                  : 'Marks the thread answered: it folds away and no longer holds up an approval.'
              }
            >
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={toggle.isPending}
                onClick={() => {
                  setError(undefined);
                  toggle.mutate();
                }}
              >
                {resolved ? 'Reopen' : 'Resolve'}
              </Button>
            </Tooltip>
          )}
        </div>
      )}
    </li>
  );
}

/** One group: a block's threads (or the whole page's), the resolved ones folded. */
function Group({
  title,
  threads,
  currentId,
  ...props
}: {
  title: string;
  threads: CommentThread[];
  currentId: string | undefined;
  page: LandingPage;
  mayComment: boolean;
  onChanged: () => void;
}) {
  const open = threads.filter((thread) => !thread.top.resolved);
  const resolved = threads.filter((thread) => thread.top.resolved);
  const headingId = useId();
  const [folded, setFolded] = useState(true);
  const currentResolved = resolved.some((thread) => thread.top.id === currentId);
  const unresolvedCount = threads.filter((thread) => isOpenThread(thread.top)).length;
  const list = (items: CommentThread[]) => (
    <ol className="grid gap-2">
      {items.map((thread) => (
        <Thread
          key={thread.top.id}
          thread={thread}
          current={thread.top.id === currentId}
          {...props}
        />
      ))}
    </ol>
  );
  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="comment-group">
      <h4 id={headingId} className="font-medium text-ink">
        {title}{' '}
        <span className="font-normal text-slate-600">
          ({unresolvedCount} open{resolved.length ? `, ${resolved.length} resolved` : ''})
        </span>
      </h4>
      {open.length > 0 && list(open)}
      {resolved.length > 0 && (
        <details
          open={!folded || currentResolved}
          onToggle={(event) => setFolded(!(event.currentTarget as HTMLDetailsElement).open)}
          data-testid="resolved-threads"
        >
          <summary className="cursor-pointer text-slate-700">
            {resolved.length} resolved thread{resolved.length === 1 ? '' : 's'}
          </summary>
          <div className="mt-2">{list(resolved)}</div>
        </details>
      )}
    </section>
  );
}

export function Comments({
  page,
  comments,
  blocks,
  mayComment,
  onChanged,
}: {
  page: LandingPage;
  comments: CommentEntry[];
  /** The blocks of the copy under review (or the live page), in order. */
  blocks: readonly Block[];
  mayComment: boolean;
  onChanged: () => void;
}) {
  const selectedBlock = useEditorParam(BLOCK_PARAM);
  const currentId = useEditorParam(THREAD_PARAM);
  const [text, setText] = useState('');
  const [about, setAbout] = useState<string>();
  const [error, setError] = useState<string>();
  const blockIds = new Set(blocks.map((block) => block.id));
  // The editor's selected block first, until the reviewer picks another target.
  const target =
    about ?? (selectedBlock && blockIds.has(selectedBlock) ? selectedBlock : WHOLE_PAGE);
  // "Comment on <block>" in the block editor (?thread=new): the box, pinned to that block.
  const newBox = useRef<HTMLFormElement>(null);
  const asked = currentId === NEW_THREAD;
  // Asked again: the selected block, whatever was picked before (set while rendering).
  const [askedSeen, setAskedSeen] = useState(asked);
  if (asked !== askedSeen) {
    setAskedSeen(asked);
    if (asked) setAbout(undefined);
  }
  useEffect(() => {
    if (!asked) return;
    newBox.current?.scrollIntoView({ block: 'nearest' });
    newBox.current?.querySelector('textarea')?.focus();
  }, [asked]);
  const send = useMutation({
    mutationFn: () =>
      addComment(page.id, {
        text: text.trim(),
        ...(target ? { anchor: { blockId: target } } : {}),
      }),
    onSuccess: () => {
      setText('');
      if (asked) setEditorParams({ [THREAD_PARAM]: undefined });
      onChanged();
    },
    onError: (failure) => setError(describeError(failure)),
  });

  const threads = threadsOf(comments);
  const byBlock = new Map<string, CommentThread[]>();
  for (const thread of threads) {
    const key = thread.top.anchor?.blockId ?? WHOLE_PAGE;
    byBlock.set(key, [...(byBlock.get(key) ?? []), thread]);
  }
  const groups: { key: string; title: string }[] = [
    ...blocks
      .filter((block) => byBlock.has(block.id))
      .map((block) => ({ key: block.id, title: blockLabel(block) })),
    // Threads on a block the page no longer has keep their block's id as the title.
    ...[...byBlock.keys()]
      .filter((key) => key !== WHOLE_PAGE && !blockIds.has(key))
      .map((key) => ({ key, title: `Removed block ${key}` })),
    ...(byBlock.has(WHOLE_PAGE) ? [{ key: WHOLE_PAGE, title: 'The whole page' }] : []),
  ];
  const open = threads.filter((thread) => isOpenThread(thread.top)).length;

  return (
    <section aria-labelledby="wf-comments" className="grid gap-3" data-testid="comments">
      <h3 id="wf-comments" className="font-semibold text-ink">
        Comments{' '}
        <span className="font-normal text-slate-600" data-testid="open-threads">
          ({open} open)
        </span>
      </h3>
      {threads.length === 0 ? (
        <p className="text-slate-600">No comments yet.</p>
      ) : (
        groups.map((group) => (
          <Group
            key={group.key}
            title={group.title}
            threads={byBlock.get(group.key)!}
            currentId={currentId}
            page={page}
            mayComment={mayComment}
            onChanged={onChanged}
          />
        ))
      )}
      {mayComment && (
        <form
          ref={newBox}
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            if (text.trim()) send.mutate();
            else setError('Write a comment first.');
          }}
        >
          <Labelled
            id="new-comment-about"
            label="Pinned to"
            hint="A block of the page, or the whole page. Write @name to e-mail a colleague."
          >
            <select
              id="new-comment-about"
              value={target}
              onChange={(event) => setAbout(event.target.value)}
              aria-describedby="new-comment-about-hint"
              className={inputClass}
            >
              <option value={WHOLE_PAGE}>The whole page</option>
              {blocks.map((block) => (
                <option key={block.id} value={block.id}>
                  {blockLabel(block)}
                </option>
              ))}
            </select>
          </Labelled>
          <LabelledText id="new-comment" label="Add a comment" value={text} onChange={setText} />
          <FormAlert message={error} />
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Comment'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
