// The public Lambda function's app (lambda-public.ts): the routes of routes/public-routes.ts,
// split by what a cold start needs (docs/decisions/0545-public-function-cold-start.md). The
// page read, the conversion beacons and the health check are mounted as they are; the
// contact form, the public forms, the draft preview links, shared dashboards and calendar
// feeds are deferred routers (lib/deferred-router.ts): their modules, and the services only
// they use (cold-services.ts DEFERRED_SERVICES), are imported on the first request to one.
// Built in chunks (infra/lambda-esbuild.ts), the function's cold start reads none of their
// code. public-app.test.ts checks that these lists are exactly PUBLIC_ROUTES.
import type { Hono } from 'hono';
import { API_BASE, buildApp, type ApiRoute } from './app-builder.ts';
import {
  DEFERRED_SERVICES,
  type ColdVisitorServices,
  type DeferredVisitorServices,
} from './cold-services.ts';
import type { VisitorEnv, VisitorServices } from './lib/context.ts';
import { deferredRouter } from './lib/deferred-router.ts';
import { health } from './routes/health.ts';
import { landingPageBySlug } from './routes/landing-page-by-slug.ts';
import { conversions } from './routes/conversions.ts';

/** Mounted at a cold start. */
export const COLD_ROUTES: readonly ApiRoute<VisitorEnv>[] = [
  { path: '/health', router: health },
  { path: '/landing-pages', router: landingPageBySlug },
  { path: '/conversions', router: conversions },
];

/** A route whose router is imported on its first request. */
export interface DeferredRoute {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<Hono<VisitorEnv, any, any>>;
}

export const DEFERRED_ROUTES: readonly DeferredRoute[] = [
  { path: '/contact', load: async () => (await import('./routes/contact.ts')).contact },
  { path: '/forms', load: async () => (await import('./routes/forms.ts')).publicForms },
  { path: '/preview', load: async () => (await import('./routes/preview.ts')).preview },
  {
    path: '/shared/analytics',
    load: async () => (await import('./routes/shared-analytics.ts')).sharedAnalytics,
  },
  {
    path: '/calendar/feed',
    load: async () => (await import('./routes/calendar-feed.ts')).calendarFeed,
  },
];

/**
 * The app over the cold services; `deferred` builds the others, once, before the first
 * deferred route runs. Until then each of them is a getter that throws, naming it: a cold
 * route that reached for one would fail loudly (a 500 and its log line), not quietly pull
 * its code into the cold start.
 */
export function publicApp(
  cold: ColdVisitorServices,
  deferred: () => Promise<DeferredVisitorServices>,
) {
  const services = { ...cold };
  for (const name of DEFERRED_SERVICES) {
    Object.defineProperty(services, name, {
      configurable: true,
      enumerable: false,
      get() {
        throw new Error(
          `services.${name} is built with the deferred routes (functions/public-app.ts); a cold route may not use it`,
        );
      },
    });
  }
  let completing: Promise<void> | undefined;
  const complete = () =>
    (completing ??= deferred().then(
      (rest) => {
        for (const name of DEFERRED_SERVICES) {
          Object.defineProperty(services, name, {
            configurable: true,
            enumerable: true,
            writable: false,
            value: rest[name],
          });
        }
      },
      (error: unknown) => {
        completing = undefined;
        throw error;
      },
    ));
  const routes: ApiRoute<VisitorEnv>[] = [
    ...COLD_ROUTES,
    ...DEFERRED_ROUTES.map(({ path, load }) => ({
      path,
      router: deferredRouter<VisitorEnv>(`${API_BASE}${path}`, async () => {
        const [router] = await Promise.all([load(), complete()]);
        return router;
      }),
    })),
  ];
  // Complete once `complete` has run: the getters above stand in for the rest until then.
  return buildApp(services as VisitorServices, routes);
}
