// The contact page form (/contact, /demo, /site/contact) and the pilot request form
// (/pilot): checks the input with the shared schema, posts it to /api/contact through the
// contact forms' hook (../use-contact-submit.ts), keeps docs/requirements.md's 'Sending...'
// state for at least a second, then confirms in the page (role=status) and resets every field.
import { useId, useRef, type ChangeEvent } from 'react';
import {
  contactSubmissionSchema,
  INQUIRY_LABELS,
  INQUIRY_TYPES,
  type ContactSubmissionInput,
} from '../../../functions/shared/contact.ts';
import { Honeypot } from '../honeypot.tsx';
import {
  firstFieldWithError,
  useContactSubmit,
  type ContactFieldErrors,
  type ContactValues,
} from '../use-contact-submit.ts';

export const SUCCESS_MESSAGE = "Thank you for your inquiry! We'll get back to you within 24 hours.";
export const PILOT_SUCCESS_MESSAGE =
  "Thank you for your free trial request! We'll get back to you within 24 hours to plan your 30-day free trial.";
/** docs/requirements.md §9: the submit feels like it takes about a second, even on a fast network. */
export const MINIMUM_SENDING_MS = 1000;

type FieldName = 'name' | 'email' | 'company' | 'role' | 'inquiryType' | 'message';

const EMPTY: ContactValues<FieldName> = {
  name: '',
  email: '',
  company: '',
  role: '',
  inquiryType: 'demo',
  message: '',
  website: '',
};

const LABELS: Record<FieldName, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  role: 'Role',
  inquiryType: 'Inquiry type',
  message: 'Message',
};
const FIELDS = Object.keys(LABELS) as FieldName[];
const CORRECT_FIELDS = 'Please correct the highlighted fields.';

interface Props {
  formType: 'contact-page' | 'pilot';
  /** Where the general error points people when the form cannot be sent. */
  fallbackEmail: string;
}

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && value in LABELS;
}

export function ContactForm({ formType, fallbackEmail }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const isPilot = formType === 'pilot';
  const contact = useContactSubmit({
    fields: FIELDS,
    empty: EMPTY,
    // The visit's attribution (docs/decisions.md, Analytics) follows these.
    body: (values): ContactSubmissionInput => ({
      formType,
      name: values.name,
      email: values.email,
      company: values.company,
      role: values.role,
      message: values.message,
      ...(isPilot ? {} : { inquiryType: values.inquiryType as (typeof INQUIRY_TYPES)[number] }),
      ...(values.website ? { website: values.website } : {}),
    }),
    validate: (body) => {
      const checked = contactSubmissionSchema.safeParse(body);
      if (checked.success) return undefined;
      const fields: ContactFieldErrors<FieldName> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) (fields[field] ??= []).push(issue.message);
      }
      return { message: CORRECT_FIELDS, fields };
    },
    minimumMs: MINIMUM_SENDING_MS,
    failureText: {
      http: (error, fields) => {
        if (error.status === 400) return { message: CORRECT_FIELDS, fields };
        if (error.status === 429) {
          // The server's message already says when to retry; Retry-After is the fallback.
          const minutes = error.retryAfter ? Math.ceil(error.retryAfter / 60) : 10;
          const message = error.code
            ? error.detail
            : `Too many submissions; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
          return { message, fields: {} };
        }
        return {
          message: `We could not send your message. Please try again, or email us at ${fallbackEmail}.`,
          fields: {},
        };
      },
      network: () =>
        `We could not reach our servers. Check your connection and try again, or email us at ${fallbackEmail}.`,
    },
    clearWhenSent: true,
    onFailure: ({ fields }) => {
      const first = firstFieldWithError(fields, FIELDS);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    },
  });
  const { values, failure } = contact;
  const fieldErrors = failure?.fields ?? {};
  const sending = contact.status === 'sending';

  const update = (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => {
    const { name, value } = event.target;
    if (!isFieldName(name)) return;
    contact.setValue(name, value);
    contact.clearFieldError(name);
  };

  const fieldProps = (name: FieldName) => {
    const errors = fieldErrors[name];
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: update,
      'aria-invalid': errors?.length ? true : undefined,
      'aria-describedby': errors?.length ? `${id}-${name}-error` : undefined,
      className:
        'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700 aria-[invalid=true]:border-red-700',
    };
  };

  const label = (name: FieldName, required: boolean) => (
    <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-ink">
      {LABELS[name]}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );

  const errorText = (name: FieldName) =>
    fieldErrors[name]?.length ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700" data-field-error={name}>
        {LABELS[name]} {fieldErrors[name].join(', ')}.
      </p>
    ) : null;

  return (
    <form ref={formRef} onSubmit={contact.submit} className="space-y-5" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label('name', true)}
          <input type="text" autoComplete="name" required {...fieldProps('name')} />
          {errorText('name')}
        </div>
        <div>
          {label('email', true)}
          <input type="email" autoComplete="email" required {...fieldProps('email')} />
          {errorText('email')}
        </div>
        <div>
          {label('company', true)}
          <input type="text" autoComplete="organization" required {...fieldProps('company')} />
          {errorText('company')}
        </div>
        <div>
          {label('role', false)}
          <input type="text" autoComplete="organization-title" {...fieldProps('role')} />
          {errorText('role')}
        </div>
      </div>
      {!isPilot && (
        <div>
          {label('inquiryType', false)}
          <select {...fieldProps('inquiryType')}>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {INQUIRY_LABELS[type]}
              </option>
            ))}
          </select>
          {errorText('inquiryType')}
        </div>
      )}
      <div>
        {label('message', !isPilot)}
        <textarea rows={6} required={!isPilot} {...fieldProps('message')} />
        {isPilot && (
          <p className="mt-1 text-sm text-slate-700">
            Optional: which suppliers and data contracts would you like to include?
          </p>
        )}
        {errorText('message')}
      </div>
      <Honeypot
        id={`${id}-website`}
        value={values.website}
        onChange={(website) => contact.setValue('website', website)}
      />
      {failure?.message && (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
        >
          {failure.message}
        </p>
      )}
      <button
        type="submit"
        disabled={contact.submitDisabled}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {sending ? 'Sending...' : isPilot ? 'Start Free Trial' : 'Send Message'}
      </button>
      <div role="status" className="text-brand-800">
        {contact.status === 'sent' && (
          <p className="rounded-md border border-brand-400 bg-brand-50 p-3 font-medium">
            {isPilot ? PILOT_SUCCESS_MESSAGE : SUCCESS_MESSAGE}
          </p>
        )}
      </div>
    </form>
  );
}
