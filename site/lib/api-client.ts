// The one HTTP client of the islands (admin, /legacy, the contact dialog and the contact
// page form): cookies included, JSON in and out, and one parser for the API's error
// envelope (functions/shared/error-envelope.ts). A non-ok answer raises HttpError, whose message is
// docs/requirements.md §8's `status: body text` and whose `detail` and `fields` are the envelope's.
// Response types come from the shared schemas; the API tests check the server against
// them, so the public islands ship no validator for what they read (the admin parses every
// answer: site/islands/admin/api.ts, docs/decisions/0526-admin-parses-answers.md).
import type { ErrorEnvelope, FieldErrors } from '../../functions/shared/error-envelope.ts';

export type { FieldErrors };

/**
 * The envelope's error as the browser reads it: any code string, not only the schema's
 * list, so an answer from a server newer than this bundle (a tab open across a deploy)
 * still shows its own message.
 */
type ErrorAnswer = Omit<ErrorEnvelope['error'], 'code'> & { code: string };

/**
 * The envelope in a response body, or undefined when the body is something else (a
 * proxy's HTML page, an empty body). The same checks as errorEnvelopeSchema
 * (functions/shared/error-envelope.ts), by hand and with any code, so the landing pages do
 * not load zod for an error message (site/lib/api-client.test.ts holds the two together).
 */
export function parseErrorEnvelope(text: string): ErrorAnswer | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = (body as { error?: unknown } | null)?.error as
    Record<string, unknown> | null | undefined;
  if (!error || typeof error !== 'object') return undefined;
  if (typeof error['code'] !== 'string' || typeof error['message'] !== 'string') return undefined;
  const fields: FieldErrors = {};
  const raw = error['fields'];
  if (raw !== undefined) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
    for (const [key, problems] of Object.entries(raw)) {
      if (!Array.isArray(problems) || !problems.every((p) => typeof p === 'string')) {
        return undefined;
      }
      fields[key] = problems as string[];
    }
  }
  const requestId = error['requestId'];
  if (requestId !== undefined && typeof requestId !== 'string') return undefined;
  return {
    code: error['code'],
    message: error['message'],
    ...(raw !== undefined ? { fields } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  };
}

/** An API failure: `message` is docs/requirements.md's `status: body text`. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  /** The envelope's code (`conflict`, `validation_failed`, ...), when there is one. */
  readonly code: string | undefined;
  /** The envelope's message when the body is the API's error envelope, else the body. */
  readonly detail: string;
  readonly fields: FieldErrors;
  /** Seconds from a Retry-After header (429, 503), when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, bodyText: string, statusText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    const envelope = parseErrorEnvelope(bodyText);
    this.code = envelope?.code;
    this.detail = envelope?.message ?? (bodyText || statusText);
    this.fields = envelope?.fields ?? {};
    const seconds = Number(retryAfter);
    this.retryAfter = retryAfter && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
  }

  /** What the UI shows: the status and the server's own words. */
  get display(): string {
    return `${this.status}: ${this.detail}`;
  }
}

/** A failure as one line for the UI: the status and message for HttpError. */
export const describeError = (error: unknown): string =>
  error instanceof HttpError
    ? error.display
    : error instanceof Error
      ? error.message
      : String(error);

export interface FetchOptions {
  signal?: AbortSignal;
  /** Sent even while the page unloads (conversion beacons' fallback). */
  keepalive?: boolean;
  /** More request headers (a preview link's Authorization). */
  headers?: Record<string, string>;
}

/**
 * One call to the API, its answer once it is ok: JSON body when given, credentials
 * included. Network failures reject with the browser's TypeError; non-ok answers with
 * HttpError. For an answer that is a file (a CSV); apiFetch reads JSON.
 */
export async function apiResponse(
  method: string,
  path: string,
  body?: unknown,
  options: FetchOptions = {},
): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  if (!response.ok) {
    throw new HttpError(
      response.status,
      await response.text(),
      response.statusText,
      response.headers.get('retry-after'),
    );
  }
  return response;
}

/** One call to the API (apiResponse): the parsed JSON answer, null for 204. */
export async function apiFetch<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: FetchOptions = {},
): Promise<T> {
  const response = await apiResponse(method, path, body, options);
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
