// The Forms view (issue 26), a view of the Pages area: /admin/forms lists the forms (the
// built-in ones first, then the team's own) and creates a new one; /admin/forms?form=<id>
// edits one (form-editor.tsx). The form on screen follows the URL, so a reload keeps it and
// Back returns to the list, except that leaving unsaved edits asks first. Roles with `edit`
// (functions/shared/roles.ts) edit; roles that only review (issue 33) get the forms in
// review and a read-only view where they sign (form-review-view.tsx).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formIdSchema } from '../../../../functions/shared/forms/form-id.ts';
import { describeError, formatTime, HttpError } from '../api.ts';
import { confirmLeave } from '../common/unsaved.ts';
import { ResponsiveTable } from '../common/responsive-table.tsx';
import { navigate, viewUrl } from '../route.ts';
import { useCan, useMe } from '../permissions.ts';
import { Button } from '../ui.tsx';
import { ViewHeader } from './controls.tsx';
import { FormEditor } from './form-editor.tsx';
import { FormReviewView, ReviewQueue } from './form-review-view.tsx';
import { NewFormDialog } from './new-form-dialog.tsx';
import { fetchForm, FORMS_KEY, formKey, listForms, type FormSummary } from '../common/forms-api.ts';

/** The form a URL names (`?form=`), when it is a possible form id. */
export function formFromUrl(params: URLSearchParams): string | undefined {
  const id = params.get('form') ?? '';
  return formIdSchema.safeParse(id).success ? id : undefined;
}

const formUrl = (id?: string) => viewUrl('forms', { form: id });

/** Leaves the Forms view for the Pages tab; focus goes back to the Forms link. */
export function backToPages(): void {
  navigate(viewUrl('pages'));
  setTimeout(() => document.querySelector<HTMLElement>('[data-forms-link]')?.focus(), 0);
}

export function FormsView({ params, onBack }: { params: URLSearchParams; onBack: () => void }) {
  const wanted = formFromUrl(params);
  const [shown, setShown] = useState(wanted);
  /** The form whose editor just closed: its link in the list takes focus. */
  const [closed, setClosed] = useState<string>();
  const pushedOpen = useRef(false);

  // The editor follows ?form=, except that Back away from unsaved edits asks first and puts
  // the form back in the URL when the administrator keeps editing.
  useEffect(() => {
    if (wanted === shown) return;
    let live = true;
    void confirmLeave().then((leave) => {
      if (!live) return;
      if (leave) {
        if (shown) setClosed(shown);
        setShown(wanted);
      } else navigate(formUrl(shown), { replace: true });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the URL only
  }, [wanted]);

  const open = (id: string) => {
    pushedOpen.current = true;
    setShown(id);
    navigate(formUrl(id));
  };
  const close = (focusLink = true) => {
    if (focusLink) setClosed(shown);
    else setClosed(undefined);
    setShown(undefined);
    // Closing undoes the opening in the history, so Back does not reopen the editor.
    if (pushedOpen.current) window.history.back();
    else navigate(formUrl(), { replace: true });
    pushedOpen.current = false;
  };

  const me = useMe();
  const mayEdit = useCan('edit');
  if (!me) return <p role="status">Loading...</p>;
  if (shown) {
    return (
      <FormLoader
        key={shown}
        id={shown}
        readOnly={!mayEdit}
        onClose={() => close()}
        onDeleted={() => close(false)}
      />
    );
  }
  return mayEdit ? (
    <FormList onOpen={open} onBack={onBack} returnTo={closed} />
  ) : (
    <ReviewQueue onOpen={open} onBack={onBack} returnTo={closed} />
  );
}

function FormLoader({
  id,
  readOnly,
  onClose,
  onDeleted,
}: {
  id: string;
  /** A role that reviews but does not edit: the read-only review. */
  readOnly: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  // Read afresh each time the editor opens: a save answers 409 when someone saved meanwhile.
  const form = useQuery({
    queryKey: formKey(id),
    queryFn: () => fetchForm(id),
    refetchOnMount: 'always',
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (form.isError) heading.current?.focus();
  }, [form.isError]);
  if (form.isError) {
    const missing = form.error instanceof HttpError && form.error.status === 404;
    return (
      <section aria-labelledby="form-missing-heading" className="grid content-start gap-3">
        <h2
          id="form-missing-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-semibold text-ink outline-none"
        >
          {missing ? 'This form does not exist' : 'The form could not be loaded'}
        </h2>
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {missing
            ? `There is no form with the id "${id}". It may have been deleted, or the address mistyped.`
            : describeError(form.error)}
        </p>
        <div>
          <Button onClick={onClose}>
            <span aria-hidden="true">←</span> All forms
          </Button>
        </div>
      </section>
    );
  }
  if (!form.data || !form.isFetchedAfterMount) return <p role="status">Loading the form...</p>;
  return readOnly ? (
    <FormReviewView state={form.data} onClose={onClose} />
  ) : (
    <FormEditor stored={form.data} onClose={onClose} onDeleted={onDeleted} />
  );
}

function FormList({
  onOpen,
  onBack,
  returnTo,
}: {
  onOpen: (id: string) => void;
  onBack: () => void;
  returnTo: string | undefined;
}) {
  const forms = useQuery({ queryKey: FORMS_KEY, queryFn: listForms, refetchOnMount: 'always' });
  const [creating, setCreating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Opening the list moves focus to its heading, or back to the link of the form just closed.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current) return;
    if (!returnTo) {
      heading.current?.focus();
      focused.current = true;
      return;
    }
    if (!forms.data) return;
    const link = Array.from(
      list.current?.querySelectorAll<HTMLElement>('[data-form-link]') ?? [],
    ).find((element) => element.dataset['formLink'] === returnTo && element.offsetParent);
    (link ?? heading.current)?.focus();
    focused.current = true;
  }, [returnTo, forms.data]);

  const rows = forms.data ?? [];
  return (
    <section aria-labelledby="forms-heading" data-testid="forms-view">
      <ViewHeader
        id="forms-heading"
        title="Forms"
        headingRef={heading}
        actions={
          <>
            <Button onClick={onBack}>
              <span aria-hidden="true">←</span> Back to pages
            </Button>
            <Button variant="primary" onClick={() => setCreating(true)} disabled={!forms.isSuccess}>
              New form
            </Button>
          </>
        }
      >
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          The forms visitors send: the dialog&apos;s demo and pricing requests, the contact and
          pilot pages, and forms of your own for landing pages. Changes reach visitors within a
          minute, or, when the Account area requires approvals, once they are approved and
          published.
        </p>
      </ViewHeader>

      <div className="mt-6" ref={list}>
        {forms.isPending && <p role="status">Loading forms...</p>}
        {forms.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            The forms could not be loaded: {describeError(forms.error)}
          </p>
        )}
        {rows.length > 0 && <FormRows rows={rows} onOpen={onOpen} />}
      </div>

      <NewFormDialog
        open={creating}
        onOpenChange={setCreating}
        taken={rows.map((row) => row.id)}
        onCreated={onOpen}
      />
    </section>
  );
}

const consentText = (row: FormSummary) => (row.consent ? 'Consent box' : 'No consent box');

function FormLink({ row, onOpen }: { row: FormSummary; onOpen: (id: string) => void }) {
  return (
    <a
      href={formUrl(row.id)}
      data-form-link={row.id}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(row.id);
      }}
      className="font-medium text-brand-800 underline-offset-4 hover:underline"
    >
      {row.title}
    </a>
  );
}

const Kind = ({ row }: { row: FormSummary }) => (
  <span
    className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
      row.builtIn ? 'bg-slate-100 text-slate-700' : 'bg-brand-50 text-brand-900'
    }`}
  >
    {row.builtIn ? 'Built-in' : 'Custom'}
  </span>
);

/** Where the form stands in review: nothing to say for a live form without a copy. */
const reviewState = (row: FormSummary) =>
  row.workingCopy?.state === 'in_review'
    ? 'In review'
    : row.workingCopy
      ? row.live === false
        ? 'Not published'
        : 'Working copy'
      : '';

const ReviewBadge = ({ row }: { row: FormSummary }) =>
  reviewState(row) ? (
    <span
      data-testid="form-review-badge"
      className="ml-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"
    >
      {reviewState(row)}
    </span>
  ) : null;

const saved = (row: FormSummary) =>
  row.updatedAt ? (
    <time dateTime={row.updatedAt}>{formatTime(row.updatedAt)}</time>
  ) : (
    <span className="text-slate-600">Never changed</span>
  );

function FormRows({ rows, onOpen }: { rows: FormSummary[]; onOpen: (id: string) => void }) {
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => row.id}
      label="Forms, the built-in ones first"
      testIds={{ table: 'forms-table', row: 'form-row', card: 'form-card' }}
      rowHeader
      columns={[
        {
          key: 'form',
          heading: 'Form',
          className: 'px-3 py-2 font-normal',
          cell: (row) => (
            <>
              <FormLink row={row} onOpen={onOpen} />
              <span className="block font-mono text-xs text-slate-600">{row.id}</span>
            </>
          ),
        },
        {
          key: 'kind',
          heading: 'Kind',
          cell: (row) => (
            <>
              <Kind row={row} />
              <ReviewBadge row={row} />
            </>
          ),
        },
        {
          key: 'fields',
          heading: 'Fields',
          className: 'px-3 py-2 tabular-nums',
          cell: (row) => row.fieldCount,
        },
        { key: 'consent', heading: 'Consent', cell: (row) => (row.consent ? 'Yes' : 'No') },
        { key: 'auto-reply', heading: 'Auto-reply', cell: (row) => (row.autoReply ? 'On' : 'Off') },
        {
          key: 'saved',
          heading: 'Last saved',
          className: 'px-3 py-2 whitespace-nowrap',
          cell: saved,
        },
      ]}
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <FormLink row={row} onOpen={onOpen} />
              <span className="block font-mono text-xs text-slate-600">{row.id}</span>
            </div>
            <span className="shrink-0 text-right">
              <Kind row={row} />
              <ReviewBadge row={row} />
            </span>
          </div>
          <p className="mt-1 text-slate-700">
            {row.fieldCount} field{row.fieldCount === 1 ? '' : 's'} · {consentText(row)} ·
            Auto-reply {row.autoReply ? 'on' : 'off'}
          </p>
          <p className="text-xs text-slate-600">Last saved: {saved(row)}</p>
        </>
      )}
    />
  );
}
