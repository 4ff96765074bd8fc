// The admin's HTTP layer (docs/requirements.md §7, §9) on the islands' one client (site/lib/api-client.ts):
// every call includes credentials, a non-ok answer raises HttpError (shown to the
// administrator as a sentence by errors.ts, never as a status line), and a 401 pauses the call until the administrator signs in again, then
// retries it once, so an unsaved edit is kept and saved after the new sign-in. Every answer
// is parsed with the schema its route declares (docs/decisions/0526-admin-parses-answers.md):
// `request(schema, method, path, body?)`, and a GET for React Query as a query helper of
// the view's API module (`queryOptions` with its own queryFn). This module holds what
// every view shares; a view's own keys and calls are in its folder (account/account-api.ts,
// leads/leads-api.ts, analytics/analytics-api.ts), those of more than one view in common/
// (common/pages-api.ts, common/media/media-api.ts, ...).
import { queryOptions, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import * as z from 'zod';
import { buildStatusSchema } from '../../../functions/shared/api/build.ts';
import { apiFetch, apiResponse, HttpError } from '../../lib/api-client.ts';
import { createSpecQueryClient } from '../../lib/query-client.ts';
import { AnswerMismatch } from './errors.ts';

export { HttpError, type FieldErrors } from '../../lib/api-client.ts';
export { AnswerMismatch, asSentence, describeError } from './errors.ts';

type AuthState = 'unknown' | 'signed-in' | 'signed-out';

/** Who is signed in, and the calls waiting for a new sign-in. */
class AuthGate {
  state: AuthState = 'unknown';
  email: string | undefined;
  /** True once this page has had a signed-in administrator (re-sign-in is a dialog). */
  hadSession = false;
  private waiters: (() => void)[] = [];
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => `${this.state}|${this.email ?? ''}|${this.hadSession}`;

  needSignIn(): Promise<void> {
    this.state = 'signed-out';
    this.notify();
    return new Promise((done) => this.waiters.push(done));
  }

  signedIn(email: string): void {
    this.state = 'signed-in';
    this.email = email;
    this.hadSession = true;
    this.notify();
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  signedOut(): void {
    this.state = 'signed-out';
    this.email = undefined;
    this.hadSession = false;
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

export const authGate = new AuthGate();

/**
 * A call that pauses on 401 until the administrator signs in again, then runs once more
 * (never for the sign-in itself).
 */
async function withSignIn<T>(path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      !(error instanceof HttpError) ||
      error.status !== 401 ||
      path.startsWith('/api/auth/login')
    ) {
      throw error;
    }
  }
  await authGate.needSignIn();
  return call();
}

/** The answer of a route that declares `204: null`: no body, read as null. */
export const noContent = z.null();

/**
 * Every JSON answer of the admin: fetched, a refusal as HttpError, then parsed with
 * `schema`, the one its route declares in `responses` (functions/routes/**), so the value
 * is the schema's output type. An answer the schema refuses (a drifted contract) rejects
 * with AnswerMismatch, which describeError words as a sentence.
 */
export async function request<Schema extends z.ZodType>(
  schema: Schema,
  method: string,
  path: string,
  body?: unknown,
): Promise<z.output<Schema>> {
  const answer = await withSignIn(path, () => apiFetch<unknown>(method, path, body));
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const mismatch = new AnswerMismatch(method, path, z.prettifyError(parsed.error));
  // For whoever debugs it (the browser console, a Playwright trace); the UI shows the sentence.
  console.error(mismatch);
  throw mismatch;
}

/**
 * An answer that is a file (a CSV), read like `request`'s: its name (Content-Disposition's,
 * else `fallbackName`) and its bytes.
 */
export const requestFile = (
  method: string,
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ name: string; blob: Blob }> =>
  withSignIn(path, async () => {
    const response = await apiResponse(method, path, body);
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    // As bytes: text() would drop the byte-order mark that spreadsheets read UTF-8 by.
    return { name, blob: await response.blob() };
  });

/** Saves a file the browser was handed (a CSV of leads, an inspection package). */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A query without its own queryFn is a mistake: every GET names its schema in a query
 * helper (docs/decisions/0526-admin-parses-answers.md), so this fails loudly, naming the key.
 */
const missingQueryFn: QueryFunction = ({ queryKey }) => {
  throw new Error(
    `The query ${JSON.stringify(queryKey)} has no queryFn: read it through its API module's query helper.`,
  );
};

export function createQueryClient(): QueryClient {
  return createSpecQueryClient(missingQueryFn);
}

/** The build status, which every view's changes can affect (build-status.tsx). */
export const BUILD_KEY = ['/api/admin/build'] as const;
export const buildQuery = queryOptions({
  queryKey: BUILD_KEY,
  queryFn: () => request(buildStatusSchema, 'GET', '/api/admin/build'),
});

export const formatTime = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
