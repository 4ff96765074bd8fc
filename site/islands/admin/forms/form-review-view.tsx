// The Forms view for roles that review but do not edit (issue 33): /admin/forms lists the
// forms whose working copy waits for approvals (GET /api/admin/form-reviews), and
// /admin/forms?form=<id> shows one read-only: its review (form-review-panel.tsx, where the
// reviewer signs), every text the working copy would give visitors (consent, thanks,
// auto-reply), and the form drawn by the public renderer (form-preview.tsx).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { describeError, formatTime } from '../api.ts';
import { viewUrl } from '../route.ts';
import { Button } from '../ui.tsx';
import { Section, ViewHeader } from './controls.tsx';
import { FormPreview } from './form-preview.tsx';
import { FormReviewPanel } from './form-review-panel.tsx';
import { FORM_REVIEWS_KEY, listFormReviews, type FormState } from '../common/forms-api.ts';

function Text({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </div>
  );
}

export function FormReviewView({ state, onClose }: { state: FormState; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = state.form;
  return (
    <section aria-labelledby="form-review-view-heading" data-testid="form-review-view">
      <ViewHeader
        id="form-review-view-heading"
        title={form.title}
        headingRef={heading}
        above={
          <p className="text-sm text-slate-600">
            Forms <span aria-hidden="true">›</span> <span className="font-mono">{state.id}</span>
          </p>
        }
        actions={
          <Button onClick={onClose}>
            <span aria-hidden="true">←</span> Forms in review
          </Button>
        }
      >
        <p className="mt-1 text-sm text-slate-600">
          Read only: your role reviews forms; editors change them.
        </p>
      </ViewHeader>
      <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid min-w-0 gap-6">
          <FormReviewPanel initial={state} />
          <Section
            title="Texts visitors get"
            id="form-texts-heading"
            description={state.workingCopy ? 'From the working copy.' : 'From the live form.'}
          >
            <dl className="grid gap-3 text-sm">
              <Text term="Consent text">{form.consent.text || 'None (no consent box)'}</Text>
              <Text term="Consent required">{form.consent.required ? 'Yes' : 'No'}</Text>
              <Text term="Privacy notice">{form.consent.privacyUrl || 'None'}</Text>
              <Text term="Submit button">{form.submitLabel}</Text>
              <Text term="Success message">{form.successMessage}</Text>
              <Text term="Auto-reply">
                {form.autoReply.enabled
                  ? `${form.autoReply.subject}\n\n${form.autoReply.body}`
                  : 'Off'}
              </Text>
            </dl>
          </Section>
        </div>
        <div className="min-w-0 lg:sticky lg:top-4">
          <FormPreview form={form} formId={state.id} />
        </div>
      </div>
    </section>
  );
}

/** The reviewers' list: the forms waiting for approvals, oldest submission first. */
export function ReviewQueue({
  onOpen,
  onBack,
  returnTo,
}: {
  onOpen: (id: string) => void;
  onBack: () => void;
  returnTo: string | undefined;
}) {
  const queue = useQuery({
    queryKey: FORM_REVIEWS_KEY,
    queryFn: listFormReviews,
    refetchOnMount: 'always',
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const link = returnTo
      ? list.current?.querySelector<HTMLElement>(`[data-form-link="${returnTo}"]`)
      : undefined;
    (link ?? heading.current)?.focus();
  }, [returnTo, queue.data]);
  return (
    <section aria-labelledby="forms-heading" data-testid="form-review-queue">
      <ViewHeader
        id="forms-heading"
        title="Forms in review"
        headingRef={heading}
        actions={
          <Button onClick={onBack}>
            <span aria-hidden="true">←</span> Back to pages
          </Button>
        }
      >
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Forms whose changes wait for your approval. Visitors keep the live form until a change is
          approved and published.
        </p>
      </ViewHeader>
      <div className="mt-6">
        {queue.isPending && <p role="status">Loading forms...</p>}
        {queue.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            The forms in review could not be loaded: {describeError(queue.error)}
          </p>
        )}
        {queue.data?.length === 0 && (
          <p className="text-slate-700">No form is waiting for a review.</p>
        )}
        {queue.data && queue.data.length > 0 && (
          <ul ref={list} className="grid gap-2" aria-label="Forms in review">
            {queue.data.map((row) => (
              <li
                key={row.id}
                data-testid="form-review-row"
                className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
              >
                <a
                  href={viewUrl('forms', { form: row.id })}
                  data-form-link={row.id}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                      return;
                    event.preventDefault();
                    onOpen(row.id);
                  }}
                  className="font-medium text-brand-800 underline-offset-4 hover:underline"
                >
                  {row.title}
                </a>{' '}
                <span className="font-mono text-xs text-slate-600">{row.id}</span>
                <p className="text-slate-700">
                  Working copy revision {row.revision}
                  {row.submittedAt
                    ? `, submitted ${formatTime(row.submittedAt)}${row.submittedBy ? ` by ${row.submittedBy}` : ''}`
                    : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
