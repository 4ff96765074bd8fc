// Every failure the admin shows, as a sentence (docs/requirements.md §9, issue 22 A): never a
// raw "409: ..." status line. The API's own envelope message (functions/lib/errors.ts) is
// written for people, so it is used when there is one; a status without one (a proxy's HTML
// page, an empty body, a network failure) gets a sentence that says what to do next.
import { HttpError } from '../../lib/api-client.ts';

/** What a status means to the administrator when the server sent no words of its own. */
const STATUS_SENTENCES: Record<number, string> = {
  400: 'The server did not accept this request. Check the form and try again.',
  401: 'Your session has ended. Sign in again to continue.',
  403: 'This browser is not allowed to do that. Reload the page and try again.',
  404: 'It no longer exists. Someone may have deleted it; reload to see the current state.',
  409: 'Someone changed this meanwhile. Reload and try again.',
  413: 'That is too large for the server to accept.',
  429: 'Too many attempts. Wait a minute and try again.',
};

/**
 * An answer that does not fit the schema its route declares (docs/decisions/0526-admin-parses-answers.md):
 * the server and this page disagree about the contract (a deploy between the page's load and
 * the call, or a bug). `message` names the call and the schema's complaint for developers.
 */
export class AnswerMismatch extends Error {
  override name = 'AnswerMismatch';
  readonly method: string;
  readonly path: string;
  /** The schema's complaint, z.prettifyError's wording. */
  readonly problems: string;

  constructor(method: string, path: string, problems: string) {
    super(`The answer to ${method} ${path} does not fit its declared schema:\n${problems}`);
    this.method = method;
    this.path = path;
    this.problems = problems;
  }
}

const MISMATCH =
  "The server's answer was not what this page expects. Reload the page; if it happens again, tell your administrator.";

const SERVER_TROUBLE = 'The server could not finish this. Try again in a moment.';
const OFFLINE = 'The server could not be reached. Check the connection and try again.';

/** A message as one sentence: a capital first letter and a closing full stop. */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/^Invalid request:\s*/, '');
  if (!trimmed) return '';
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Words that only a developer reads: an HTML page, a stack, a bare status text. */
const looksTechnical = (text: string) =>
  /^\s*</.test(text) || /^(not found|bad request|internal server error|forbidden)$/i.test(text);

/** A failure as a sentence for the UI. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    const own = error.code && !looksTechnical(error.detail) ? asSentence(error.detail) : '';
    if (error.status === 429 && error.retryAfter) {
      const minutes = Math.ceil(error.retryAfter / 60);
      return `Too many attempts. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
    }
    if (own) return own;
    if (error.status >= 500) return SERVER_TROUBLE;
    return STATUS_SENTENCES[error.status] ?? SERVER_TROUBLE;
  }
  if (error instanceof AnswerMismatch) return MISMATCH;
  // fetch() rejects with a TypeError when the network or the server is down.
  if (error instanceof TypeError) return OFFLINE;
  if (error instanceof Error && error.message) return asSentence(error.message);
  return SERVER_TROUBLE;
}
