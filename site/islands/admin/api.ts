// The admin's HTTP layer (SPEC.md §7, §9): every call includes credentials, a non-ok
// answer raises `${status}: ${body text || statusText}`, and a 401 pauses the call until
// the administrator signs in again, then retries it once, so an unsaved edit is kept
// and saved after the new sign-in.
import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { createSpecQueryClient } from '../../lib/query-client.ts';

export interface FieldErrors {
  [field: string]: string[];
}

/** An API failure: `message` is SPEC.md's `status: body text`. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  /** The envelope's message when the body is the API's error envelope. */
  readonly detail: string;
  readonly fields: FieldErrors;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    let detail = bodyText || statusText;
    let fields: FieldErrors = {};
    try {
      const parsed = JSON.parse(bodyText) as { error?: { message?: string; fields?: FieldErrors } };
      if (parsed.error?.message) detail = parsed.error.message;
      if (parsed.error?.fields) fields = parsed.error.fields;
    } catch {
      // Not the envelope (a proxy's HTML page, say): the raw text is the detail.
    }
    this.detail = detail;
    this.fields = fields;
  }

  /** What the UI shows: the status and the server's own words. */
  get display(): string {
    return `${this.status}: ${this.detail}`;
  }
}

export const describeError = (error: unknown): string =>
  error instanceof HttpError
    ? error.display
    : error instanceof Error
      ? error.message
      : String(error);

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
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401 && attempt === 0 && !path.startsWith('/api/auth/login')) {
      await authGate.needSignIn();
      continue;
    }
    if (!response.ok) {
      throw new HttpError(response.status, await response.text(), response.statusText);
    }
    return (response.status === 204 ? null : await response.json()) as T;
  }
}

/** SPEC.md §7: GET the query key's segments joined with '/'. */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  request('GET', queryKey.map(String).join('/'));

export function createQueryClient(): QueryClient {
  return createSpecQueryClient(defaultQueryFn);
}

export interface LandingPage {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  content: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface VersionSummary {
  versionId: string;
  reason: 'update' | 'reset' | 'delete' | 'restore';
  actor: string;
  createdAt: string;
  title: string;
  slug: string;
  isActive: boolean;
}

export interface PageVersion extends VersionSummary {
  content: Record<string, unknown>;
}

export interface DeletedPage {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  deletedAt: string;
  deletedBy: string;
  restorableUntil: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  pageId?: string;
  summary: string;
  ip?: string;
}

export interface BuildStatus {
  state: 'up-to-date' | 'building' | 'failed' | 'disabled';
  startedAt?: string;
  lastFinishedAt?: string;
  publishedAt?: string;
  logTail?: string;
  logUrl?: string;
}

export const PAGES_KEY = ['/api/landing-pages'] as const;
export const BUILD_KEY = ['/api/admin/build'] as const;

/**
 * Puts a page the server just returned into the list cache at once. Invalidating alone
 * leaves the old copy in place until the refetch lands, and an edit form opened in that
 * window would start from stale content.
 */
export function cachePage(client: QueryClient, page: LandingPage): void {
  client.setQueryData<LandingPage[]>(PAGES_KEY, (pages) =>
    pages?.map((cached) => (cached.id === page.id ? page : cached)),
  );
}
export const DELETED_KEY = ['/api/admin/deleted-pages'] as const;
export const versionsKey = (id: string) => ['/api/admin/pages', id, 'versions'] as const;

export const formatTime = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
