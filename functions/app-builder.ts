// Builds the Hono API from a list of routes: middleware, body limit, JSON 404 and error
// envelope. app.ts gives it every route (local server, admin Lambda); lambda-public.ts
// only the public ones, so that its bundle does not carry the others.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { ApiError, isAbortedBody, type ErrorBody } from './lib/errors.ts';
import type { AppEnv, Services } from './lib/context.ts';
import { originVerify } from './lib/origin-verify.ts';
import { limitBody } from './lib/validate.ts';
import { sourceStack } from './lib/stack-trace.ts';
import { API_CONTENT_SECURITY_POLICY } from './shared/security-headers.ts';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_SECONDS,
  StoreIncidents,
} from './lib/store-errors.ts';

/** Landing-page content is the largest body the API takes; 256 KiB leaves ample room. */
export const MAX_BODY_BYTES = 256 * 1024;

/** A router and where it is mounted under /api. */
export interface ApiRoute {
  path: string;
  // Routers differ in their schema types; the app only mounts them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  router: Hono<AppEnv, any, any>;
  /** Mounted before the body limit: the route enforces its own (signed upload URLs). */
  ownBodyLimit?: boolean;
}

/** One outage log per app (its services): the error path below and /api/health share it. */
const incidentsByServices = new WeakMap<Services, StoreIncidents>();

/** The store-outage tracker of the app built on `services` (docs/decisions.md "Store outages"). */
export function storeIncidents(services: Services): StoreIncidents {
  let incidents = incidentsByServices.get(services);
  if (!incidents) {
    incidents = new StoreIncidents(services.log, services.now);
    incidentsByServices.set(services, incidents);
  }
  return incidents;
}

export function buildApp(services: Services, routes: ApiRoute[]) {
  const app = new Hono<AppEnv>({ strict: false }).basePath('/api');
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

  for (const route of routes) if (route.ownBodyLimit) app.route(route.path, route.router);

  app.use(limitBody(MAX_BODY_BYTES));

  for (const route of routes) if (!route.ownBodyLimit) app.route(route.path, route.router);

  app.notFound((c) =>
    c.json<ErrorBody>(
      { error: { code: 'not_found', message: `No API route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );

  app.onError((error, c) => {
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
      return c.json<ErrorBody>(
        {
          error: { code: 'bad_request', message: 'The request body was not received in full.' },
        },
        400,
      );
    }
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) {
        c.header('Retry-After', String(error.retryAfterSeconds));
      }
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'payload_too_large' : 'bad_request';
      const message =
        error.message === 'Malformed JSON in request body'
          ? 'The request body is not valid JSON'
          : error.message;
      return c.json<ErrorBody>({ error: { code, message } }, error.status);
    }
    const requestId = c.get('requestId');
    if (isStoreUnavailable(error)) {
      incidents.failure(error, requestId);
      c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      return c.json<ErrorBody>(
        {
          error: {
            code: 'unavailable',
            message: 'The service is temporarily unavailable; please try again shortly',
            requestId,
          },
        },
        503,
      );
    }
    services.log.error('unhandled error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      // Mapped to the sources here: the functions run without --enable-source-maps.
      error: sourceStack(error),
    });
    return c.json<ErrorBody>(
      {
        error: {
          code: 'internal',
          message: 'Something went wrong on our side; please try again',
          requestId,
        },
      },
      500,
    );
  });

  return app;
}
