// The admin's HTTP layer (docs/requirements.md §7, §9) on the islands' one client (site/lib/api-client.ts):
// every call includes credentials, a non-ok answer raises HttpError (shown to the
// administrator as a sentence by errors.ts, never as a status line), and a 401 pauses the call until the administrator signs in again, then
// retries it once, so an unsaved edit is kept and saved after the new sign-in. Response
// types are the shared API schemas' (functions/shared/api/). This module holds what
// every view shares; a view's own keys and calls are in its folder (account/account-api.ts,
// leads/leads-api.ts, analytics/analytics-api.ts), those of more than one view in common/
// (common/pages-api.ts, common/media/media-api.ts, ...).
import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { apiFetch, apiResponse, HttpError } from '../../lib/api-client.ts';
import { createSpecQueryClient } from '../../lib/query-client.ts';

export { HttpError, type FieldErrors } from '../../lib/api-client.ts';
export { asSentence, describeError } from './errors.ts';

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

/** Every JSON answer of the admin: fetched, checked, parsed, a failure as HttpError. */
export const request = <T = unknown>(method: string, path: string, body?: unknown): Promise<T> =>
  withSignIn(path, () => apiFetch<T>(method, path, body));

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

/** docs/requirements.md §7: GET the query key's segments joined with '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  request('GET', queryKey.map(String).join('/'));

export function createQueryClient(): QueryClient {
  return createSpecQueryClient(defaultQueryFn);
}

/** The build status, which every view's changes can affect (build-status.tsx). */
export const BUILD_KEY = ['/api/admin/build'] as const;

export const formatTime = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
