// How the landing page's forms fail, in their words (docs/requirements.md §8): the contact dialog
// (site/islands/landing/contact-dialog.tsx) and the form blocks
// (site/islands/landing/blocks/form/inline-form.tsx) say the same sentences, the server's field
// errors beside their fields and the status code only in the console. In the page's language
// (./form-messages.ts, issue 39).
import type { HttpError } from '../../lib/api-client.ts';
import { CONTACT } from '../../components/site/contact-details.ts';
import type { ContactFailure, ContactFailureText, PlacedErrors } from '../use-contact-submit.ts';
import { FORM_MESSAGES, type FormMessages } from './form-messages.ts';

function describeFailure(
  { status, code, detail, retryAfter }: HttpError,
  { fields, unplaced }: PlacedErrors,
  words: FormMessages,
): ContactFailure {
  if (status === 400 && Object.keys(fields).length > 0 && unplaced.length === 0) {
    return { message: words.correctFields, fields };
  }
  if (status === 400 && unplaced.length > 0) {
    // A field the visitor cannot see (a hidden one) was refused: nothing they can correct.
    return { message: words.formProblem(CONTACT.email), fields };
  }
  // The server's own sentence (English) only where the page is: else the forms' own words.
  if (status === 429 && code) {
    const minutes = Math.max(1, Math.ceil((retryAfter ?? 600) / 60));
    return { message: words === FORM_MESSAGES.en ? detail : words.tooMany(minutes), fields };
  }
  if (status === 413) return { message: words.tooLong, fields };
  return { message: words.failed, fields };
}

/** How the landing page's forms fail, in `words`' language. */
export function landingFailureText(words: FormMessages): ContactFailureText {
  return {
    check: words.correctFields,
    http: (error, placed) => {
      // docs/requirements.md §8: the error reads "status: body text"; the visitor gets a sentence.
      console.error(error.message);
      return describeFailure(error, placed, words);
    },
    network: (error) => {
      console.error('Contact submission failed', error);
      return words.network;
    },
  };
}
