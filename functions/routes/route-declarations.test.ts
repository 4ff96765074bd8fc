// Every route of both functions' route tables (functions/app.ts, functions/routes/public-routes.ts)
// is declared with its schemas (support/define-route.ts, docs/decisions/0500-declared-routes.md),
// so the OpenAPI description generated from the declarations is complete. A route added
// with a bare `.get(...)` fails here.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiRoute } from '../app-builder.ts';
import { ALL_ROUTES } from '../app.ts';
import type { AppEnv } from '../lib/context.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routeTable } from './route-table.ts';
import { defineRoute, mount } from './support/define-route.ts';

// The local server's upload receiver (objects.ts `localUploads`, `.all('/*')`) is no route of
// the table: it stands in for S3.

/** The routes of `routes` without a declaration, as "GET /api/...". */
const undeclared = (routes: readonly ApiRoute[]) =>
  routeTable(routes)
    .filter((route) => !route.declaration)
    .map((route) => `${route.method} ${route.path}`);

describe('declared routes', () => {
  it('every route of both functions is declared', () => {
    expect(undeclared([...ALL_ROUTES, ...PUBLIC_ROUTES])).toEqual([]);
  });

  it('names a route added without a declaration', () => {
    const declared = defineRoute(
      { method: 'get', path: '/', summary: 'Declared', responses: { 204: null } },
      (c) => c.body(null, 204),
    );
    const router = mount(new Hono<AppEnv>(), [declared]).get('/bare', (c) => c.json({}));
    expect(undeclared([{ path: '/things', router }])).toEqual(['GET /api/things/bare']);
  });

  it('each declaration carries what the OpenAPI description needs', () => {
    for (const { method, path, declaration } of routeTable(ALL_ROUTES)) {
      if (!declaration) continue;
      expect(method).toBe(declaration.method.toUpperCase());
      expect(path.endsWith(declaration.path === '/' ? '' : declaration.path)).toBe(true);
      expect(declaration.summary.length).toBeGreaterThan(0);
      expect(Object.keys(declaration.responses).length).toBeGreaterThan(0);
      // The schemas become JSON Schema as they are (z.toJSONSchema, issue 40): requests as
      // they are sent, answers as they are parsed.
      const { ownBody, ...request } = declaration.request ?? {};
      for (const schema of [...Object.values(request), ownBody?.schema]) {
        if (schema instanceof z.ZodType) z.toJSONSchema(schema, { io: 'input' });
      }
      for (const answer of Object.values(declaration.responses)) {
        if (answer instanceof z.ZodType) z.toJSONSchema(answer, { io: 'output' });
      }
    }
  });
});
