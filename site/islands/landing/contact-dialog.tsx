// The contact dialog of docs/requirements.md §2: general (Request Demo) or pricing (Get Pricing
// Information). Success is shown only once the server stored the lead (docs/requirements.md §10);
// the submission is the contact forms' hook (../use-contact-submit.ts).
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Icon } from './icons.tsx';
import { Honeypot } from '../honeypot.tsx';
import {
  useContactSubmit,
  type ContactFailure,
  type ContactValues,
} from '../use-contact-submit.ts';
import type { HttpError } from '../../lib/api-client.ts';

export type DialogFormType = 'general' | 'pricing';

export const SUCCESS_CLOSE_MS = 2000;

export const DIALOG_TEXT: Record<
  DialogFormType,
  { title: string; description: string; success: string }
> = {
  general: {
    title: 'Request Demo',
    description:
      'Tell us about your data program and a PharmaBridge specialist will arrange a tailored demo using your own contracts.',
    success: "Thank you! We'll get back to you shortly.",
  },
  pricing: {
    title: 'Get Pricing Information',
    description:
      'Tell us about your supplier network and we will prepare pricing for the plan that fits your program.',
    success: "Thank you! We'll get back to you shortly with pricing information.",
  },
};

type Field = 'name' | 'email' | 'company' | 'message';
const EMPTY: ContactValues<Field> = { name: '', email: '', company: '', message: '', website: '' };
const LABELS: Record<Field, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  message: 'Message',
};
const FIELDS = Object.keys(LABELS) as Field[];

interface Props {
  open: boolean;
  formType: DialogFormType;
  landingPageId: string;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Called once the server accepted the submission. */
  onSubmitted: (formType: DialogFormType) => void;
}

export function ContactDialog({
  open,
  formType,
  landingPageId,
  onOpenChange,
  returnFocusTo,
  onSubmitted,
}: Props) {
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = useId();
  const text = DIALOG_TEXT[formType];
  const contact = useContactSubmit({
    fields: FIELDS,
    empty: EMPTY,
    // The lead's source (referrer host, UTM tags) follows; the server adds the page's id.
    body: (values) => ({ ...values, formType, landingPageId }),
    failureText: {
      http: (error, fields) => {
        // docs/requirements.md §8: the error reads "status: body text"; the visitor gets a sentence.
        console.error(error.message);
        return describeFailure(error, fields);
      },
      network: (error) => {
        console.error('Contact submission failed', error);
        return 'We could not reach PharmaBridge. Please check your connection and try again; your details are still here.';
      },
    },
    onSent: () => {
      onSubmitted(formType);
      closeTimer.current = setTimeout(() => {
        contact.reset(true);
        onOpenChange(false);
      }, SUCCESS_CLOSE_MS);
    },
  });
  const { values, status, failure } = contact;

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      clearTimeout(closeTimer.current);
      // After a success the form is already spent: start the next visit fresh.
      contact.reset(status === 'sent');
    }
    onOpenChange(next);
  };

  const fieldProps = (field: Field) => {
    const errors = failure?.fields[field];
    return {
      id: `${ids}-${field}`,
      name: field,
      value: values[field],
      onChange: (e: { target: { value: string } }) => contact.setValue(field, e.target.value),
      'aria-invalid': errors ? true : undefined,
      'aria-describedby': errors ? `${ids}-${field}-error` : undefined,
      disabled: status !== 'idle',
      className:
        'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100',
    };
  };

  const fieldError = (field: Field) => {
    const errors = failure?.fields[field];
    if (!errors) return null;
    return (
      <p id={`${ids}-${field}-error`} className="mt-1 text-sm text-red-700">
        {LABELS[field]} {errors.join('; ')}.
      </p>
    );
  };

  const label = (field: Field, required = false) => (
    <label htmlFor={`${ids}-${field}`} className="block text-sm font-medium text-slate-800">
      {LABELS[field]}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="landing-dialog-overlay fixed inset-0 z-40 bg-ink/60" />
        <Dialog.Content
          className="landing-dialog fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none"
          data-form-type={formType}
          onOpenAutoFocus={(event) => {
            // Start where the visitor types, not on the close icon.
            event.preventDefault();
            nameInput.current?.focus();
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
              aria-label="Close"
            >
              <Icon name="close" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {/* Once sent, the form's instructions go: the confirmation becomes the description. */}
          {status === 'sent' ? (
            <Dialog.Description asChild>
              <p
                role="status"
                className="mt-6 flex items-start gap-3 rounded-lg bg-brand-50 p-4 font-medium text-brand-800"
              >
                <Icon name="check-circle" className="h-6 w-6 shrink-0" />
                {text.success}
              </p>
            </Dialog.Description>
          ) : (
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              {text.description}
            </Dialog.Description>
          )}

          {status === 'sent' ? null : (
            <form className="mt-6 space-y-4" onSubmit={contact.submit} noValidate={false}>
              {failure && (
                <div
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                >
                  {failure.message}
                </div>
              )}
              <div>
                {label('name', true)}
                <input
                  {...fieldProps('name')}
                  ref={nameInput}
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={200}
                />
                {fieldError('name')}
              </div>
              <div>
                {label('email', true)}
                <input
                  {...fieldProps('email')}
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                />
                {fieldError('email')}
              </div>
              <div>
                {label('company')}
                <input
                  {...fieldProps('company')}
                  type="text"
                  autoComplete="organization"
                  maxLength={200}
                />
                {fieldError('company')}
              </div>
              <div>
                {label('message')}
                <textarea {...fieldProps('message')} rows={4} maxLength={5000} />
                {fieldError('message')}
              </div>
              <Honeypot
                id={`${ids}-website`}
                value={values.website}
                onChange={(value) => contact.setValue('website', value)}
              />
              <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                <Dialog.Close
                  type="button"
                  className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-ink hover:border-brand-600"
                >
                  Cancel
                </Dialog.Close>
                <button
                  type="submit"
                  disabled={contact.submitDisabled}
                  className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
                >
                  {status === 'sending' ? 'Submitting...' : 'Submit'}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function describeFailure(
  { status, code, detail }: HttpError,
  fields: ContactFailure<Field>['fields'],
): ContactFailure<Field> {
  if (status === 400 && Object.keys(fields).length > 0) {
    return { message: 'Please correct the highlighted fields and submit again.', fields };
  }
  if (status === 429 && code) return { message: detail, fields };
  if (status === 413) {
    return { message: 'Your message is too long. Please shorten it and submit again.', fields };
  }
  return {
    message: `We could not send your request (error ${status}). Please try again in a moment; your details are still here.`,
    fields,
  };
}
