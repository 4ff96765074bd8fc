// The one submission of the public forms (docs/requirements.md §2, issue 26), shared by the
// landing page's contact dialog (site/islands/landing/contact-dialog.tsx), its form blocks
// (site/islands/landing/blocks/form/inline-form.tsx) and the contact and pilot pages' form
// (site/islands/contact/contact-form.tsx), beside their honeypot
// (honeypot.tsx). Each renders a form definition (site/islands/forms/form-fields.tsx); this
// hook keeps its values (carried over when a newer definition arrives), builds POST
// /api/contact's form body `{formId, fields, consent, consentVersion, landingPageId,
// attribution, variantId, experimentId, website, locale}` (`locale`: the definition's, issue 39) with hidden fields filled from the page,
// checks what the browser's own checks let through, keeps the minimum sending time
// (docs/requirements.md §9) and the idle / sending / sent state, and turns a failure into the
// form's own sentence with the API's field errors placed beside the fields the visitor sees
// (an error on a hidden field is only the sentence). The submit button stays disabled until
// hydrated. Each form keeps its sentences and what follows a success (the dialog reports the
// conversion and closes, the page confirms). No zod here: the dialog loads on the landing
// page, which ships none.
import { useState, useSyncExternalStore, type SubmitEvent } from 'react';
import type { PublicForm } from '../../functions/shared/forms/public-form.ts';
import { apiFetch, HttpError } from '../lib/api-client.ts';
import {
  carryValues,
  checkValues,
  fillValue,
  formBody,
  initialValues,
  placeServerErrors,
  type FormBody,
  type FormErrors,
  type FormValue,
  type FormValues,
  type PageFacts,
} from './forms/form-values.ts';
import {
  attributionField,
  pageIdFromPath,
  servedVariant,
  trackingAllowed,
} from './landing/tracking.ts';

/** What a form shows after a failed submission: a sentence (role=alert) and field errors. */
export interface ContactFailure {
  message: string;
  fields: FormErrors;
}

export type ContactStatus = 'idle' | 'sending' | 'sent';

/** The API's field errors for this form: those beside a visible field, and the other keys. */
export interface PlacedErrors {
  fields: FormErrors;
  unplaced: string[];
}

/** How a form fails, in its own words. */
export interface ContactFailureText {
  /** The API answered with an error; `placed` holds its field errors as this form shows them. */
  http: (error: HttpError, placed: PlacedErrors) => ContactFailure;
  /** The API could not be reached (or the answer could not be read). */
  network: (error: unknown) => string;
  /** A field error the browser let through (a required field of spaces only). */
  check: string;
}

/** The form being filled: a public definition (GET /api/forms/:id). */
export type SubmitForm = Pick<PublicForm, 'id' | 'fields' | 'consent' | 'submitLabel' | 'locale'>;

export interface ContactSubmitOptions {
  /** The definition on screen; undefined while the dialog waits for it. */
  form: SubmitForm | undefined;
  /** docs/requirements.md §7's landingPageId, for the dialog of a landing page. */
  landingPageId?: string | undefined;
  /** The sending state lasts at least this long, whatever the answer (0: no minimum). */
  minimumMs?: number;
  failureText: ContactFailureText;
  /** Empty the fields as soon as the submission is stored. */
  clearWhenSent?: boolean;
  /**
   * What the visitor typed before this form went live (a form block's prerendered fields,
   * landing/blocks/form/form-block-host.tsx): kept where it fits the definition.
   */
  startValues?: FormValues | undefined;
  /** Sent beside the form's body (a gated download's `gate`, issue 27). */
  extraBody?: Record<string, unknown> | undefined;
  /** Called once the server stored the submission, with its answer. */
  onSent?: (answer: unknown) => void;
  /** Called with every failure, as it is set (for instance to focus the first field). */
  onFailure?: (failure: ContactFailure) => void;
}

/**
 * What hidden fields are filled from on this page. The URL's parameters and the experiment
 * variant are the visit's attribution: nothing of them for a visitor who opted out
 * (docs/decisions/0079-attribution.md); the page's id and path are facts of the form itself.
 */
export function pageFacts(): PageFacts {
  const allowed = trackingAllowed();
  return {
    search: allowed ? window.location.search : '',
    pageId: pageIdFromPath(window.location.pathname),
    path: window.location.pathname,
    variantId: allowed ? servedVariant()?.variantId : undefined,
  };
}

/** The values with every hidden field filled from `facts` (again, at sending time). */
export function withHiddenValues(
  form: SubmitForm,
  values: FormValues,
  facts: PageFacts,
): FormValues {
  const next = { ...values };
  for (const field of form.fields) {
    if (field.type === 'hidden') {
      next[field.name] = fillValue(field.fill, facts).slice(0, field.maxLength ?? 500);
    }
  }
  return next;
}

type Attributed = FormBody & ReturnType<typeof attributionField>;

/** The body to send (the form's, then the attribution), or the failure that stops it. */
export function prepareContact(
  form: SubmitForm,
  values: FormValues,
  options: Pick<ContactSubmitOptions, 'landingPageId' | 'failureText'>,
  attribution: ReturnType<typeof attributionField>,
): { body: Attributed } | { failure: ContactFailure } {
  const errors = checkValues(form, values);
  if (Object.keys(errors).length > 0) {
    return { failure: { message: options.failureText.check, fields: errors } };
  }
  return { body: { ...formBody(form, values, options.landingPageId), ...attribution } };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `work` gives, once at least `ms` have passed, whether it succeeds or fails. */
export async function atLeast<T>(work: Promise<T>, ms: number): Promise<T> {
  if (ms <= 0) return work;
  const [settled] = await Promise.allSettled([work, delay(ms)]);
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/** Posts `body` to /api/contact: nothing once stored, else the failure to show. */
export async function sendContact(
  body: object,
  form: SubmitForm,
  options: Pick<ContactSubmitOptions, 'minimumMs' | 'failureText'>,
  onAnswer?: (answer: unknown) => void,
): Promise<ContactFailure | undefined> {
  try {
    const answer: unknown = await atLeast(
      apiFetch('POST', '/api/contact', body),
      options.minimumMs ?? 0,
    );
    onAnswer?.(answer);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) {
      return options.failureText.http(error, placeServerErrors(form.fields, error.fields));
    }
    return { message: options.failureText.network(error), fields: {} };
  }
}

const noSubscription = () => () => {};
/**
 * False in the prerendered HTML and during hydration, true once React runs in the browser
 * (at once for a root React renders itself, like the dialog's): until then the submit
 * button stays disabled, so a click can never fall back to a native GET submission that
 * would put the visitor's details in the URL.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function useContactSubmit(options: ContactSubmitOptions) {
  const { form } = options;
  // Hidden fields are empty in the state (and the prerendered HTML), filled as they are shown.
  const [values, setValues] = useState<FormValues>(() =>
    form
      ? options.startValues
        ? carryValues(form.fields, options.startValues)
        : initialValues(form.fields)
      : {},
  );
  // A newer definition (or the first, for the dialog): what was typed stays where it fits.
  const [valuesOf, setValuesOf] = useState(form);
  if (form !== valuesOf) {
    setValuesOf(form);
    if (form) {
      setValues(valuesOf ? carryValues(form.fields, values) : initialValues(form.fields));
    }
  }
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [failure, setFailure] = useState<ContactFailure | undefined>();
  const hydrated = useHydrated();

  const fail = (next: ContactFailure) => {
    setFailure(next);
    setStatus('idle');
    options.onFailure?.(next);
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending' || !form) return;
    setFailure(undefined);
    const filled = withHiddenValues(form, values, pageFacts());
    const prepared = prepareContact(form, filled, options, attributionField());
    if ('failure' in prepared) return fail(prepared.failure);
    setStatus('sending');
    let answer: unknown;
    const failed = await sendContact(
      { ...prepared.body, ...options.extraBody },
      form,
      options,
      (received) => (answer = received),
    );
    if (failed) return fail(failed);
    if (options.clearWhenSent) setValues(initialValues(form.fields, pageFacts()));
    setStatus('sent');
    options.onSent?.(answer);
  }

  return {
    /** The values on screen: hidden fields filled from the page once hydrated. */
    values: hydrated && form ? withHiddenValues(form, values, pageFacts()) : values,
    status,
    failure,
    submit,
    /** The submit button waits for hydration, the definition and the submission under way. */
    submitDisabled: status === 'sending' || !hydrated || !form,
    /** Sets one value and drops its error (the visitor is correcting it). */
    setValue: (name: string, value: FormValue) => {
      setValues((current) => ({ ...current, [name]: value }));
      setFailure((current) =>
        current?.fields[name]
          ? { ...current, fields: { ...current.fields, [name]: undefined } }
          : current,
      );
    },
    /** Back to idle without a failure; `clearValues` empties the fields too. */
    reset: (clearValues: boolean) => {
      setFailure(undefined);
      setStatus('idle');
      if (clearValues && form) setValues(initialValues(form.fields, pageFacts()));
    },
  };
}
