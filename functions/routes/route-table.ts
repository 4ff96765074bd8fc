// The API's routes as data, read from the mounted Hono routers themselves: the CDK's list of
// the public function's API Gateway routes (infra/constructs/api.ts) and the security tests
// that must cover "every route" take it from here, so a new endpoint is in both the moment
// it is mounted.
import type { ApiRoute } from '../app-builder.ts';

export interface RouteEntry {
  /** GET, POST, PUT, PATCH or DELETE. */
  method: string;
  /** The full path with Hono's parameters, e.g. `/api/landing-pages/:id`. */
  path: string;
}

/** Every method and path the routers answer, once each (middleware entries left out). */
export function routeTable(routes: readonly ApiRoute[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const { path: mount, router } of routes) {
    for (const { method, path } of router.routes) {
      // Middleware (`use`) registers as ALL; a route names its method.
      if (method === 'ALL') continue;
      const full = `/api${mount}${path === '/' ? '' : path}`;
      seen.set(`${method} ${full}`, { method, path: full });
    }
  }
  return [...seen.values()];
}

/** A Hono path as API Gateway writes it: `:slug` becomes `{slug}`. */
export const apiGatewayPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
