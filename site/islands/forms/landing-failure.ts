// How the landing page's forms fail, in their words (docs/requirements.md §8): the contact dialog
// (site/islands/landing/contact-dialog.tsx) and the form blocks
// (site/islands/landing/blocks/form/inline-form.tsx) say the same sentences, the server's field
// errors beside their fields and the status code only in the console.
import type { HttpError } from '../../lib/api-client.ts';
import { CONTACT } from '../../components/site/contact-details.ts';
import type { ContactFailure, ContactFailureText, PlacedErrors } from '../use-contact-submit.ts';

export const CORRECT_FIELDS = 'Please correct the highlighted fields and submit again.';

function describeFailure(
  { status, code, detail }: HttpError,
  { fields, unplaced }: PlacedErrors,
): ContactFailure {
  if (status === 400 && Object.keys(fields).length > 0 && unplaced.length === 0) {
    return { message: CORRECT_FIELDS, fields };
  }
  if (status === 400 && unplaced.length > 0) {
    // A field the visitor cannot see (a hidden one) was refused: nothing they can correct.
    return {
      message: `We could not send your request because of a problem with this form. Please email us at ${CONTACT.email}.`,
      fields,
    };
  }
  if (status === 429 && code) return { message: detail, fields };
  if (status === 413) {
    return { message: 'Your message is too long. Please shorten it and submit again.', fields };
  }
  return {
    message:
      'We could not send your request. Please try again in a moment; your details are still here.',
    fields,
  };
}

export const LANDING_FAILURE_TEXT: ContactFailureText = {
  check: CORRECT_FIELDS,
  http: (error, placed) => {
    // docs/requirements.md §8: the error reads "status: body text"; the visitor gets a sentence.
    console.error(error.message);
    return describeFailure(error, placed);
  },
  network: (error) => {
    console.error('Contact submission failed', error);
    return 'We could not reach PharmaBridge. Please check your connection and try again; your details are still here.';
  },
};
