// The security properties every route must have, over the app's own route table
// (functions/routes/route-table.ts), so a route added tomorrow is covered the day it is
// mounted: JSON bodies with Object.prototype keys answer 400 naming the key (hole 5 of the
// hardening issue), and no admin route answers anyone not signed in.
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import type { ErrorBody } from '../lib/errors.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable, type RouteEntry } from './route-table.ts';
import { adminTestApp } from '../test/harness.ts';

const PROTO_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150 Safari/537.36';

/**
 * Routes whose body is not a JSON object, each with the reason. The test checks that each
 * is a real route, so this list cannot outlive the route it excuses.
 */
const NOT_JSON: Record<string, string> = {
  'POST /api/auth/logout': 'takes no body',
  'POST /api/account/two-factor/enrolment': 'takes no body',
  'POST /api/account/admins/:email/disable': 'an action on the path; takes no body',
  'POST /api/account/admins/:email/enable': 'an action on the path; takes no body',
  'POST /api/account/admins/:email/password-reset': 'an action on the path; takes no body',
  'POST /api/admin/build': 'an action; takes no body',
  'POST /api/admin/reports/weekly/send': 'an action; takes no body',
  'POST /api/admin/experiments/:id/start': 'an action on the path; takes no body',
  'POST /api/admin/experiments/:id/pause': 'an action on the path; takes no body',
  'POST /api/admin/experiments/:id/stop': 'an action on the path; takes no body',
  'POST /api/admin/deleted-pages/:id/restore': 'an action on the path; takes no body',
  'POST /api/admin/leads/:id/retry': 'an action on the path; takes no body',
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/replay':
    'an action on the path; takes no body',
  'POST /api/admin/pages/:id/versions/:versionId/restore': 'an action on the path; takes no body',
  'POST /api/landing-pages/:id/reset-to-template': 'an action on the path; takes no body',
  'PUT /api/landing-pages/:id/locales/:locale/xliff':
    'an XLIFF 2.1 document (application/xliff+xml, functions/routes/locales.ts), not JSON',
  'POST /api/objects/upload': 'docs/requirements.md §7: the upload ticket request has no body',
  'POST /api/admin/assets/:id/complete': 'an action on the path; takes no body',
  'POST /api/landing-pages/:id/comments/:commentId/resolve': 'an action on the path; takes no body',
  'POST /api/landing-pages/:id/comments/:commentId/reopen': 'an action on the path; takes no body',
  'POST /api/s3/multipart':
    "Uppy's S3 protocol: the create call's extra keys are ignored (never read as fields)",
};

/** Public routes and the sign-in/setup flow: they answer without a session by design. */
const ANONYMOUS = (route: RouteEntry) =>
  PUBLIC_ROUTE_KEYS.has(key(route)) ||
  route.path.startsWith('/api/auth/') ||
  route.path.startsWith('/api/objects/local/') ||
  // A gated download's link: the signed token is the credential (routes/downloads.ts).
  route.path.startsWith('/api/downloads/') ||
  // The OpenAPI description: the public routes' part for anyone (routes/openapi.ts).
  route.path === '/api/openapi.json' ||
  // Published uploads are public files (the disk driver serves them under /api/objects).
  (route.method === 'GET' && route.path.startsWith('/api/objects/'));

const key = (route: RouteEntry) => `${route.method} ${route.path}`;
const PUBLIC_ROUTE_KEYS = new Set(routeTable(PUBLIC_ROUTES).map(key));
const ROUTES = routeTable(ALL_ROUTES);

/** A concrete path: each parameter gets a value of the right form that names nothing. */
const concrete = (path: string) =>
  path
    .replace(':email', encodeURIComponent('nobody@pharmabridge.test'))
    .replace(/:(\w+)/g, (_match, name: string) =>
      name === 'slug'
        ? 'no-such-page'
        : name === 'variantId'
          ? 'b'
          : name === 'locale'
            ? 'de-DE'
            : '00000000-0000-4000-8000-000000000000',
    );

describe('every route of the app', () => {
  it('is listed by the route table (it reads the mounted routers)', () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    for (const excused of Object.keys(NOT_JSON)) {
      expect(ROUTES.map(key), excused).toContain(excused);
    }
  });

  it('answers a JSON body with an Object.prototype key with 400 naming the key', async () => {
    const { json, anonJson, log } = await adminTestApp();
    const bodyRoutes = ROUTES.filter(
      (route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && !(key(route) in NOT_JSON),
    );
    expect(bodyRoutes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of bodyRoutes) {
      const send = ANONYMOUS(route) ? anonJson : json;
      for (const protoKey of PROTO_KEYS) {
        // Written as text: an object literal's __proto__ would set the prototype instead.
        const response = await send(route.method, concrete(route.path), `{"${protoKey}":1}`, {
          'user-agent': BROWSER,
        });
        const body = (await response.json()) as ErrorBody;
        if (response.status !== 400 || !Object.hasOwn(body.error?.fields ?? {}, protoKey)) {
          wrong.push(`${key(route)} ${protoKey}: ${response.status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('answers 401 to anyone not signed in on every admin route', async () => {
    const { anonJson } = await adminTestApp();
    const adminRoutes = ROUTES.filter((route) => !ANONYMOUS(route));
    expect(adminRoutes.length).toBeGreaterThan(30);
    const open: string[] = [];
    for (const route of adminRoutes) {
      const response = await anonJson(
        route.method,
        concrete(route.path),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      if (response.status !== 401) open.push(`${key(route)}: ${response.status}`);
    }
    expect(open).toEqual([]);
  });
});
