// `/legacy/{slug}`: the landing page fetched live at run time
// (docs/decisions/0026-rebuild-debounce-and-view-link.md), so a page can be viewed before its
// rebuild lands, and a signed-in administrator can preview a draft (visitors get the not-found
// text, as the API answers them 404). Skeletons while loading, docs/requirements.md's not-found
// text on error or no data; the page's SEO tags in the head. The page is the prebuilt pages' markup
// (landing-page.tsx) with the same behavior (landing-behavior.ts: page view, reveal, dialog
// openers) started once it is rendered.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { MediaMap } from '../../../functions/shared/media-map.ts';
import { createSpecQueryClient } from '../../lib/query-client.ts';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { LandingPageDto } from '../../../functions/shared/api/pages.ts';
import { resolveSeo } from '../../../functions/shared/seo.ts';
import { DEFAULT_SLUG, slugParamSchema } from '../../../functions/shared/slug.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { applySeoHead, meta } from '../../lib/seo-head.ts';
import type { PublicPublication } from '../../../functions/shared/job-codes.ts';
import { LandingMarkup, type LandingMarkupProps } from './landing-page.tsx';
import type { PageClaims } from '../../../functions/shared/claims/page-claims.ts';
import { startLanding } from './landing-behavior.ts';
import { usePathname } from './use-pathname.ts';

export const NOT_FOUND_TEXT = 'Landing page not found. Please check the URL or try again later.';

/** docs/requirements.md §7: GET the query key joined with '/', cookies included, non-ok is an error. */
const defaultQueryFn = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  apiFetch('GET', queryKey.join('/'));

/** `/legacy` and `/legacy/` are the default page; `/legacy/{slug}` that page. */
export function slugFromPath(pathname: string): string | undefined {
  const rest = pathname.replace(/^\/legacy\/?/, '').replace(/\/+$/, '');
  if (rest === '') return DEFAULT_SLUG;
  return slugParamSchema.safeParse(rest).success ? rest : undefined;
}

/**
 * What the server's HTML holds until the content arrives: a `<main id="main">` (the skip
 * link's target works before JavaScript runs) with the page's one h1, for screen readers.
 */
export function Skeleton() {
  const bar = 'rounded bg-slate-200 motion-safe:animate-pulse';
  return (
    <main id="main" aria-busy="true">
      <h1 className="sr-only">Loading the landing page</h1>
      <div aria-label="Loading the landing page" role="status">
        <div className="border-b border-slate-200">
          <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4 sm:px-6 lg:px-8">
            <div className={`h-8 w-40 ${bar}`} />
            <div className={`h-9 w-28 ${bar}`} />
          </div>
        </div>
        <div
          className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
          data-testid="landing-skeleton"
        >
          <div className={`h-12 w-3/4 ${bar}`} />
          <div className={`mt-4 h-12 w-1/2 ${bar}`} />
          <div className={`mt-8 h-5 w-2/3 ${bar}`} />
          <div className={`mt-3 h-5 w-1/2 ${bar}`} />
          <div className="mt-8 flex gap-4">
            <div className={`h-12 w-36 ${bar}`} />
            <div className={`h-12 w-36 ${bar}`} />
          </div>
          <div className="mt-16 grid gap-6 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`h-40 ${bar}`} />
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}

function NotFound() {
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-24">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-ink">{NOT_FOUND_TEXT}</h1>
        <p className="mt-6">
          <a href="/" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Go to the home page
          </a>
        </p>
      </div>
    </main>
  );
}

/** Only a signed-in administrator is ever answered a draft; say what they are looking at. */
function DraftBanner() {
  return (
    <p
      role="status"
      data-testid="draft-banner"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      Draft preview: only signed-in administrators see this page. Visitors get &ldquo;not
      found&rdquo; here until it is published.
    </p>
  );
}

/** The markup, with the behavior started as it is committed (before a click can land). */
function LiveLanding(props: Omit<LandingMarkupProps, 'rootRef'>) {
  const root = useRef<HTMLDivElement>(null);
  const { defaultPageId } = props;
  useLayoutEffect(() => {
    if (!root.current) return;
    return startLanding(root.current, { defaultPageId });
  }, [defaultPageId]);
  return <LandingMarkup {...props} rootRef={root} />;
}

function LivePage({ slug, logo }: { slug: string | undefined; logo: ReactNode }) {
  const query = useQuery<
    Omit<LandingPageDto, 'publication'> & {
      media?: MediaMap;
      claims?: PageClaims;
      publication?: PublicPublication;
    }
  >({
    queryKey: ['/api/landing-pages', slug ?? ''],
    enabled: slug !== undefined,
  });
  useEffect(() => {
    if (query.data?.content) {
      applySeoHead(resolveSeo(query.data, query.data.content, query.data.claims));
      // The job code, as the prebuilt page's head has it (LandingLayout.astro).
      if (query.data.publication) meta('name', 'job-code', query.data.publication.jobCode);
    }
  }, [query.data]);
  if (slug === undefined || query.isError) return <NotFound />;
  if (query.isPending) return <Skeleton />;
  if (!query.data?.content) return <NotFound />;
  return (
    <>
      {!query.data.isActive && <DraftBanner />}
      <LiveLanding
        content={query.data.content}
        defaultPageId={query.data.slug === DEFAULT_SLUG ? query.data.id : undefined}
        logo={logo}
        media={query.data.media}
        claims={query.data.claims}
        publication={query.data.publication}
      />
    </>
  );
}

export function LegacyLanding({ logo }: { logo?: ReactNode }) {
  const [client] = useState(() => createSpecQueryClient(defaultQueryFn));
  // The path is known only in the browser: the server render shows the skeleton.
  const pathname = usePathname();
  const slug = pathname === null ? null : slugFromPath(pathname);
  return (
    <QueryClientProvider client={client}>
      {slug === null ? <Skeleton /> : <LivePage slug={slug} logo={logo} />}
    </QueryClientProvider>
  );
}
