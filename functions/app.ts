// The Hono API with every route, the same app on Node (functions/server) and in the admin
// Lambda function (lambda-admin.ts). The public Lambda function builds its own from
// routes/public-routes.ts with the same builder (app-builder.ts).
import { buildApp, type ApiRoute } from './app-builder.ts';
import type { Services } from './lib/context.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { landingPages } from './routes/landing-pages.ts';
import { workflowRoutes } from './routes/workflow.ts';
import { localeRoutes, localeXliffImport } from './routes/locales.ts';
import { lifecycleRoutes } from './routes/lifecycle.ts';
import { settings } from './routes/admin/settings.ts';
import { leadSettings } from './routes/admin/lead-settings.ts';
import { webhooks } from './routes/admin/webhooks.ts';
import { workflowSummary } from './routes/admin/workflow-summary.ts';
import { auth } from './routes/auth.ts';
import { passwordReset } from './routes/password-reset.ts';
import { profile } from './routes/account/profile.ts';
import { sessions } from './routes/account/sessions.ts';
import { admins } from './routes/account/admins.ts';
import { invitations } from './routes/account/invitations.ts';
import { twoFactor } from './routes/account/two-factor.ts';
import { adminPages } from './routes/admin/pages.ts';
import { deletedPages } from './routes/admin/deleted-pages.ts';
import { auditLog } from './routes/admin/audit.ts';
import { build } from './routes/admin/build.ts';
import { redirects } from './routes/admin/redirects.ts';
import { experiments } from './routes/admin/experiments.ts';
import { reports } from './routes/admin/reports.ts';
import { analyticsShares } from './routes/admin/analytics-shares.ts';
import { apiTokens } from './routes/admin/api-tokens.ts';
import { calendar } from './routes/admin/calendar.ts';
import { realtime } from './routes/admin/realtime.ts';
import { goals } from './routes/admin/goals.ts';
import { claims } from './routes/admin/claims.ts';
import { evidence } from './routes/admin/evidence.ts';
import { formReviews, forms } from './routes/admin/forms.ts';
import { templates } from './routes/admin/templates.ts';
import { leads } from './routes/leads.ts';
import { contacts } from './routes/contacts.ts';
import { analytics } from './routes/analytics.ts';
import { localUploads, objects } from './routes/objects.ts';
import { s3 } from './routes/s3.ts';
import { media } from './routes/media.ts';
import { assets } from './routes/admin/assets.ts';
import { downloads } from './routes/downloads.ts';
import { openApiRouter } from './routes/openapi.ts';
import { routeTable } from './routes/route-table.ts';
import { WEBHOOK_EVENT_DOCS } from './shared/webhooks.ts';

/**
 * The administrators' routes, then the public ones. Each admin router guards itself
 * (`.use(requireAdmin)` in its own file), so the order below does not matter
 * (functions/routes/mount-order.security.test.ts).
 */
export const ALL_ROUTES: ApiRoute[] = [
  // The local server's signed upload URLs (disk driver) stream bodies of up to
  // MEDIA_MAX_BYTES to disk under their own signed limit: mounted before the body limit,
  // which therefore never runs for them.
  { path: '/objects/local', router: localUploads, ownBodyLimit: true },
  // An XLIFF document may be up to 2 MB (functions/localization/xliff-read.ts XLIFF_MAX_BYTES).
  { path: '/landing-pages', router: localeXliffImport, ownBodyLimit: true },
  { path: '/landing-pages', router: landingPages },
  { path: '/landing-pages', router: workflowRoutes },
  { path: '/landing-pages', router: localeRoutes },
  { path: '/landing-pages', router: lifecycleRoutes },
  { path: '/auth', router: auth },
  { path: '/auth/password-reset', router: passwordReset },
  { path: '/account', router: profile },
  { path: '/account/sessions', router: sessions },
  { path: '/account/admins', router: admins },
  { path: '/account/invitations', router: invitations },
  { path: '/account/two-factor', router: twoFactor },
  { path: '/admin/pages', router: adminPages },
  { path: '/admin/deleted-pages', router: deletedPages },
  { path: '/admin/audit', router: auditLog },
  { path: '/admin/build', router: build },
  { path: '/admin/redirects', router: redirects },
  { path: '/admin/experiments', router: experiments },
  { path: '/admin/reports', router: reports },
  { path: '/admin/analytics/shares', router: analyticsShares },
  { path: '/admin/tokens', router: apiTokens },
  { path: '/admin/analytics/realtime', router: realtime },
  { path: '/admin/goals', router: goals },
  { path: '/admin/claims', router: claims },
  { path: '/admin/evidence', router: evidence },
  { path: '/admin/forms', router: forms },
  { path: '/admin/form-reviews', router: formReviews },
  { path: '/admin/templates', router: templates },
  { path: '/admin/settings', router: settings },
  { path: '/admin/settings/leads', router: leadSettings },
  { path: '/admin/webhooks', router: webhooks },
  { path: '/admin/workflow', router: workflowSummary },
  { path: '/admin/calendar', router: calendar },
  { path: '/admin/leads', router: leads },
  { path: '/admin/contacts', router: contacts },
  { path: '/admin/analytics', router: analytics },
  { path: '/admin/media', router: media },
  { path: '/admin/assets', router: assets },
  // Public (the token is the credential) but here, not in PUBLIC_ROUTES: it needs the object
  // store, which the public function does not carry (functions/routes/downloads.ts).
  { path: '/downloads', router: downloads },
  { path: '/objects', router: objects },
  { path: '/s3', router: s3 },
  // The OpenAPI description of the routes above and below (public; more when signed in).
  // A function: the list refers to itself.
  {
    path: '/openapi.json',
    router: openApiRouter({
      routes: () => routeTable(ALL_ROUTES),
      webhooks: () => WEBHOOK_EVENT_DOCS,
    }),
  },
  ...PUBLIC_ROUTES,
];

export function createApp(services: Services) {
  return buildApp(services, ALL_ROUTES);
}
