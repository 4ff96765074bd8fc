// Builds the Hono API from a list of routes: middleware, body limit, JSON 404 and error
// envelope. app.ts gives it every route (local server, admin Lambda); lambda-public.ts
// only the public ones, so that its bundle does not carry the others.
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type { BlankSchema } from 'hono/types';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from './core/domain-errors.ts';
import { ApiError, domainAnswer, isAbortedBody, type ErrorBody } from './lib/errors.ts';
import type { AppEnv, VisitorEnv, VisitorServices } from './lib/context.ts';
import { originVerify } from './lib/origin-verify.ts';
import { limitBody } from './lib/validate.ts';
import { sourceStack } from './lib/stack-trace.ts';
import { API_CONTENT_SECURITY_POLICY, CROSS_ORIGIN_HEADERS } from './shared/security-headers.ts';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_SECONDS,
  StoreIncidents,
} from './lib/store-errors.ts';

/** Where the API is mounted: every route's path is below it. */
export const API_BASE = '/api';

/** Landing-page content is the largest body the API takes; 256 KiB leaves ample room. */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * A router and where it is mounted under /api. E is the environment it may run in: the
 * public function's app takes only VisitorEnv routers, the full app both kinds.
 */
export interface ApiRoute<E extends VisitorEnv | AppEnv = VisitorEnv | AppEnv> {
  path: string;
  // Routers differ in their schema types; the app only mounts them. Distributed over E,
  // so a list may hold routers of either environment.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  router: E extends unknown ? Hono<E, any, any> : never;
  /** Mounted before the body limit: the route enforces its own (signed upload URLs). */
  ownBodyLimit?: boolean;
}

/** One outage log per app (its services): the error path below and /api/health share it. */
const incidentsByServices = new WeakMap<VisitorServices, StoreIncidents>();

/**
 * The store-outage tracker of the app built on `services` (docs/decisions/0035-store-outages.md).
 */
export function storeIncidents(services: VisitorServices): StoreIncidents {
  let incidents = incidentsByServices.get(services);
  if (!incidents) {
    incidents = new StoreIncidents(services.log, services.now);
    incidentsByServices.set(services, incidents);
  }
  return incidents;
}

/**
 * The app over `routes`. The public function passes only the visitor services and so can
 * mount only VisitorEnv routers; the full app (functions/app.ts) passes every service.
 */
export function buildApp(
  services: VisitorServices,
  routes: readonly ApiRoute<VisitorEnv>[],
): Hono<VisitorEnv, BlankSchema, '/api'>;
export function buildApp(
  services: AppEnv['Variables']['services'],
  routes: readonly ApiRoute[],
): Hono<AppEnv, BlankSchema, '/api'>;
export function buildApp(
  services: VisitorServices,
  routes: readonly ApiRoute[],
): Hono<VisitorEnv, BlankSchema, '/api'> | Hono<AppEnv, BlankSchema, '/api'> {
  const app = new Hono<VisitorEnv>({ strict: false }).basePath(API_BASE);
  const incidents = storeIncidents(services);
  // The incident ends when the store really answers again, not when some request that
  // never touched it (a 404, a dropped bot event) happens to succeed.
  services.db.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      incidents.success();
      return result;
    },
    { step: 'initialize' },
  );

  app.use(async (c, next) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    c.set('services', services);
    c.header('X-Request-Id', requestId);
    await next();
    // Data, never documents: not sniffed, not framed, no CORS (the API is same-origin).
    c.header('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(CROSS_ORIGIN_HEADERS)) c.header(name, value);
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
    c.res.headers.delete('Access-Control-Allow-Origin');
    // A 304 carries the Vary the full answer would have (RFC 9110 15.4.5); compress() below
    // only adds it to answers with a body.
    if (c.res.status === 304) c.header('Vary', 'Accept-Encoding');
  });
  app.use(originVerify);
  // JSON of 1 KB and more goes out gzip- or deflate-encoded when the client accepts it
  // (q-values honoured), with Vary: Accept-Encoding and a weak ETag, locally and from
  // Lambda alike (Hono's Lambda adapter base64-encodes an encoded body): CloudFront does
  // not compress the API's uncached answers itself.
  app.use(compress());

  // An AppEnv router only ever comes with every service (the second overload above): the
  // cast only forgets which of the two environments this app was built for.
  const mount = ({ path, router }: ApiRoute) =>
    app.route(path, router as unknown as Hono<VisitorEnv>);
  for (const route of routes) if (route.ownBodyLimit) mount(route);

  app.use(limitBody(MAX_BODY_BYTES));

  for (const route of routes) if (!route.ownBodyLimit) mount(route);

  app.notFound((c) =>
    answer(c, new ApiError(404, 'not_found', `No API route for ${c.req.method} ${c.req.path}`)),
  );

  app.onError((error, c) => answer(c, errorAnswer(error, c)));

  /** Every error answer goes out here: the envelope (ApiError.toBody) and Retry-After. */
  function answer(c: Context<VisitorEnv>, error: ApiError) {
    if (error.retryAfterSeconds !== undefined) {
      c.header('Retry-After', String(error.retryAfterSeconds));
    }
    return c.json<ErrorBody>(error.toBody(), error.status);
  }

  /** What to answer for a thrown error: the one place that maps errors to HTTP. */
  function errorAnswer(error: Error, c: Context<VisitorEnv>): ApiError {
    // A client that hung up mid-body (functions/lib/errors.ts isAbortedBody). The
    // validator turns that failed read into "Malformed JSON"; the Node request (the local
    // server's env) or the request's signal tells the two apart.
    const incoming = (c.env as { incoming?: { errored?: unknown } } | undefined)?.incoming;
    if (
      isAbortedBody(error) ||
      (error instanceof HTTPException &&
        error.status === 400 &&
        (isAbortedBody(incoming?.errored) || c.req.raw.signal.aborted))
    ) {
      services.log.info('request body aborted', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
      });
      // Nobody reads this answer; it only ends the request cleanly.
      return new ApiError(400, 'bad_request', 'The request body was not received in full.');
    }
    if (error instanceof ApiError) return error;
    if (error instanceof DomainError) return domainAnswer(error);
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'payload_too_large' : 'bad_request';
      const message =
        error.message === 'Malformed JSON in request body'
          ? 'The request body is not valid JSON'
          : error.message;
      return new ApiError(error.status as ContentfulStatusCode, code, message);
    }
    const requestId = c.get('requestId');
    if (isStoreUnavailable(error)) {
      incidents.failure(error, requestId);
      return new ApiError(
        503,
        'unavailable',
        'The service is temporarily unavailable; please try again shortly',
        undefined,
        STORE_RETRY_AFTER_SECONDS,
        requestId,
      );
    }
    services.log.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      // Mapped to the sources here: the functions run without --enable-source-maps.
      error: sourceStack(error),
    });
    return new ApiError(
      500,
      'internal',
      'Something went wrong on our side; please try again',
      undefined,
      undefined,
      requestId,
    );
  }

  return app;
}
