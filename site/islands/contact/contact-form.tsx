// The contact page form (/contact, /demo, /site/contact: the built-in form `contact`) and the
// pilot request form (/pilot: `pilot-request`), rendered from their definitions (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the page is prerendered with the definition
// the build read, and once hydrated the island asks GET /api/forms/:id (cached a minute) and
// re-renders if the team changed the form since. It posts through the contact forms' hook
// (../use-contact-submit.ts), keeps docs/requirements.md's 'Sending...' state for at least a
// second, then confirms in the page (role=status) with the form's success message and resets
// every field. In the page's locale (issue 39): the build passes the definition in it (its
// `locale`), the island asks for the page's (<html lang>) and says its own words in that
// language (../forms/form-messages.ts).
import { useEffect, useId, useRef, useState } from 'react';
import type { PublicForm } from '../../../functions/shared/forms/public-form.ts';
import { Honeypot } from '../honeypot.tsx';
import { FormFields } from '../forms/form-fields.tsx';
import { controlOf, firstErrorKey, HONEYPOT_KEY } from '../forms/form-values.ts';
import { FORM_MESSAGES, formMessages } from '../forms/form-messages.ts';
import { loadPublicForm } from '../forms/load-form.ts';
import { DEFAULT_PAGE_LOCALE } from '../forms/page-locale.ts';
import { useContactSubmit } from '../use-contact-submit.ts';

/** docs/requirements.md §9: the submit feels like it takes about a second, even on a fast network. */
export const MINIMUM_SENDING_MS = 1000;

interface Props {
  /**
   * The definition the build read (functions/site-data/forms.ts readPublicForm, in the page's
   * locale): its `locale` picks the form's own words, the same in the build and the browser.
   */
  form: PublicForm;
  /** Where the general error points people when the form cannot be sent. */
  fallbackEmail: string;
}

export function ContactForm({ form: built, fallbackEmail }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(built);
  const words = formMessages(form.locale ?? DEFAULT_PAGE_LOCALE);

  useEffect(() => {
    let live = true;
    // The page's locale (its <html lang>): a German page gets the German definition.
    loadPublicForm(built.id).then(
      (latest) => {
        // Only a real change re-renders (and carries the typed values over).
        if (live && JSON.stringify(latest) !== JSON.stringify(built)) setForm(latest);
      },
      // The prerendered definition is at most one build old: keep it.
      (error: unknown) => console.error('Failed to refresh the form definition', error),
    );
    return () => {
      live = false;
    };
  }, [built]);

  const contact = useContactSubmit({
    form,
    minimumMs: MINIMUM_SENDING_MS,
    failureText: {
      check: words.correctFieldsPage,
      http: (error, { fields, unplaced }) => {
        if (error.status === 400 && Object.keys(fields).length > 0 && unplaced.length === 0) {
          return { message: words.correctFieldsPage, fields };
        }
        if (error.status === 400 && unplaced.length > 0) {
          // A field the visitor cannot see (a hidden one) was refused: nothing they can correct.
          return { message: words.pageFormProblem(fallbackEmail), fields };
        }
        if (error.status === 429) {
          // The server's message (English) already says when to retry; Retry-After is the fallback.
          const minutes = error.retryAfter ? Math.ceil(error.retryAfter / 60) : 10;
          const message =
            error.code && words === FORM_MESSAGES.en ? error.detail : words.tooMany(minutes);
          return { message, fields: {} };
        }
        return { message: words.pageFailed(fallbackEmail), fields };
      },
      network: () => words.pageNetwork(fallbackEmail),
    },
    clearWhenSent: true,
    onFailure: ({ fields }) => {
      const first = firstErrorKey(form.fields, fields);
      if (first) controlOf(formRef.current, first)?.focus();
    },
  });
  const { values, failure } = contact;
  const sending = contact.status === 'sending';

  return (
    <form
      ref={formRef}
      onSubmit={contact.submit}
      className="space-y-5"
      aria-busy={sending}
      data-form-id={form.id}
    >
      <FormFields
        form={form}
        idPrefix={id}
        look="page"
        values={values}
        onChange={contact.setValue}
        errors={failure?.fields}
        submit={{ sending, sendingLabel: words.sending, disabled: contact.submitDisabled }}
      >
        <Honeypot
          id={`${id}-website`}
          value={String(values[HONEYPOT_KEY] ?? '')}
          onChange={(website) => contact.setValue(HONEYPOT_KEY, website)}
        />
        {failure?.message && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {failure.message}
          </p>
        )}
      </FormFields>
      <div role="status" className="text-brand-800">
        {contact.status === 'sent' && (
          <p className="rounded-md border border-brand-400 bg-brand-50 p-3 font-medium">
            {form.successMessage}
          </p>
        )}
      </div>
    </form>
  );
}
