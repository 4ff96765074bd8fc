// The Redirects manager (issue 23), a view of the Pages area at /admin/redirects: every
// redirect with its hits, adding one (checked as typed with the API's own schema,
// functions/shared/redirects.ts) and deleting one after a confirmation. Publishers and
// admins only: the API refuses other roles, and the Pages area hides the link for them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { fieldErrors } from '../../../../functions/shared/field-errors.ts';
import {
  createRedirectSchema,
  REDIRECT_REASON_LABELS,
  type RedirectStatus,
} from '../../../../functions/shared/redirects.ts';
import { BUILD_KEY, describeError, formatTime, HttpError, type FieldErrors } from '../api.ts';
import { Icon } from '../icons.tsx';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import { useToast } from '../toast.tsx';
import { Button, ConfirmDialog, FormAlert, Modal, TextField, Tooltip } from '../ui.tsx';
import {
  addRedirect,
  deleteRedirect,
  listRedirects,
  REDIRECTS_KEY,
  type RedirectDto,
} from './redirects-api.ts';

const HITS_HINT =
  'Counted by the local server (npm start) each time it answers a redirect. In AWS, CloudFront answers redirects at the edge without calling the API, so they are not counted here; its access logs hold them.';

const TYPE_LABELS: Record<RedirectStatus, string> = {
  301: '301 Permanent',
  302: '302 Temporary',
};

export function RedirectsView({ onBack }: { onBack: () => void }) {
  const redirects = useQuery({ queryKey: REDIRECTS_KEY, queryFn: listRedirects });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<RedirectDto | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const client = useQueryClient();
  const toast = useToast();
  // Opening the view moves focus to its heading, as the Account area does.
  useEffect(() => heading.current?.focus(), []);
  // After a deletion the row and its button are gone, so the confirmation cannot give focus
  // back to its opener: the heading takes it, after the dialog has let go (Radix returns
  // focus on a timer of its own when it unmounts).
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    const timer = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refocus]);

  const changed = () => {
    void client.invalidateQueries({ queryKey: REDIRECTS_KEY });
    void client.invalidateQueries({ queryKey: BUILD_KEY });
  };

  const remove = useMutation({
    mutationFn: (redirect: RedirectDto) => deleteRedirect(redirect).then(() => redirect),
    onSuccess: (redirect) => {
      client.setQueryData<RedirectDto[]>(REDIRECTS_KEY, (rows) =>
        rows?.filter((row) => row.id !== redirect.id),
      );
      setDeleting(undefined);
      setRefocus((count) => count + 1);
      changed();
      toast({
        title: `The redirect from ${redirect.from} is deleted`,
        description: 'Visitors reach that address again once the site is rebuilt.',
      });
    },
    onError: (failure) => {
      setDeleting(undefined);
      toast({
        title: 'Nothing changed',
        description: describeError(failure),
        variant: 'destructive',
      });
    },
  });

  const rows = redirects.data ?? [];
  return (
    <section aria-labelledby="redirects-heading" data-testid="redirects-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2
            id="redirects-heading"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold text-ink outline-none"
          >
            Redirects
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Old addresses that send visitors elsewhere. Renaming a live page adds its redirect by
            itself; a change here reaches the public site with the next rebuild.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={onBack}>
            <span aria-hidden="true">←</span> Back to pages
          </Button>
          <Button variant="primary" onClick={() => setAdding(true)}>
            Add redirect
          </Button>
        </div>
      </div>

      <div className="mt-6">
        {redirects.isPending && <p role="status">Loading redirects...</p>}
        {redirects.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {describeError(redirects.error)}
          </p>
        )}
        {redirects.isSuccess && rows.length === 0 && (
          <div
            data-testid="redirects-empty"
            className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center"
          >
            <p className="font-medium text-slate-900">No redirects yet</p>
            <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">
              When a live page gets a new address, its old one redirects here by itself. Add one to
              send an address that no longer exists, or a campaign that ended, somewhere useful.
            </p>
          </div>
        )}
        {rows.length > 0 && <RedirectRows rows={rows} onDelete={setDeleting} />}
      </div>

      <AddRedirectDialog open={adding} onOpenChange={setAdding} onAdded={changed} />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete the redirect from ${deleting?.from ?? ''}?`}
        message={`After the next rebuild, ${deleting?.from ?? 'that address'} no longer sends visitors to ${deleting?.to ?? 'its target'}: they get the page not found, unless a page is published there.`}
        confirmLabel="Delete redirect"
        onConfirm={() => deleting && remove.mutate(deleting)}
        busy={remove.isPending}
      />
    </section>
  );
}

function HitsHeading() {
  return (
    <Tooltip content={HITS_HINT}>
      <button
        type="button"
        className="inline-flex items-center gap-1 font-medium underline decoration-dotted underline-offset-4"
      >
        Hits
      </button>
    </Tooltip>
  );
}

function DeleteButton({ redirect, onDelete }: { redirect: RedirectDto; onDelete: () => void }) {
  const label = `Delete the redirect from ${redirect.from}`;
  return (
    <Tooltip content={label}>
      <Button variant="ghost" aria-label={label} onClick={onDelete} className="text-red-700">
        <Icon name="trash" />
      </Button>
    </Tooltip>
  );
}

const Address = ({ value }: { value: string }) => (
  <span className="font-mono text-[13px] wrap-anywhere text-slate-900">{value}</span>
);

function RedirectRows({
  rows,
  onDelete,
}: {
  rows: RedirectDto[];
  onDelete: (redirect: RedirectDto) => void;
}) {
  const created = (redirect: RedirectDto) => (
    <>
      <time dateTime={redirect.createdAt}>{formatTime(redirect.createdAt)}</time>
      <span className="block text-xs wrap-anywhere text-slate-600">by {redirect.createdBy}</span>
    </>
  );
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(redirect) => redirect.id}
      label="Redirects, by the address they start at"
      testIds={{ table: 'redirects-table', row: 'redirect-row', card: 'redirect-card' }}
      columns={[
        { key: 'from', heading: 'From', cell: (redirect) => <Address value={redirect.from} /> },
        {
          key: 'to',
          heading: 'To',
          className: 'max-w-80 px-3 py-2',
          cell: (redirect) => <Address value={redirect.to} />,
        },
        {
          key: 'type',
          heading: 'Type',
          className: 'px-3 py-2 whitespace-nowrap',
          cell: (redirect) => TYPE_LABELS[redirect.status],
        },
        {
          key: 'reason',
          heading: 'Reason',
          cell: (redirect) => REDIRECT_REASON_LABELS[redirect.reason],
        },
        {
          key: 'hits',
          heading: <HitsHeading />,
          headingClassName: 'text-right',
          className: 'px-3 py-2 text-right tabular-nums',
          cell: (redirect) => redirect.hits.toLocaleString(),
        },
        {
          key: 'created',
          heading: 'Created',
          className: 'px-3 py-2 whitespace-nowrap',
          cell: created,
        },
        {
          key: 'actions',
          heading: <span className="sr-only">Actions</span>,
          headingClassName: '',
          className: 'px-1 py-1 text-right',
          cell: (redirect) => (
            <DeleteButton redirect={redirect} onDelete={() => onDelete(redirect)} />
          ),
        },
      ]}
      card={(redirect) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Address value={redirect.from} />
              <p className="text-slate-600">
                <span aria-hidden="true">→ </span>
                <span className="sr-only">to </span>
                <Address value={redirect.to} />
              </p>
            </div>
            <DeleteButton redirect={redirect} onDelete={() => onDelete(redirect)} />
          </div>
          <p className="mt-1 text-slate-700">
            {TYPE_LABELS[redirect.status]} · {REDIRECT_REASON_LABELS[redirect.reason]} ·{' '}
            {redirect.hits.toLocaleString()} hit{redirect.hits === 1 ? '' : 's'}
          </p>
          <p className="text-xs text-slate-600">{created(redirect)}</p>
        </>
      )}
    />
  );
}

type Field = 'from' | 'to' | 'status';

function AddRedirectDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<RedirectStatus>(301);
  /** Fields whose errors show: left once, or all after a first attempt to send. */
  const [shown, setShown] = useState<ReadonlySet<Field>>(new Set());
  const [serverFields, setServerFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();

  const checked = createRedirectSchema.safeParse({ from, to, status });
  const problems: FieldErrors = checked.success ? {} : fieldErrors(checked.error.issues);
  const errorsOf = (field: Field) =>
    serverFields[field] ?? (shown.has(field) ? problems[field] : undefined);
  const normalisedFrom = checked.success ? checked.data.from : undefined;

  const reset = () => {
    setFrom('');
    setTo('');
    setStatus(301);
    setShown(new Set());
    setServerFields({});
    setError(undefined);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const add = useMutation({
    mutationFn: () => addRedirect({ from, to, status }),
    onSuccess: (redirect) => {
      onAdded();
      close(false);
      toast({
        title: `${redirect.from} now redirects to ${redirect.to}`,
        description: 'The public site follows once it is rebuilt.',
      });
    },
    onError: (failure) => {
      if (failure instanceof HttpError && Object.keys(failure.fields).length > 0) {
        setServerFields(failure.fields);
      } else {
        setError(describeError(failure));
      }
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setShown(new Set<Field>(['from', 'to', 'status']));
    setError(undefined);
    if (checked.success) add.mutate();
  };
  const edit = (field: Field) => {
    // An answer from the server was about the value it was sent.
    setServerFields((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)),
    );
    setError(undefined);
  };
  const leave = (field: Field) => setShown((current) => new Set(current).add(field));

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add redirect"
      description="Visitors who open the first address are sent to the second, with their query string."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          label="From"
          hint="A path on this site that no page uses, such as /spring-offer."
          value={from}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setFrom(e.target.value);
            edit('from');
          }}
          onBlur={() => from && leave('from')}
          errors={errorsOf('from')}
        />
        {normalisedFrom && normalisedFrom !== from.trim() && (
          <p className="-mt-3 text-xs text-slate-600" data-testid="from-normalised">
            Saved as <span className="font-mono">{normalisedFrom}</span>
          </p>
        )}
        <TextField
          label="To"
          hint="A path on this site, such as /demo, or an address starting with https://."
          value={to}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setTo(e.target.value);
            edit('to');
          }}
          onBlur={() => to && leave('to')}
          errors={errorsOf('to')}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Type</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(
              [
                [
                  301,
                  'Permanent (301)',
                  'The old address is gone for good; search engines move on.',
                ],
                [302, 'Temporary (302)', 'For now only, such as a campaign that ended.'],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className="flex cursor-pointer gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="redirect-status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormAlert message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Add redirect
          </Button>
        </div>
      </form>
    </Modal>
  );
}
