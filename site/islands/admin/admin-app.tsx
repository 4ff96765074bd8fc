// /admin: the Landing Page Manager (docs/requirements.md §2), a client-only island behind sign-in.
import { WebhooksView } from './webhooks/webhooks-view.tsx';
import * as Tabs from '@radix-ui/react-tabs';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { authGate, createQueryClient, noContent, request } from './api.ts';
import { AnalyticsTab } from './analytics/analytics-tab.tsx';
import { BuildStatusBar } from './build-status.tsx';
import { LeadsTab, LeadsTabTrigger } from './leads/leads-tab.tsx';
import { PagesTab } from './pages/pages-tab.tsx';
import { removeAllDrafts } from './pages/local-drafts.ts';
import { confirmLeave } from './common/unsaved.ts';
import { AccountView } from './account/account-view.tsx';
import { RedirectsView } from './redirects/redirects-view.tsx';
import { ExperimentsView, useReturnFocusFromView } from './experiments/experiments-view.tsx';
import { backToPages, FormsView } from './forms/forms-view.tsx';
import { ClaimsView } from './claims/claims-view.tsx';
import { EvidenceView } from './claims/evidence-view.tsx';
import { CalendarView } from './calendar/calendar-view.tsx';
import { ApiView } from './api/api-view.tsx';
import {
  lastTabUrl,
  navigate,
  parseLocation,
  TABS,
  useAdminLocation,
  viewUrl,
  type Tab,
} from './route.ts';
import { SetupForm, SignInForm } from './sign-in.tsx';
import { ResetPasswordForm } from './password-reset.tsx';
import { meQuery, useCan } from './permissions.ts';
import { ToastProvider } from './toast.tsx';
import { Button, Modal, TooltipProvider } from './ui.tsx';

const queryClient = createQueryClient();

// The Images tab brings the uploader (Uppy); it loads when the tab is first opened.
const ImagesTab = lazy(() =>
  import('./images/images-tab.tsx').then((module) => ({ default: module.ImagesTab })),
);

export function AdminApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <TooltipProvider>
          <Shell />
        </TooltipProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

function useAuth() {
  useSyncExternalStore(authGate.subscribe, authGate.snapshot, authGate.snapshot);
  return authGate;
}

function Shell() {
  const auth = useAuth();
  const setupToken =
    window.location.pathname.replace(/\/$/, '') === '/admin/setup'
      ? new URLSearchParams(window.location.search).get('token')
      : null;
  // A password reset link is for whoever holds it, signed in here or not.
  const reset = parseLocation(window.location.pathname, window.location.search);
  const resetToken = reset.view === 'reset-password' ? (reset.params.get('token') ?? '') : null;
  // Who is signed in: a 401 here pauses until sign-in, then this query completes.
  const me = useQuery({
    ...meQuery,
    enabled: !setupToken && resetToken === null,
  });
  useEffect(() => {
    if (me.data && authGate.state === 'unknown') authGate.signedIn(me.data.email);
  }, [me.data]);

  if (resetToken !== null) {
    return (
      <CenteredCard>
        <ResetPasswordForm token={resetToken} />
      </CenteredCard>
    );
  }
  if (setupToken && !auth.hadSession) {
    return (
      <CenteredCard>
        <SetupForm token={setupToken} />
      </CenteredCard>
    );
  }
  if (!auth.hadSession) {
    if (auth.state === 'unknown') {
      return (
        <CenteredCard>
          <p role="status">Loading...</p>
        </CenteredCard>
      );
    }
    return (
      <CenteredCard>
        <SignInForm />
      </CenteredCard>
    );
  }
  return (
    <>
      <Manager email={auth.email ?? ''} />
      {/* The session ended while working: sign in again over the app, so nothing typed is lost. */}
      <Modal
        open={auth.state === 'signed-out'}
        onOpenChange={() => {}}
        closable={false}
        title="Your session has ended"
        description="Sign in again to continue. Your unsaved changes are kept and saved once you are signed in."
      >
        <SignInForm headingLevel={2} />
      </Modal>
    </>
  );
}

function CenteredCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {children}
      </div>
    </main>
  );
}

function Manager({ email }: { email: string }) {
  const location = useAdminLocation();
  const account = location.view === 'account';
  // The API reference (/admin/api; issue 40): over the tabs like the Account area.
  const apiView = location.view === 'api';
  // Webhooks (/admin/webhooks?webhook=<id>; issue 40): over the tabs like the Account area, for admins.
  const webhooksView = location.view === 'webhooks';
  const mayManageAccounts = useCan('accounts');
  // The Redirects manager is a view of the Pages area (/admin/redirects), for roles that publish.
  const redirectsView = location.view === 'redirects';
  // A page's experiments (/admin/experiments?page=<id>), opened from its card; focus goes
  // back to that card's link when the view closes.
  const experimentsView = location.view === 'experiments';
  useReturnFocusFromView(experimentsView, location.params.get('page') ?? undefined);
  // The form editor (/admin/forms?form=<id>), a view of the Pages area for roles that edit.
  const formsView = location.view === 'forms';
  // Claims and their evidence (/admin/claims, /admin/evidence; issue 36), views of the Pages
  // area every role reads; the roles that change them are the API's (permissions.ts).
  const claimsView = location.view === 'claims' || location.view === 'evidence';
  // The content calendar (/admin/calendar; issue 37), a view of the Pages area every role reads.
  const calendarView = location.view === 'calendar';
  const mayPublish = useCan('publish');
  const mayEdit = useCan('edit');
  // Reviewers open the Forms view too: the forms waiting for their approval (issue 33).
  const mayReview = useCan('review');
  // Leads are personal data: only roles with the leads permission see the tab.
  const mayReadLeads = useCan('leads');
  // The tab on screen. It follows the URL, except that Back or Forward away from unsaved
  // edits asks first and, when the administrator keeps editing, puts the URL back.
  const [tab, setTab] = useState<Tab>(() => asTab(location.view));
  const client = useQueryClient();
  const wanted = account || apiView ? tab : asTab(location.view);
  useEffect(() => {
    if (wanted === tab) return;
    let live = true;
    void confirmLeave().then((leave) => {
      if (!live) return;
      if (leave) setTab(wanted);
      else navigate(viewUrl(tab), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [wanted, tab]);

  const openTab = (next: string) =>
    void confirmLeave().then((leave) => {
      if (!leave) return;
      setTab(asTab(next));
      navigate(viewUrl(asTab(next)));
    });

  const signOut = async () => {
    // Unsaved edits ask first; signing out on purpose leaves no drafts in this browser.
    if (!(await confirmLeave())) return;
    removeAllDrafts();
    await request(noContent, 'POST', '/api/auth/logout').catch(() => undefined);
    client.clear();
    authGate.signedOut();
    navigate(viewUrl('pages'), { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="font-semibold text-brand-700">
            PharmaBridge
          </a>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <BuildStatusBar />
            <span className="text-slate-600">
              Signed in as{' '}
              <span data-testid="signed-in-email" className="font-medium text-slate-900">
                {email}
              </span>
            </span>
            <Button
              variant="secondary"
              onClick={() => navigate(viewUrl('api'))}
              aria-current={apiView ? 'page' : undefined}
              data-api-link=""
            >
              API
            </Button>
            <Button
              variant="secondary"
              onClick={() => navigate(viewUrl('account'))}
              aria-current={account ? 'page' : undefined}
            >
              Account
            </Button>
            {mayManageAccounts && (
              <Button
                variant="secondary"
                onClick={() => navigate(viewUrl('webhooks'))}
                aria-current={webhooksView ? 'page' : undefined}
              >
                Webhooks
              </Button>
            )}
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      {account && <AccountView email={email} onClose={() => navigate(lastTabUrl())} />}
      {apiView && <ApiView onClose={() => navigate(lastTabUrl())} />}
      {webhooksView && mayManageAccounts && (
        <WebhooksView params={location.params} onBack={() => navigate(lastTabUrl())} />
      )}
      {/* Hidden, not unmounted, while the Account area, the API reference or Webhooks is open: tabs and open edits stay. */}
      <main className="mx-auto max-w-7xl px-4 py-8" hidden={account || apiView || webhooksView}>
        <h1 className="text-3xl font-bold text-ink">Landing Page Manager</h1>
        <p className="mt-1 text-slate-600">Manage your landing pages and track conversions</p>
        <Tabs.Root value={tab} onValueChange={openTab} className="mt-6">
          <Tabs.List
            aria-label="Manager sections"
            className="inline-flex rounded-lg bg-slate-200 p-1"
          >
            {[
              ['pages', 'Pages'],
              ['analytics', 'Analytics'],
              ['images', 'Images'],
            ].map(([value, label]) => (
              <Tabs.Trigger
                key={value}
                value={value!}
                className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow"
              >
                {label}
              </Tabs.Trigger>
            ))}
            {mayReadLeads && <LeadsTabTrigger />}
          </Tabs.List>
          {tab === 'pages' && mayPublish && (
            <a
              href={viewUrl('redirects')}
              onClick={(event) => {
                event.preventDefault();
                // An open form editor's unsaved edits ask first.
                void confirmLeave().then((leave) => leave && navigate(viewUrl('redirects')));
              }}
              aria-current={redirectsView ? 'page' : undefined}
              className="mt-2 inline-block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:mt-0 sm:ml-3 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              Redirects
            </a>
          )}
          {tab === 'pages' && (mayEdit || mayReview) && (
            <a
              href={viewUrl('forms')}
              data-forms-link=""
              onClick={(event) => {
                event.preventDefault();
                // From the form editor, the Forms view asks about unsaved edits itself.
                navigate(viewUrl('forms'));
              }}
              aria-current={formsView ? 'page' : undefined}
              className={`mt-2 inline-block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:mt-0 sm:ml-3 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 ${mayPublish ? 'ml-2' : ''}`}
            >
              Forms
            </a>
          )}
          {tab === 'pages' && (
            <a
              href={viewUrl('claims')}
              data-claims-link=""
              onClick={(event) => {
                event.preventDefault();
                void confirmLeave().then((leave) => leave && navigate(viewUrl('claims')));
              }}
              aria-current={claimsView ? 'page' : undefined}
              className="mt-2 ml-2 inline-block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:mt-0 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              Claims
            </a>
          )}
          {tab === 'pages' && (
            <a
              href={viewUrl('calendar')}
              data-calendar-link=""
              onClick={(event) => {
                event.preventDefault();
                void confirmLeave().then((leave) => leave && navigate(viewUrl('calendar')));
              }}
              aria-current={calendarView ? 'page' : undefined}
              className="mt-2 ml-2 inline-block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:mt-0 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              Calendar
            </a>
          )}
          <Tabs.Content value="pages" className="mt-6">
            {redirectsView && <RedirectsView onBack={() => navigate(viewUrl('pages'))} />}
            {experimentsView && (
              <ExperimentsView params={location.params} onBack={() => navigate(viewUrl('pages'))} />
            )}
            {formsView && <FormsView params={location.params} onBack={backToPages} />}
            {location.view === 'claims' && (
              <ClaimsView params={location.params} onBack={() => navigate(viewUrl('pages'))} />
            )}
            {location.view === 'evidence' && (
              <EvidenceView params={location.params} onBack={() => navigate(viewUrl('pages'))} />
            )}
            {calendarView && (
              <CalendarView params={location.params} onBack={() => navigate(viewUrl('pages'))} />
            )}
            {/* Hidden, not unmounted, under the Redirects, Experiments, Forms, Claims and Calendar views: an open edit stays. */}
            <div
              hidden={redirectsView || experimentsView || formsView || claimsView || calendarView}
            >
              <PagesTab
                onAnalytics={(page) => {
                  setTab('analytics');
                  navigate(viewUrl('analytics', { page: page.id }));
                }}
              />
            </div>
          </Tabs.Content>
          <Tabs.Content value="analytics" className="mt-6">
            <AnalyticsTab
              pageId={tab === 'analytics' ? (location.params.get('page') ?? undefined) : undefined}
              onPageChange={(page) => navigate(viewUrl('analytics', { page: page?.id }))}
            />
          </Tabs.Content>
          <Tabs.Content value="images" className="mt-6">
            <Suspense fallback={<p role="status">Loading...</p>}>
              <ImagesTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="leads" className="mt-6">
            {mayReadLeads ? (
              <LeadsTab />
            ) : (
              <p role="status" className="text-slate-700">
                Leads hold personal data; your role does not include them. An admin can change your
                role in the Account area.
              </p>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  );
}

/** The tab a view shows; the Account area and the setup link sit over the Pages tab. */
function asTab(view: string): Tab {
  return (TABS as readonly string[]).includes(view) ? (view as Tab) : 'pages';
}
