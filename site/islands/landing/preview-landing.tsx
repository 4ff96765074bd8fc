// `/preview#<token>`: a preview link (issue 23) for a reviewer without an account. The page's
// working copy as visitors would see it (the prebuilt pages' markup, landing-page.tsx),
// under a band that says it is not live. No landing behavior is started, so nothing is
// tracked and no form is sent. The token is in the fragment: browsers never send it with
// the page request; the page sends it to GET /api/preview in the Authorization header, never
// in a URL (which CloudFront and API Gateway would log), and the answer is never cached.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Preview } from '../../../functions/shared/workflow.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { Skeleton } from './legacy-landing.tsx';
import { LandingMarkup } from './landing-page.tsx';

export const EXPIRED_TEXT =
  'This preview link has expired or was revoked. Ask the person who sent it for a new one.';

const STATE_WORDS: Record<Preview['state'], string> = {
  draft: 'working copy',
  in_review: 'working copy in review',
  live: 'live version',
};

const formatUtc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function Band({ preview }: { preview: Preview }) {
  return (
    // A landmark of its own (axe: all content in landmarks), beside the page's header and main.
    <aside
      aria-label="Preview, not live"
      data-testid="preview-band"
      className="sticky top-0 z-50 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950 shadow"
    >
      Preview, not live: {STATE_WORDS[preview.state]} (revision {preview.revision}) of /
      {preview.slug}. Visitors do not see this version. Link valid until{' '}
      {formatUtc(preview.expiresAt)}.
    </aside>
  );
}

function Gone() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-24">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-ink">{EXPIRED_TEXT}</h1>
      </div>
    </main>
  );
}

const subscribeHash = (listener: () => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};

/** The link's token, from the fragment; null on the server, where there is none. */
function useToken(): string | null {
  return useSyncExternalStore(
    subscribeHash,
    () => window.location.hash.slice(1),
    () => null,
  );
}

const TOKEN = /^[\w.-]{20,200}$/;

/**
 * Scrolls to an in-page link's target without touching the fragment, which is the link's
 * token: a claim's reference number, the navigation's anchors.
 */
function keepToken(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.('a');
  const hash = link?.getAttribute('href');
  if (!hash?.startsWith('#')) return;
  event.preventDefault();
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  target?.scrollIntoView();
  // Keyboard and screen-reader users land where the link goes, as a followed link takes them.
  if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target?.focus({ preventScroll: true });
}

function PreviewPage({ token, logo }: { token: string; logo: ReactNode }) {
  const query = useQuery<Preview>({
    queryKey: ['/api/preview', token],
    queryFn: () =>
      apiFetch('GET', '/api/preview', undefined, {
        headers: { authorization: `Bearer ${token}` },
      }),
    enabled: TOKEN.test(token),
    retry: false,
  });
  useEffect(() => {
    if (query.data) document.title = `Preview: ${query.data.title}`;
  }, [query.data]);
  useEffect(() => {
    document.addEventListener('click', keepToken);
    return () => document.removeEventListener('click', keepToken);
  }, []);
  if (!TOKEN.test(token) || query.isError) return <Gone />;
  if (!query.data) return <Skeleton />;
  return (
    <>
      <Band preview={query.data} />
      <LandingMarkup
        content={query.data.content}
        logo={logo}
        media={query.data.media}
        claims={query.data.claims}
        preview
      />
    </>
  );
}

export function PreviewLanding({ logo }: { logo?: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  const token = useToken();
  return (
    <QueryClientProvider client={client}>
      {token === null ? <Skeleton /> : <PreviewPage token={token} logo={logo} />}
    </QueryClientProvider>
  );
}
