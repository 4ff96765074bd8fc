// The OpenAPI description (functions/openapi/document.ts, GET /api/openapi.json): valid by an
// outside validator (@readme/openapi-parser), complete against the route table, the public
// routes for anyone and every route when signed in, and its schemas the routes' own.
import { WEBHOOK_EVENT_DOCS, WEBHOOK_EVENTS } from '../shared/webhooks.ts';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ALL_ROUTES } from '../app.ts';
import { routeTable } from '../routes/route-table.ts';
import { testApp } from '../test/harness.ts';
import {
  errorStatuses,
  openApiDocument,
  openApiPath,
  operationId,
  tagOf,
  type WebhookEventDescription,
} from './document.ts';

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string; required: boolean }[];
  'x-permission': unknown;
  'x-scope'?: string;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
};

const TABLE = routeTable(ALL_ROUTES);
/** The document as GET /api/openapi.json answers a signed-in caller: every route, every event. */
const full = () =>
  openApiDocument({ routes: TABLE, version: '0.0.0-test', webhooks: WEBHOOK_EVENT_DOCS }) as Doc;

/** The outside validator's verdict; it dereferences in place, so it gets a copy. */
async function verdict(document: unknown): Promise<string> {
  const result = await validate(structuredClone(document) as never);
  return result.valid ? 'valid' : compileErrors(result);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const document = full();
    expect(document.openapi).toBe('3.1.0');
    expect(await verdict(document)).toBe('valid');
  }, 60_000);

  it('names every route of the route table with its permission, scope and statuses', () => {
    const { paths } = full();
    const ids = new Set<string>();
    let operations = 0;
    for (const route of TABLE) {
      const declaration = route.declaration!;
      const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.summary).toBe(declaration.summary);
      expect(operation!['x-permission']).toEqual(declaration.permission);
      expect(operation!['x-scope']).toBe(declaration.scope);
      for (const status of [
        ...Object.keys(declaration.responses),
        ...errorStatuses(declaration).map(String),
      ]) {
        expect(operation!.responses, `${route.method} ${route.path} ${status}`).toHaveProperty(
          status,
        );
      }
      // Public routes need nothing; the others a session, or a token where a scope reaches.
      expect(operation!.security).toEqual(
        declaration.permission === 'public'
          ? []
          : [{ session: [] }, ...(declaration.scope ? [{ token: [declaration.scope] }] : [])],
      );
      ids.add(operation!.operationId);
      operations += 1;
    }
    // Nothing but the table: as many operations as routes, each id once.
    const count = Object.values(paths).reduce((sum, ops) => sum + Object.keys(ops).length, 0);
    expect(count).toBe(operations);
    expect(ids.size).toBe(operations);
    expect(operations).toBeGreaterThan(100);
  });

  it('documents the error envelope for the errors a route can answer', () => {
    const { paths } = full();
    const addRedirect = paths['/api/admin/redirects']!['post']!;
    expect(addRedirect.responses['400']).toEqual({ $ref: '#/components/responses/Error400' });
    expect(addRedirect.responses['403']).toEqual({ $ref: '#/components/responses/Error403' });
    expect(addRedirect.responses['404']).toBeUndefined();
    const health = paths['/api/health']!['get']!;
    expect(Object.keys(health.responses)).toEqual(['200']);
  });

  it('carries a route’s request body schema (POST /api/admin/redirects)', () => {
    const operation = full().paths['/api/admin/redirects']!['post']!;
    const schema = operation.requestBody!.content['application/json']!.schema as {
      properties: Record<string, { enum?: unknown[]; default?: unknown }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['from', 'status', 'to']);
    // As a client sends it: `status` may be left out (301 by default).
    expect(schema.required.sort()).toEqual(['from', 'to']);
    expect(schema.properties['status']!.default).toBe(301);
    expect(schema.additionalProperties).toBe(false);
    expect(operation.tags).toEqual(['redirects']);
    expect(operation.operationId).toBe('postAdminRedirects');
  });

  it('writes path and query parameters from the schemas', () => {
    const { paths } = full();
    const breakdown = paths['/api/admin/goals/{id}/breakdown']!['get']!;
    expect(breakdown.parameters!.filter((p) => p.in === 'path')).toEqual([
      expect.objectContaining({ name: 'id', required: true }),
    ]);
    expect(breakdown.parameters!.some((p) => p.in === 'query')).toBe(true);
  });

  it('names operations and tags from the method and path', () => {
    expect(operationId('GET', '/api/admin/leads/:id')).toBe('getAdminLeadsById');
    expect(operationId('GET', '/api/s3/multipart/*')).toBe('getS3MultipartAny');
    expect(operationId('GET', '/api/openapi.json')).toBe('getOpenapiJson');
    expect(tagOf('/api/admin/leads/:id')).toBe('leads');
    expect(tagOf('/api/landing-pages/:id')).toBe('landing-pages');
    expect(tagOf('/api/openapi.json')).toBe('openapi');
  });

  it('describes the webhooks it is given, as OpenAPI 3.1 `webhooks`', async () => {
    const webhooks: Record<string, WebhookEventDescription> = {
      'page.published': {
        summary: 'A page went live',
        payload: z.object({
          type: z.literal('page.published'),
          timestamp: z.string(),
          data: z.object({ pageId: z.string() }),
        }),
      },
    };
    const document = openApiDocument({ routes: TABLE, version: '1', webhooks }) as Doc;
    const post = document.webhooks!['page.published']!.post;
    expect(post.summary).toBe('A page went live');
    expect(post.requestBody!.content['application/json']!.schema).toMatchObject({
      properties: { type: { const: 'page.published' }, data: { required: ['pageId'] } },
    });
    expect(await verdict(document)).toBe('valid');
    expect((openApiDocument({ routes: TABLE, version: '1' }) as Doc).webhooks).toBeUndefined();
    // The served document names every event of functions/shared/webhooks.ts with its payload.
    expect(Object.keys(full().webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(
      full().webhooks!['lead.created']!.post.requestBody!.content['application/json']!.schema,
    ).toMatchObject({ properties: { type: { const: 'lead.created' } } });
  }, 60_000);
});

describe('GET /api/openapi.json', () => {
  it('answers anyone with the public routes only, and a signed-in account with every route', async () => {
    const { json, signIn } = await testApp();
    const anonymous = await json('GET', '/api/openapi.json');
    expect(anonymous.status).toBe(200);
    const open = (await anonymous.json()) as Doc;
    const operations = (doc: Doc) => Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    const publicRoutes = TABLE.filter((route) => route.declaration?.permission === 'public');
    expect(operations(open).length).toBe(publicRoutes.length);
    expect(operations(open).every((op) => op['x-permission'] === 'public')).toBe(true);
    expect(open.paths['/api/admin/leads']).toBeUndefined();
    expect(open.paths['/api/health']?.['get']).toBeDefined();

    // A sales role reads the whole description too: it documents, it grants nothing.
    const { cookie } = await signIn('sales@pharmabridge.test', 'sales');
    const signedIn = await json('GET', '/api/openapi.json', undefined, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const whole = (await signedIn.json()) as Doc;
    expect(operations(whole).length).toBe(TABLE.length);
    expect(whole.paths['/api/admin/leads']?.['get']?.['x-permission']).toBe('leads');
    expect(whole.info).toMatchObject({ title: 'PharmaBridge API' });
    expect(whole.info.version).toMatch(/^\d+\.\d+\.\d+/);

    // A session cookie another site's page sends along counts for nothing.
    const crossSite = await json('GET', '/api/openapi.json', undefined, {
      cookie,
      'sec-fetch-site': 'cross-site',
    });
    expect(operations((await crossSite.json()) as Doc).length).toBe(publicRoutes.length);

    // An unknown session is nobody: the public description.
    const stale = await json('GET', '/api/openapi.json', undefined, {
      cookie: 'pb_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(operations((await stale.json()) as Doc).length).toBe(publicRoutes.length);

    // An API token, whatever its scopes, reads every route; a bad one is refused, not
    // answered as if anonymous.
    const made = await json(
      'POST',
      '/api/admin/tokens',
      { name: 'Reader', scopes: ['pages:read'] },
      { cookie: (await signIn()).cookie },
    );
    const { token } = (await made.json()) as { token: string };
    const bearer = await json('GET', '/api/openapi.json', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(bearer.status).toBe(200);
    expect(operations((await bearer.json()) as Doc).length).toBe(TABLE.length);
    const wrong = await json('GET', '/api/openapi.json', undefined, {
      authorization: `Bearer ${token.slice(0, -2)}xx`,
    });
    expect(wrong.status).toBe(401);
  });
});
