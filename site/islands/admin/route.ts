// Where the admin is, in its URL (issue 22 A): /admin/<tab>?<the tab's filters>. A reload
// keeps the tab and its filters, Back and Forward move between views, and a view can be
// bookmarked or sent to a colleague. The static server and CloudFront answer every
// /admin/* path with the admin shell (SPA_FALLBACKS in functions/server/static-site/edge-rules.ts,
// infra/edge/clean-urls.js), so these paths need nothing on the server.
import { useSyncExternalStore } from 'react';

export const TABS = ['pages', 'analytics', 'images', 'leads'] as const;
export type Tab = (typeof TABS)[number];
/**
 * The Pages tab's page editor adds `?edit=<page id>&block=<block id>&thread=<comment id>&tab=<side
 * tab>` (common/editor/blocks/editor-url.ts), and its Languages tab `&locale=<BCP 47 code>` with
 * `&translate=1` while the translator view is open (pages/locales/locale-url.ts, issue 39).
 * The Analytics tab keeps `?page=<id>` or `?locale=<BCP 47 code>` (its Language filter, issue
 * 39), `&goal=<id>` and `&share=1` (analytics/analytics-tab.tsx).
 * Views that are not tabs: the Account area, the setup link, the Pages area's Redirects,
 * Experiments (`?page=&experiment=&variant=&panel=`, common/experiments-url.ts) and
 * Forms (`?form=<id>`, forms/forms-view.tsx), Claims and Evidence (`?claim=<id>`,
 * `?evidence=<id>` and the lists' filters, claims/claims-url.ts), the content calendar
 * (`?view=&date=&types=`, calendar/calendar-url.ts), the API reference (api/api-view.tsx),
 * Webhooks (`?webhook=<id>`, webhooks/webhooks-view.tsx; admins) and a password reset link
 * (`?token=`, shown signed in or not).
 */
export type View =
  | Tab
  | 'account'
  | 'setup'
  | 'redirects'
  | 'experiments'
  | 'forms'
  | 'claims'
  | 'evidence'
  | 'calendar'
  | 'api'
  | 'webhooks'
  | 'reset-password';

export interface AdminLocation {
  view: View;
  params: URLSearchParams;
}

const ADMIN = '/admin';

/** The view a path names; `/admin` itself and anything unknown is the Pages tab. */
export function parseLocation(pathname: string, search: string): AdminLocation {
  const rest = pathname.replace(/\/+$/, '').slice(ADMIN.length).replace(/^\//, '');
  const known: readonly string[] = [
    ...TABS,
    'account',
    'setup',
    'redirects',
    'experiments',
    'forms',
    'claims',
    'evidence',
    'calendar',
    'api',
    'webhooks',
    'reset-password',
  ];
  const view = (known.includes(rest) ? rest : 'pages') as View;
  return { view, params: new URLSearchParams(search) };
}

/** The URL of a view with its parameters (empty ones left out, so URLs stay short). */
export function viewUrl(view: View, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const path = view === 'pages' ? ADMIN : `${ADMIN}/${view}`;
  return query.size ? `${path}?${query}` : path;
}

const listeners = new Set<() => void>();
let tabUrl: string | undefined;
const notify = () => {
  remember();
  for (const listener of listeners) listener();
};

/** Keeps the last tab's URL, where closing the Account area (or the API reference) returns. */
function remember() {
  const { view } = parseLocation(window.location.pathname, window.location.search);
  if (
    view !== 'account' &&
    view !== 'api' &&
    view !== 'webhooks' &&
    view !== 'setup' &&
    view !== 'reset-password'
  ) {
    tabUrl = snapshot();
  }
}

/** The URL of the last tab shown (with its filters); the Pages tab before any. */
export function lastTabUrl(): string {
  return tabUrl ?? ADMIN;
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    remember();
    window.addEventListener('popstate', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/**
 * Goes to an admin URL. A new view is a new history entry (Back returns to the last one);
 * `replace` is for refinements Back should skip, such as each keystroke of a search.
 */
export function navigate(url: string, { replace = false } = {}): void {
  if (url === snapshot()) return;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  notify();
}

/** The current admin location; re-renders on navigate() and on Back/Forward. */
export function useAdminLocation(): AdminLocation {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const query = current.indexOf('?');
  return parseLocation(
    query < 0 ? current : current.slice(0, query),
    query < 0 ? '' : current.slice(query),
  );
}
