// The admin's HTTP layer (docs/requirements.md §7, §9) on the islands' one client (site/lib/api-client.ts):
// every call includes credentials, a non-ok answer raises HttpError (shown to the
// administrator as a sentence by errors.ts, never as a status line), and a 401 pauses the call until the administrator signs in again, then
// retries it once, so an unsaved edit is kept and saved after the new sign-in. Response
// types are the shared API schemas' (functions/shared/api/). This module holds what
// every view shares; a view's own keys and calls are in its folder (account/account-api.ts,
// leads/leads-api.ts, analytics/analytics-api.ts), those of more than one view in common/
// (common/pages-api.ts, common/media/media-api.ts, ...).
import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { apiFetch, HttpError } from '../../lib/api-client.ts';
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

export async function request<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  try {
    return await apiFetch<T>(method, path, body);
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
  return apiFetch<T>(method, path, body);
}

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
