// The Hono API, the same app on Node (functions/server) and on Lambda (functions/lambda.ts).
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { ApiError, type ErrorBody } from './lib/errors.ts';
import type { AppEnv, Services } from './lib/context.ts';
import { originVerify } from './lib/origin-verify.ts';
import { API_CONTENT_SECURITY_POLICY } from './shared/security-headers.ts';
import {
  isStoreUnavailable,
  STORE_RETRY_AFTER_SECONDS,
  StoreIncidents,
} from './lib/store-errors.ts';
import { health } from './routes/health.ts';
import { landingPages } from './routes/landing-pages.ts';
import { auth } from './routes/auth.ts';
import { account } from './routes/account.ts';
import { adminApi } from './routes/admin-api.ts';
import { leads } from './routes/leads.ts';
import { analytics } from './routes/analytics.ts';
import { contact } from './routes/contact.ts';
import { conversions } from './routes/conversions.ts';
import { localUploads, objects } from './routes/objects.ts';
import { s3 } from './routes/s3.ts';
import { media } from './routes/media.ts';

/** Landing-page content is the largest body the API takes; 256 KiB leaves ample room. */
export const MAX_BODY_BYTES = 256 * 1024;

export function createApp(services: Services) {
  const app = new Hono<AppEnv>({ strict: false }).basePath('/api');
  const incidents = new StoreIncidents(services.log, services.now);
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
  });
  app.use(originVerify);

  // The local server's signed upload URLs (disk driver) stream bodies of up to
  // MEDIA_MAX_BYTES to disk under their own signed limit: registered before the body limit,
  // which therefore never runs for them.
  app.route('/objects/local', localUploads);

  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          'payload_too_large',
          `The request body must be at most ${MAX_BODY_BYTES} bytes`,
        );
      },
    }),
  );

  app.route('/health', health);
  app.route('/landing-pages', landingPages);
  app.route('/auth', auth);
  app.route('/account', account);
  // Before /admin: its own requireAdmin answers, so adminApi's does not run a second time.
  app.route('/admin/leads', leads);
  app.route('/admin/analytics', analytics);
  app.route('/admin/media', media);
  app.route('/admin', adminApi);
  app.route('/contact', contact);
  app.route('/conversions', conversions);
  app.route('/objects', objects);
  app.route('/s3', s3);

  app.notFound((c) =>
    c.json<ErrorBody>(
      { error: { code: 'not_found', message: `No API route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status);
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
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
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

export type App = ReturnType<typeof createApp>;
