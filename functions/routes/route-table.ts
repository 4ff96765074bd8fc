// The API's routes as data, read from the mounted Hono routers themselves: the CDK's list of
// the public function's API Gateway routes (infra/constructs/api.ts) and the security tests
// that must cover "every route" take it from here, so a new endpoint is in both the moment
// it is mounted. A route declared with its schemas (support/define-route.ts) carries its
// declaration, from which the OpenAPI description is generated.
import type { ApiRoute } from '../app-builder.ts';
import { declarationOf, type RouteDeclaration } from './support/define-route.ts';

export interface RouteEntry {
  /** GET, POST, PUT, PATCH or DELETE. */
  method: string;
  /** The full path with Hono's parameters, e.g. `/api/landing-pages/:id`. */
  path: string;
  /** Its summary, request schemas and responses; undefined for a route not yet declared. */
  declaration?: RouteDeclaration;
}

/** Every method and path the routers answer, once each (middleware entries left out). */
export function routeTable(routes: readonly ApiRoute[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const { path: mount, router } of routes) {
    for (const { method, path, handler } of router.routes) {
      // Middleware (`use`) registers as ALL; a route names its method.
      if (method === 'ALL') continue;
      const full = `/api${mount}${path === '/' ? '' : path}`;
      const key = `${method} ${full}`;
      // Hono lists a route once per handler; the declaration sits on the last.
      const declaration = declarationOf(handler) ?? seen.get(key)?.declaration;
      seen.set(key, { method, path: full, ...(declaration ? { declaration } : {}) });
    }
  }
  return [...seen.values()];
}

/** A Hono path as API Gateway writes it: `:slug` becomes `{slug}`. */
export const apiGatewayPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
