// The calendar's feeds (docs/decisions/0560-calendar-feeds.md): a private .ics address of the
// content calendar for one's own calendar app, made with a label, shown once (only its hash is
// kept), and revoked here (it then answers 404). Everyone sees and revokes their own feeds;
// administrators everyone's (functions/routes/admin/calendar.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createFeedSchema, type CalendarFeed } from '../../../../functions/shared/calendar.ts';
import { CopyableLink } from '../common/copyable-link.tsx';
import { checkForm, showFailure } from '../common/fields.tsx';
import { describeError, formatTime, type FieldErrors } from '../api.ts';
import { createFeed, FEEDS_KEY, feedsQuery, revokeFeed } from './calendar-api.ts';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FormAlert, Modal, TextField } from '../ui.tsx';

export function CalendarFeeds({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Calendar feeds"
      description="Subscribe to the content calendar from Outlook, Google Calendar or Apple Calendar with a private address: the 90 days past and the next 9 months, updated whenever your app reads it."
    >
      <div className="grid gap-6">
        <NewFeed />
        <FeedList />
      </div>
    </Modal>
  );
}

function NewFeed() {
  const ids = useId();
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const make = useMutation({
    mutationFn: createFeed,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: FEEDS_KEY });
      setLabel('');
    },
    onError: (failure) => showFailure(failure, setFields, setError),
  });
  const made = make.data;
  // The form gives way to the address and back: focus follows (not on opening).
  const shown = useRef(made);
  useEffect(() => {
    if (shown.current === made) return;
    shown.current = made;
    if (made) document.getElementById(`${ids}-link`)?.focus();
    else document.getElementById(`${ids}-form`)?.querySelector('input')?.focus();
  }, [made, ids]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkForm(createFeedSchema, { label });
    setFields(problems ?? {});
    setError(undefined);
    if (!problems) make.mutate({ label });
  };

  if (made) {
    return (
      <div
        role="status"
        data-testid="new-feed"
        className="grid gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4"
      >
        <p className="text-sm font-medium text-slate-900">
          Feed {made.label} made. Copy its address now: it is shown only this once.
        </p>
        <CopyableLink
          id={`${ids}-link`}
          label={`Address of the feed ${made.label}`}
          url={made.url}
        />
        <p className="text-sm text-slate-700">
          Anyone with this address can read the calendar&apos;s page and experiment titles and dates
          until you revoke it. In your calendar app, choose to subscribe to a calendar from the
          internet and paste it.
        </p>
        <div>
          <Button onClick={() => make.reset()}>Make another feed</Button>
        </div>
      </div>
    );
  }
  return (
    <form
      id={`${ids}-form`}
      onSubmit={submit}
      noValidate
      aria-label="New feed"
      className="grid gap-4"
    >
      <TextField
        label="Label"
        hint="Where you use it, such as Work laptop or Phone."
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        errors={fields['label']}
        required
        maxLength={80}
        autoComplete="off"
      />
      <FormAlert message={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={make.isPending}>
          {make.isPending ? 'Making...' : 'Make feed'}
        </Button>
      </div>
    </form>
  );
}

function FeedList() {
  const headingId = useId();
  const client = useQueryClient();
  const toast = useToast();
  const feeds = useQuery(feedsQuery);
  const [confirming, setConfirming] = useState<CalendarFeed | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  // The row and its button went with the revocation: once the confirmation has closed (its
  // focus trap gone), focus goes to the list's heading.
  const [revoked, setRevoked] = useState<string | undefined>();
  useEffect(() => {
    if (revoked) heading.current?.focus();
  }, [revoked]);
  const revoke = useMutation({
    mutationFn: revokeFeed,
    onSuccess: (feed) => {
      client.setQueryData<CalendarFeed[]>(FEEDS_KEY, (list) =>
        list?.filter((other) => other.id !== feed.id),
      );
      setConfirming(undefined);
      setRevoked(feed.id);
      toast({
        title: `The feed ${feed.label} is revoked`,
        description: 'Its address stops working at once.',
      });
    },
    onError: (failure) => {
      setConfirming(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });

  return (
    <section aria-labelledby={headingId}>
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-ink outline-none"
      >
        Feeds made
      </h3>
      {feeds.isPending && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the feeds...
        </p>
      )}
      {feeds.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The feeds could not be loaded: {describeError(feeds.error)}
        </p>
      )}
      {feeds.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No feed has been made yet.</p>
      )}
      {feeds.data && feeds.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100" aria-labelledby={headingId}>
          {feeds.data.map((feed) => (
            <li key={feed.id} data-testid="feed" className="flex flex-wrap items-center gap-2 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-medium wrap-anywhere text-slate-900">{feed.label}</p>
                <p className="text-sm wrap-anywhere text-slate-600">
                  Made by {feed.createdBy}, {formatTime(feed.createdAt)}
                </p>
              </div>
              <Button
                onClick={() => setConfirming(feed)}
                disabled={revoke.isPending}
                aria-label={`Revoke the feed ${feed.label}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(next) => !next && setConfirming(undefined)}
        title={`Revoke the feed ${confirming?.label ?? ''}?`}
        message="Its address stops working at once: calendar apps subscribed to it get nothing more. A new feed can be made at any time."
        confirmLabel="Revoke"
        onConfirm={() => confirming && revoke.mutate(confirming)}
        busy={revoke.isPending}
      />
    </section>
  );
}
