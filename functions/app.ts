// The Hono API with every route, the same app on Node (functions/server) and in the admin
// Lambda function (lambda-admin.ts). The public Lambda function builds its own from
// routes/public-routes.ts with the same builder (app-builder.ts).
import { buildApp, type ApiRoute } from './app-builder.ts';
import type { Services } from './lib/context.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { landingPages } from './routes/landing-pages.ts';
import { auth } from './routes/auth.ts';
import { account } from './routes/account.ts';
import { adminApi } from './routes/admin-api.ts';
import { leads } from './routes/leads.ts';
import { analytics } from './routes/analytics.ts';
import { localUploads, objects } from './routes/objects.ts';
import { s3 } from './routes/s3.ts';
import { media } from './routes/media.ts';

export { MAX_BODY_BYTES } from './app-builder.ts';

/** The administrators' routes, then the public ones. */
export const ALL_ROUTES: ApiRoute[] = [
  // The local server's signed upload URLs (disk driver) stream bodies of up to
  // MEDIA_MAX_BYTES to disk under their own signed limit: mounted before the body limit,
  // which therefore never runs for them.
  { path: '/objects/local', router: localUploads, ownBodyLimit: true },
  { path: '/landing-pages', router: landingPages },
  { path: '/auth', router: auth },
  { path: '/account', router: account },
  // Before /admin: its own requireAdmin answers, so adminApi's does not run a second time.
  { path: '/admin/leads', router: leads },
  { path: '/admin/analytics', router: analytics },
  { path: '/admin/media', router: media },
  { path: '/admin', router: adminApi },
  { path: '/objects', router: objects },
  { path: '/s3', router: s3 },
  ...PUBLIC_ROUTES,
];

export function createApp(services: Services) {
  return buildApp(services, ALL_ROUTES);
}

export type App = ReturnType<typeof createApp>;
