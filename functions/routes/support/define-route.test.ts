// The route kernel (define-route.ts, docs/decisions/0500-declared-routes.md) on the real app
// builder over DynamoDB Local: typed input, the validators' answers, middleware first, and
// the check of every answer against its declaration that runs under vitest.
import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { buildApp } from '../../app-builder.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { routeTable } from '../route-table.ts';
import { testApp } from '../../test/harness.ts';
import { declarationOf, defineRoute, mount } from './define-route.ts';

const itemSchema = z.object({ id: z.uuid(), n: z.number(), name: z.string() });

const echo = defineRoute(
  {
    method: 'post',
    path: '/items/:id',
    summary: 'Echoes its validated input',
    request: {
      params: z.object({ id: z.uuid() }),
      query: z.object({ n: z.coerce.number().int() }),
      json: z.object({ name: z.string().trim().min(1, 'is required') }),
    },
    responses: { 201: itemSchema },
  },
  (c, { params, query, json }) => {
    expectTypeOf(params.id).toEqualTypeOf<string>();
    expectTypeOf(query.n).toEqualTypeOf<number>();
    expectTypeOf(json.name).toEqualTypeOf<string>();
    return c.json({ id: params.id, n: query.n, name: json.name }, 201);
  },
);

const guarded = defineRoute(
  {
    method: 'get',
    path: '/guarded/:id',
    summary: 'Refused by its middleware before its id is read',
    middleware: [
      () => {
        throw new ApiError(401, 'unauthorized', 'Sign in first');
      },
    ],
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 200: itemSchema },
  },
  (c) => c.json({}),
);

const wrongBody = defineRoute(
  { method: 'get', path: '/wrong-body', summary: 'Lies', responses: { 200: itemSchema } },
  (c) => c.json({ id: 'not an id', n: 'one', name: 'x' }),
);
const wrongStatus = defineRoute(
  { method: 'get', path: '/wrong-status', summary: 'Lies', responses: { 200: itemSchema } },
  (c) => c.json({ id: crypto.randomUUID(), n: 1, name: 'x' }, 202),
);
const bodyOnEmpty = defineRoute(
  { method: 'delete', path: '/empty', summary: 'Lies', responses: { 200: null } },
  (c) => c.json({ deleted: true }),
);
const wrongType = defineRoute(
  {
    method: 'get',
    path: '/export',
    summary: 'Lies',
    responses: { 200: { contentType: 'text/csv' } },
  },
  (c) => c.json({ rows: [] }),
);
const wrongError = defineRoute(
  { method: 'get', path: '/own-error', summary: 'Lies', responses: { 200: itemSchema } },
  (c) => c.json({ message: 'no envelope' }, 409),
);
const csv = defineRoute(
  {
    method: 'get',
    path: '/export.csv',
    summary: 'A CSV',
    responses: { 200: { contentType: 'text/csv' } },
  },
  (c) => c.body('a,b\n', 200, { 'Content-Type': 'text/csv; charset=utf-8' }),
);

const ROUTES = [echo, guarded, wrongBody, wrongStatus, bodyOnEmpty, wrongType, wrongError, csv];

async function kernelApp() {
  const { services, log } = await testApp();
  const router = mount(new Hono<AppEnv>(), ROUTES);
  const app = buildApp(services, [{ path: '/kernel', router }]);
  return { app, log, router };
}

const send = (
  app: Awaited<ReturnType<typeof kernelApp>>['app'],
  path: string,
  init?: RequestInit,
) => app.request(`/api/kernel${path}`, init);

const post = (body: string, contentType = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body,
});

describe('defineRoute and mount', () => {
  it('hands the handler the schemas’ outputs (coerced, trimmed)', async () => {
    const { app } = await kernelApp();
    const id = crypto.randomUUID();
    const response = await send(app, `/items/${id}?n=7`, post('{"name":"  Ada  "}'));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id, n: 7, name: 'Ada' });
  });

  it('answers as the validators of lib/validate.ts do: 404, 400 with fields, 415', async () => {
    const { app } = await kernelApp();
    const id = crypto.randomUUID();
    const badId = await send(app, '/items/nope?n=1', post('{"name":"x"}'));
    expect(badId.status).toBe(404);
    expect(await badId.json()).toMatchObject({ error: { code: 'not_found' } });

    const badQuery = await send(app, `/items/${id}?n=x`, post('{"name":"x"}'));
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { n: [expect.any(String)] } },
    });

    const badBody = await send(app, `/items/${id}?n=1`, post('{"name":"   "}'));
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { name: ['is required'] } },
    });

    const notJson = await send(app, `/items/${id}?n=1`, post('name=x', 'text/plain'));
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('runs the middleware before the validators', async () => {
    const { app } = await kernelApp();
    const response = await send(app, '/guarded/not-a-uuid');
    expect(response.status).toBe(401);
  });

  it('registers the routes in order, each with its declaration', async () => {
    const { router } = await kernelApp();
    const table = routeTable([{ path: '/kernel', router }]);
    expect(table.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/kernel/items/:id',
      'GET /api/kernel/guarded/:id',
      'GET /api/kernel/wrong-body',
      'GET /api/kernel/wrong-status',
      'DELETE /api/kernel/empty',
      'GET /api/kernel/export',
      'GET /api/kernel/own-error',
      'GET /api/kernel/export.csv',
    ]);
    expect(table[0]?.declaration).toBe(echo.declaration);
    expect(table[0]?.declaration?.request?.json).toBeDefined();
    const final = router.routes.at(-1)?.handler;
    expect(final && declarationOf(final)?.summary).toBe('A CSV');
  });

  it('passes an answer of the declared content type', async () => {
    const { app } = await kernelApp();
    const response = await send(app, '/export.csv');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('a,b\n');
  });

  it.each([
    ['/wrong-body', 'GET /wrong-body answered 200 with a body its declaration refuses', 'n'],
    ['/wrong-status', 'GET /wrong-status answered 202, a status it does not declare', ''],
    ['/empty', 'DELETE /empty answered 200 with a body; it declares none', ''],
    ['/export', 'GET /export answered 200 as application/json; it declares text/csv', ''],
    ['/own-error', 'GET /own-error answered 409 with a body its declaration refuses', 'error'],
  ])(
    'under vitest, %s fails loudly: a 500 whose log names the route and the issue',
    async (path, says, field) => {
      const { app, log } = await kernelApp();
      const response = await send(app, path, path === '/empty' ? { method: 'DELETE' } : undefined);
      expect(response.status).toBe(500);
      const logged = log.lines.find((line) => line.message === 'unhandled error');
      const error = String(logged?.details?.['error']);
      expect(error).toContain(says);
      if (field) expect(error).toContain(`→ at ${field}`);
    },
  );
});
