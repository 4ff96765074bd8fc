// A form block's form (issue 35, docs/decisions/0400-form-block.md): a definition of the Forms tab
// drawn by the public forms' one renderer (site/islands/forms/form-fields.tsx) and sent through
// their one submission (site/islands/use-contact-submit.ts), as the dialog does: the same checks,
// each beside its field (never the browser's bubble), hidden fields filled from the URL and the
// page, the consent with its version, the dialog's sentences when sending fails. Once the lead is
// stored, the form's own success message takes the form's place and gets the focus.
//
// Three lives: prerendered by the build with its definition (the submit button disabled until
// live), then brought to life by form-block-host.tsx with what the visitor typed so far; live in
// the browser at once on /legacy, asking for its definition; and in previews, drawn and never sent.
// Whenever it runs, it asks GET /api/forms/:id (cached a minute) and shows a newer definition,
// in the page's locale (its <html lang>, issue 39); its own words follow the definition's locale
// (../../../forms/form-messages.ts), so the build's prerender and the live form agree.
import { useEffect, useRef, useState } from 'react';
import type { PublicForm } from '../../../../../functions/shared/forms/public-form.ts';
import { CONTACT } from '../../../../components/site/contact-details.ts';
import { FormFields } from '../../../forms/form-fields.tsx';
import {
  controlOf,
  firstErrorKey,
  HONEYPOT_KEY,
  type FormValues,
} from '../../../forms/form-values.ts';
import { formMessages } from '../../../forms/form-messages.ts';
import { landingFailureText } from '../../../forms/landing-failure.ts';
import { loadPublicForm } from '../../../forms/load-form.ts';
import { Honeypot } from '../../../honeypot.tsx';
import { useContactSubmit } from '../../../use-contact-submit.ts';
import { Icon } from '../../icons.tsx';
import { pageIdFromPath, track } from '../../tracking.ts';

/** `page`: a visitor's page, which sends. `preview`: an editor's or reviewer's, never sent. */
export type InlineFormMode = 'page' | 'preview';

export interface InlineFormProps {
  formId: string;
  /** The definition the build read; undefined: asked for once running. */
  form: PublicForm | undefined;
  /** Every control's id starts with it (the same prerendered and live). */
  idPrefix: string;
  /** The block's heading, which names the form; without one, the form's title does. */
  labelledBy?: string | undefined;
  mode: InlineFormMode;
  /** What the visitor typed into the prerendered form before it went live. */
  startValues?: FormValues | undefined;
  /** docs/requirements.md §7's flag gating the submission event (on by default). */
  trackConversions?: boolean | undefined;
}

/** The prefix of a form block's control ids: the same prerendered and live, so focus is kept. */
export const formIdPrefix = (blockId: string) => `form-${blockId}`;

const pageId = () => pageIdFromPath(window.location.pathname);

export function InlineForm(props: InlineFormProps) {
  const { formId, idPrefix, labelledBy, mode } = props;
  const [form, setForm] = useState(props.form);
  const [unavailable, setUnavailable] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const preview = mode === 'preview';
  // Without a definition yet (a live form asking for it), the page's language.
  const words = formMessages(form?.locale);

  useEffect(() => {
    let live = true;
    loadPublicForm(formId).then(
      (latest) => {
        // Only a real change re-renders (and carries the typed values over).
        if (live)
          setForm((shown) => (JSON.stringify(shown) === JSON.stringify(latest) ? shown : latest));
      },
      (error: unknown) => {
        // A prerendered definition is at most one build old: keep it.
        console.error(`Failed to load the form ${formId}`, error);
        if (live) setUnavailable(true);
      },
    );
    return () => {
      live = false;
    };
  }, [formId]);

  const contact = useContactSubmit({
    form,
    // docs/requirements.md §7's landingPageId (none while the build renders the form).
    landingPageId: typeof window === 'undefined' ? undefined : pageId(),
    failureText: landingFailureText(words),
    startValues: props.startValues,
    onSent: () => {
      if (props.trackConversions ?? true) {
        track(pageId(), 'contact_form_submit', { source: 'form_block' });
      }
    },
    onFailure: ({ fields }) => {
      const first = form && firstErrorKey(form.fields, fields);
      if (first) controlOf(formRef.current, first)?.focus();
    },
  });
  const { values, status, failure } = contact;
  const sent = status === 'sent';

  // The submit button is gone once sent: the confirmation takes the focus.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <>
      {!form ? (
        unavailable ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            {words.unavailableBlock}
            <a className="font-semibold underline" href={`mailto:${CONTACT.email}`}>
              {CONTACT.email}
            </a>
            .
          </p>
        ) : (
          <p className="text-sm text-slate-700">{words.loading}</p>
        )
      ) : sent ? null : (
        <form
          ref={formRef}
          className="space-y-5"
          data-form-id={form.id}
          {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': form.title })}
          aria-busy={status === 'sending'}
          onSubmit={(event) => {
            if (preview) event.preventDefault();
            else void contact.submit(event);
          }}
          // The form's own checks, each beside its field (forms/form-values.ts checkValues).
          noValidate
        >
          {failure && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              {failure.message}
            </p>
          )}
          <FormFields
            form={form}
            idPrefix={idPrefix}
            look="page"
            values={values}
            onChange={contact.setValue}
            errors={failure?.fields}
            disabled={status === 'sending'}
            submit={{
              sending: status === 'sending',
              sendingLabel: words.sending,
              disabled: contact.submitDisabled || preview,
            }}
          >
            <Honeypot
              id={`${idPrefix}-website`}
              value={String(values[HONEYPOT_KEY] ?? '')}
              onChange={(value) => contact.setValue(HONEYPOT_KEY, value)}
            />
          </FormFields>
          {preview && <p className="text-sm text-slate-600">{words.previewNote}</p>}
        </form>
      )}
      <div role="status">
        {sent && form && (
          <p
            ref={sentRef}
            tabIndex={-1}
            className="flex items-start gap-3 rounded-lg bg-brand-50 p-4 font-medium text-brand-800"
          >
            <Icon name="check-circle" className="h-6 w-6 shrink-0" />
            {form.successMessage}
          </p>
        )}
      </div>
    </>
  );
}
