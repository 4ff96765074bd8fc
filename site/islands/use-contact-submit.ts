// The one submission of the contact forms (docs/requirements.md §2), shared by the
// landing page's contact dialog (site/islands/landing/contact-dialog.tsx) and the contact
// and pilot pages' form (site/islands/contact/contact-form.tsx), beside their honeypot
// (honeypot.tsx): the typed values, the body with the visit's attribution, an optional
// check before sending, POST /api/contact through the islands' client, the minimum
// sending time (docs/requirements.md §9), the idle / sending / sent state, a failure as the
// form's own sentence with the API's field errors for the form's fields, and the submit
// button disabled until hydrated. Each form keeps its markup, its sentences and what
// follows a success (the dialog reports the conversion and closes, the page confirms).
// No zod here: the dialog loads on the landing page, which ships none.
import { useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { apiFetch, HttpError, type FieldErrors } from '../lib/api-client.ts';
import { attributionField } from './landing/tracking.ts';

/** A form's values: its fields and the honeypot. */
export type ContactValues<F extends string> = Record<F | 'website', string>;
export type ContactFieldErrors<F extends string> = Partial<Record<F, string[]>>;
type Attributed<B> = B & ReturnType<typeof attributionField>;

/** What a form shows after a failed submission: a sentence (role=alert) and field errors. */
export interface ContactFailure<F extends string> {
  message: string;
  fields: ContactFieldErrors<F>;
}

export type ContactStatus = 'idle' | 'sending' | 'sent';

/** How a form fails, in its own words. */
export interface ContactFailureText<F extends string> {
  /** The API answered with an error; `fields` holds its field errors for this form's fields. */
  http: (error: HttpError, fields: ContactFieldErrors<F>) => ContactFailure<F>;
  /** The API could not be reached (or the answer could not be read). */
  network: (error: unknown) => string;
}

export interface ContactSubmitOptions<F extends string, B extends object> {
  /** The form's fields in their order on screen; field errors for others are dropped. */
  fields: readonly F[];
  /** The values of the empty form. */
  empty: ContactValues<F>;
  /** The request body for these values; the visit's attribution is added after it. */
  body: (values: ContactValues<F>) => B;
  /** Checks the body before anything is sent: a failure stops the submission. */
  validate?: (body: Attributed<B>) => ContactFailure<F> | undefined;
  /** The sending state lasts at least this long, whatever the answer (0: no minimum). */
  minimumMs?: number;
  failureText: ContactFailureText<F>;
  /** Empty the fields as soon as the submission is stored. */
  clearWhenSent?: boolean;
  /** Called once the server stored the submission. */
  onSent?: () => void;
  /** Called with every failure, as it is set (for instance to focus the first field). */
  onFailure?: (failure: ContactFailure<F>) => void;
}

/** The field errors of the API's envelope that belong to `fields`. */
export function fieldErrorsFor<F extends string>(
  errors: FieldErrors,
  fields: readonly F[],
): ContactFieldErrors<F> {
  const result: ContactFieldErrors<F> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if ((fields as readonly string[]).includes(key)) result[key as F] = messages;
  }
  return result;
}

/** The first field, in `fields` order, with at least one error. */
export function firstFieldWithError<F extends string>(
  errors: ContactFieldErrors<F>,
  fields: readonly F[],
): F | undefined {
  return fields.find((field) => errors[field]?.length);
}

/** The body to send (the form's, then the attribution), or the failure that stops it. */
export function prepareContact<F extends string, B extends object>(
  options: Pick<ContactSubmitOptions<F, B>, 'body' | 'validate'>,
  values: ContactValues<F>,
  attribution: ReturnType<typeof attributionField>,
): { body: Attributed<B> } | { failure: ContactFailure<F> } {
  const body: Attributed<B> = { ...options.body(values), ...attribution };
  const failure = options.validate?.(body);
  return failure ? { failure } : { body };
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
export async function sendContact<F extends string>(
  body: object,
  options: Pick<ContactSubmitOptions<F, object>, 'fields' | 'minimumMs' | 'failureText'>,
): Promise<ContactFailure<F> | undefined> {
  try {
    await atLeast(apiFetch('POST', '/api/contact', body), options.minimumMs ?? 0);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) {
      return options.failureText.http(error, fieldErrorsFor(error.fields, options.fields));
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

export function useContactSubmit<F extends string, B extends object>(
  options: ContactSubmitOptions<F, B>,
) {
  const [values, setValues] = useState<ContactValues<F>>(options.empty);
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [failure, setFailure] = useState<ContactFailure<F> | undefined>();
  const hydrated = useHydrated();

  const fail = (next: ContactFailure<F>) => {
    setFailure(next);
    setStatus('idle');
    options.onFailure?.(next);
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    setFailure(undefined);
    const prepared = prepareContact(options, values, attributionField());
    if ('failure' in prepared) return fail(prepared.failure);
    setStatus('sending');
    const failed = await sendContact(prepared.body, options);
    if (failed) return fail(failed);
    if (options.clearWhenSent) setValues(options.empty);
    setStatus('sent');
    options.onSent?.();
  }

  return {
    values,
    status,
    failure,
    submit,
    /** The submit button waits for hydration and for the submission under way. */
    submitDisabled: status === 'sending' || !hydrated,
    setValue: (field: F | 'website', value: string) =>
      setValues((current) => ({ ...current, [field]: value })),
    /** Drops one field's error (the visitor is correcting it). */
    clearFieldError: (field: F) =>
      setFailure((current) =>
        current?.fields[field]
          ? { ...current, fields: { ...current.fields, [field]: undefined } }
          : current,
      ),
    /** Back to idle without a failure; `clearValues` empties the fields too. */
    reset: (clearValues: boolean) => {
      setFailure(undefined);
      setStatus('idle');
      if (clearValues) setValues(options.empty);
    },
  };
}
