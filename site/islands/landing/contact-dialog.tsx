// The contact dialog of docs/requirements.md §2: general (Request Demo) or pricing (Get Pricing
// Information), its form rendered from a definition (issue 26,
// docs/decisions/0166-forms-on-the-public-site.md): the opener's form (a call-to-action button's or
// a gated download's `formId`), else the page's `content.formId` or the built-in demo-request for
// the general dialog, pricing-request for the pricing one. Its title is the form's
// (docs/decisions/0403-the-form-speaks-for-itself.md: a custom form's own title, docs/requirements.md's
// for the built-in ones), and once sent it shows the form's own success message, a gated
// download's link after it. Success is shown only once the server stored the lead
// (docs/requirements.md §10); the submission is the contact forms' hook (../use-contact-submit.ts),
// its checks shown beside each field, never as the browser's bubble. Its own words are the
// page's language (../forms/form-messages.ts, issue 39): the definition's locale, which
// ../forms/load-form.ts asked for from the page's <html lang>.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { DownloadLink } from '../../../functions/shared/assets.ts';
import type { PublicForm } from '../../../functions/shared/forms/public-form.ts';
import { CONTACT } from '../../components/site/contact-details.ts';
import { Icon } from './icons.tsx';
import { Honeypot } from '../honeypot.tsx';
import { FormFields } from '../forms/form-fields.tsx';
import { DIALOG_FORMS } from '../forms/load-form.ts';
import { controlOf, firstErrorKey, HONEYPOT_KEY } from '../forms/form-values.ts';
import { useContactSubmit } from '../use-contact-submit.ts';
import { landingFailureText } from '../forms/landing-failure.ts';
import { FORM_MESSAGES, formMessages, type FormMessages } from '../forms/form-messages.ts';

export type DialogFormType = 'general' | 'pricing';

export const SUCCESS_CLOSE_MS = 2000;

/** docs/requirements.md §2's dialogs: their titles (also the built-in forms' public titles) and words. */
export const DIALOG_TEXT: Record<DialogFormType, { title: string; description: string }> =
  FORM_MESSAGES.en.dialog;

/** The definition the dialog shows (dialog-host.tsx opens it once the request settled). */
export type DialogForm =
  { status: 'ready'; form: PublicForm } | { status: 'failed'; formId: string };

interface Props {
  open: boolean;
  formType: DialogFormType;
  form: DialogForm;
  landingPageId: string;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called once the server accepted the submission. */
  onSubmitted: (formType: DialogFormType) => void;
  /** A gated download's block (issue 27): sent with the form; success shows the link. */
  gate?: { slug: string; blockId: string } | undefined;
}

/** The dialog's words for a gated download (blocks/gated-asset/renderer.tsx), under the form's title. */
export const GATED_TEXT = { description: FORM_MESSAGES.en.gatedDescription };

/**
 * What the dialog says above the form: the form's title (PublicForm.title; the dialog's own
 * while the form could not be loaded), and a description where the dialog has one: a gated
 * download's, or docs/requirements.md's for its two built-in forms. A custom form has none of
 * its own (the model has no such text), so it gets none rather than the demo's words.
 */
export function dialogText(
  formType: DialogFormType,
  shown: DialogForm,
  gated: boolean,
  words: FormMessages = FORM_MESSAGES.en,
): { title: string; description: string | undefined } {
  const formId = shown.status === 'ready' ? shown.form.id : shown.formId;
  const own = (Object.keys(DIALOG_FORMS) as DialogFormType[]).find(
    (type) => DIALOG_FORMS[type] === formId,
  );
  return {
    title: (shown.status === 'ready' && shown.form.title) || words.dialog[own ?? formType].title,
    description: gated ? words.gatedDescription : own && words.dialog[own].description,
  };
}

/** The link of a gated submission's answer (functions/routes/contact.ts), if it has one. */
function downloadOf(answer: unknown): DownloadLink | undefined {
  const download = (answer as { download?: { url?: unknown; expiresAt?: unknown } } | null)
    ?.download;
  return typeof download?.url === 'string' && download.url.startsWith('/api/downloads/')
    ? { url: download.url, expiresAt: String(download.expiresAt) }
    : undefined;
}

export function ContactDialog({
  open,
  formType,
  form: shown,
  landingPageId,
  onOpenChange,
  returnFocusTo,
  onSubmitted,
  gate,
}: Props) {
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [download, setDownload] = useState<DownloadLink | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const form = shown.status === 'ready' ? shown.form : undefined;
  // The page's language: the definition's locale (asked for in the page's), else the page's.
  const words = formMessages(form?.locale);
  const text = dialogText(formType, shown, Boolean(gate), words);
  const contact = useContactSubmit({
    form,
    landingPageId,
    failureText: landingFailureText(words),
    extraBody: gate ? { gate } : undefined,
    onSent: (answer) => {
      onSubmitted(formType);
      const link = gate ? downloadOf(answer) : undefined;
      if (link) {
        // The link stays on screen (the dialog does not close) and the download starts.
        setDownload(link);
        window.location.assign(link.url);
        return;
      }
      closeTimer.current = setTimeout(() => {
        contact.reset(true);
        onOpenChange(false);
      }, SUCCESS_CLOSE_MS);
    },
    onFailure: ({ fields }) => {
      const first = form && firstErrorKey(form.fields, fields);
      if (first) controlOf(formRef.current, first)?.focus();
    },
  });
  const { values, status, failure } = contact;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      clearTimeout(closeTimer.current);
      // After a success the form is already spent: start the next visit fresh.
      contact.reset(status === 'sent');
      setDownload(undefined);
    }
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="landing-dialog-overlay fixed inset-0 z-40 bg-ink/60" />
        <Dialog.Content
          className="landing-dialog fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
          data-form-type={formType}
          data-form-id={form?.id}
          // No description to point at (a custom form's dialog before sending): none, which
          // also tells Radix that none is missing.
          {...(text.description || status === 'sent' ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // Start where the visitor types, not on the close icon.
            const first = formRef.current?.querySelector<HTMLElement>(
              'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea',
            );
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Opened from plain buttons (no Radix trigger): give focus back to the opener.
            const target = returnFocusTo?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-ink">{text.title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
              aria-label={words.close}
            >
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {/* Once sent, the form's instructions go: the confirmation becomes the description. */}
          {status === 'sent' && form && download ? (
            <Dialog.Description asChild>
              <div role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-brand-800">
                <p className="flex items-start gap-3 font-semibold">
                  <Icon name="check-circle" className="h-6 w-6 shrink-0" />
                  {form.successMessage}
                </p>
                <p className="mt-3 text-sm text-slate-700">
                  {words.downloadBefore}
                  <a className="font-semibold text-brand-800 underline" href={download.url}>
                    {words.downloadLink}
                  </a>
                  {words.downloadAfter}
                </p>
              </div>
            </Dialog.Description>
          ) : status === 'sent' && form ? (
            <Dialog.Description asChild>
              <p
                role="status"
                className="mt-6 flex items-start gap-3 rounded-lg bg-brand-50 p-4 font-medium text-brand-800"
              >
                <Icon name="check-circle" className="h-6 w-6 shrink-0" />
                {form.successMessage}
              </p>
            </Dialog.Description>
          ) : text.description ? (
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              {text.description}
            </Dialog.Description>
          ) : null}

          {!form ? (
            <FormUnavailable words={words} />
          ) : status === 'sent' && download ? (
            <div className="mt-6 flex justify-end">
              <Dialog.Close
                type="button"
                className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-ink hover:border-brand-600"
              >
                {words.close}
              </Dialog.Close>
            </div>
          ) : status === 'sent' ? null : (
            <form
              ref={formRef}
              className="mt-6 space-y-4"
              onSubmit={contact.submit}
              // The form's own checks, each beside its field (forms/form-values.ts checkValues),
              // instead of the browser's bubble.
              noValidate
            >
              {failure && (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                >
                  {failure.message}
                </div>
              )}
              <FormFields
                form={form}
                idPrefix={ids}
                look="dialog"
                values={values}
                onChange={contact.setValue}
                errors={failure?.fields}
                disabled={status !== 'idle'}
              >
                <Honeypot
                  id={`${ids}-website`}
                  value={String(values[HONEYPOT_KEY] ?? '')}
                  onChange={(value) => contact.setValue(HONEYPOT_KEY, value)}
                />
              </FormFields>
              <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                <Dialog.Close
                  type="button"
                  className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-ink hover:border-brand-600"
                >
                  {words.cancel}
                </Dialog.Close>
                <button
                  type="submit"
                  disabled={contact.submitDisabled}
                  className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
                >
                  {status === 'sending' ? words.submitting : form.submitLabel}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The form could not be loaded: a sentence and the address that always works. */
function FormUnavailable({ words }: { words: FormMessages }) {
  return (
    <div className="mt-6 space-y-4">
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      >
        {words.unavailableDialog}
        <a className="font-semibold underline" href={`mailto:${CONTACT.email}`}>
          {CONTACT.email}
        </a>
        .
      </p>
      <div className="flex justify-end">
        <Dialog.Close
          type="button"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-ink hover:border-brand-600"
        >
          {words.close}
        </Dialog.Close>
      </div>
    </div>
  );
}
