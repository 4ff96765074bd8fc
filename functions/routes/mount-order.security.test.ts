// Every admin router guards itself (`.use(requireAdmin)` in its own file), so the order
// app.ts mounts them in does not matter: mounted backwards, every admin route still
// answers 401 to anyone not signed in, and a signed-in request checks its session once
// (no router's guard also runs for another router's paths).
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../app.ts';
import { buildApp } from '../app-builder.ts';
import { adminTestApp } from '../test/harness.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable, type RouteEntry } from './route-table.ts';

const key = (route: RouteEntry) => `${route.method} ${route.path}`;
const PUBLIC = new Set(routeTable(PUBLIC_ROUTES).map(key));
const ADMIN_GETS = routeTable(ALL_ROUTES).filter(
  (route) =>
    route.method === 'GET' &&
    !PUBLIC.has(key(route)) &&
    !route.path.startsWith('/api/auth/') &&
    !route.path.startsWith('/api/objects/') &&
    // A gated download's link: the signed token is the credential (routes/downloads.ts).
    !route.path.startsWith('/api/downloads/') &&
    // The OpenAPI description answers anyone (the public routes' part; routes/openapi.ts).
    route.path !== '/api/openapi.json',
);
const concrete = (path: string) =>
  path
    .replace(':email', encodeURIComponent('nobody@pharmabridge.test'))
    .replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('the admin routers, mounted in reverse order', () => {
  it('answer 401 to anonymous callers and check a session once per request', async () => {
    const { services, cookie } = await adminTestApp();
    const app = buildApp(services, [...ALL_ROUTES].reverse());
    expect(ADMIN_GETS.length).toBeGreaterThan(12);
    let lookups = 0;
    const get = services.sessions.get.bind(services.sessions);
    services.sessions.get = (id) => {
      lookups += 1;
      return get(id);
    };
    const wrong: string[] = [];
    for (const route of ADMIN_GETS) {
      const anonymous = await app.request(concrete(route.path));
      if (anonymous.status !== 401) wrong.push(`${key(route)} anonymous: ${anonymous.status}`);
      lookups = 0;
      const signedIn = await app.request(concrete(route.path), { headers: { cookie } });
      if (signedIn.status === 401 || lookups !== 1) {
        wrong.push(`${key(route)} signed in: ${signedIn.status}, ${lookups} session lookups`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
