// The Review tab's comment thread: what authors and reviewers said, oldest first, and a new
// comment for those who may (docs/decisions/0132-working-copy.md).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../api.ts';
import type { LandingPage } from '../../common/pages-api.ts';
import { addComment, localTime } from '../../common/workflow-api.ts';
import { Button, FormAlert } from '../../ui.tsx';
import { LabelledText } from './form-parts.tsx';

export function Comments({
  page,
  comments,
  mayComment,
  onChanged,
}: {
  page: LandingPage;
  comments: {
    id: string;
    author: string;
    at: string;
    body: string;
    revision?: number | undefined;
    kind: string;
  }[];
  mayComment: boolean;
  onChanged: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () => addComment(page.id, body.trim()),
    onSuccess: () => {
      setBody('');
      onChanged();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  const KIND: Record<string, string> = {
    rejection: 'rejected it',
    submission: 'submitted it',
    comment: 'commented',
  };
  return (
    <section aria-labelledby="wf-comments" className="grid gap-2">
      <h3 id="wf-comments" className="font-semibold text-ink">
        Comments
      </h3>
      {comments.length === 0 ? (
        <p className="text-slate-600">No comments yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Comment thread">
          {comments.map((comment) => (
            <li key={comment.id} data-testid="comment" className="rounded-md bg-slate-50 p-2">
              <p className="text-xs text-slate-600">
                {comment.author} {KIND[comment.kind] ?? 'commented'} on{' '}
                {comment.revision ? `revision ${comment.revision}` : 'the live version'},{' '}
                {localTime(comment.at)}
              </p>
              <p className="whitespace-pre-wrap text-slate-900">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {mayComment && (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            if (body.trim()) send.mutate();
            else setError('Write a comment first.');
          }}
        >
          <LabelledText id="new-comment" label="Add a comment" value={body} onChange={setBody} />
          <FormAlert message={error} />
          <div>
            <Button type="submit" disabled={send.isPending}>
              Comment
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
