// The OpenAPI 3.1 description of the API (issue 40, docs/decisions/0566-openapi-description.md),
// generated from the route table (functions/routes/route-table.ts) and each route's
// declaration (functions/routes/support/define-route.ts): one source, no hand-written copy.
// Request schemas become JSON Schema as they are sent (zod's io 'input'), answers as they are
// parsed (io 'output'); every error answer is the one error envelope
// (functions/shared/error-envelope.ts). GET /api/openapi.json (functions/routes/openapi.ts)
// serves it, and the admin's API reference (/admin/api) renders it.
import * as z from 'zod';
import { errorEnvelopeSchema } from '../shared/error-envelope.ts';
import type { RouteEntry } from '../routes/route-table.ts';
import type {
  RouteDeclaration,
  RoutePermission,
  ResponseDeclaration,
} from '../routes/support/define-route.ts';
import { SECURE_COOKIE, LOCAL_COOKIE } from '../lib/session.ts';

/** A JSON value of the document (an OpenAPI object, a JSON Schema). */
type Json = Record<string, unknown>;

/**
 * One webhook event as the OpenAPI `webhooks` section describes it: what it means and the
 * payload a receiver gets. The webhooks' own module supplies the catalogue.
 */
export interface WebhookEventDescription {
  summary: string;
  description?: string;
  /** The delivered JSON body (`{type, timestamp, data}`). */
  payload: z.ZodType;
}

export interface OpenApiOptions {
  /** The routes to describe (routeTable(ALL_ROUTES), or only the public ones). */
  routes: readonly RouteEntry[];
  /** The API's version (package.json's). */
  version: string;
  /** Event name to its description: the OpenAPI `webhooks` entries. */
  webhooks?: Readonly<Record<string, WebhookEventDescription>>;
}

/** The security schemes' names: the session cookie, and an API token as a bearer. */
const SESSION_SCHEME = 'session';
const TOKEN_SCHEME = 'token';

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorEnvelope';

/**
 * The error answers the description names, by status: what each means. Which of them a
 * route lists follows from its declaration (errorStatuses below).
 */
const ERROR_ANSWERS: Readonly<Record<number, string>> = {
  400: 'The query or body is not valid: `fields` names each field and its problem',
  401: 'Not signed in (no session, or no valid API token)',
  403: 'A request from another site, or a role (or token scope) without the permission: `permission` names it',
  404: 'Nothing of that id (or a malformed one)',
  409: 'The change conflicts with the current state (a newer revision, a state that does not allow it)',
  413: 'The body is larger than the API takes',
  415: 'The body is not of a content type the route takes',
  429: 'Too many requests: `Retry-After` says when to try again',
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: Location names where to go',
  304: 'Not modified',
  501: 'Not implemented',
};

/** A Hono path as OpenAPI writes it: `:id` becomes `{id}` (a trailing `*` stays literal). */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/**
 * A stable operationId from the method and path: `GET /api/admin/leads/:id` is
 * `getAdminLeadsById`, `POST /api/landing-pages/:id/submit` `postLandingPagesByIdSubmit`.
 */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment === '*'
        ? ['any']
        : segment.startsWith(':')
          ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
          : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/** The tag of a path: its first segment below /api or /api/admin (`leads`, `auth`, `openapi`). */
export function tagOf(path: string): string {
  const [first = 'api'] = path
    .replace(/^\/api\/(admin\/)?/, '')
    .split('/')
    .filter(Boolean);
  return first.replace(/\.json$/, '');
}

/** A zod schema as a JSON Schema of the document (2020-12, OpenAPI 3.1's dialect). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const converted = z.toJSONSchema(schema, { io }) as Json;
  // The dialect is the document's (jsonSchemaDialect's default): not repeated per schema.
  delete converted['$schema'];
  return converted;
}

/** Path or query parameters from an object schema (one per property). */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const converted = jsonSchema(schema, 'input');
  const properties = converted['properties'] as Record<string, Json> | undefined;
  if (!properties) {
    // Not an object of named keys: the whole query as one form-style object.
    return [{ name: where, in: where, required: where === 'path', schema: converted }];
  }
  const required = new Set((converted['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property['description'] === 'string'
      ? { description: property['description'] }
      : {}),
    schema: property,
  }));
}

/** The content of a non-JSON answer or body of `contentType`. */
const contentOf = (contentType: string): Json =>
  contentType === 'application/json'
    ? {}
    : contentType.startsWith('text/')
      ? { schema: { type: 'string' } }
      : { schema: { type: 'string', contentMediaType: contentType } };

/** One declared answer as an OpenAPI response object. */
function responseOf(status: number, answer: ResponseDeclaration): Json {
  const fallback = STATUS_TEXT[status] ?? ERROR_ANSWERS[status] ?? `HTTP ${status}`;
  if (answer === null) return { description: fallback };
  if (answer instanceof z.ZodType) {
    return {
      description: fallback,
      content: { 'application/json': { schema: jsonSchema(answer, 'output') } },
    };
  }
  if ('redirect' in answer) {
    return {
      description: answer.description ?? fallback,
      headers: {
        Location: {
          description: 'Where to go',
          required: true,
          schema: { type: 'string', format: 'uri-reference' },
        },
      },
    };
  }
  return {
    description: answer.description ?? fallback,
    content: Object.fromEntries([answer.contentType].flat().map((type) => [type, contentOf(type)])),
  };
}

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The error statuses a route can answer beside those it declares: 400 for a query or body,
 * 401 and 403 unless it is public, 404 for path parameters, 409 for a change to something
 * named on the path, 413 and 415 for a body, 429 where a rate limit applies (the public
 * routes that take a body, sign-in, and API tokens).
 */
export function errorStatuses(declaration: RouteDeclaration): number[] {
  const request = declaration.request ?? {};
  const body = Boolean(request.json ?? request.ownBody);
  const open = declaration.permission === 'public';
  const statuses = new Set<number>();
  if (body || request.query) statuses.add(400);
  if (!open) statuses.add(401).add(403);
  if (request.params) statuses.add(404);
  if (request.params && MUTATING.has(declaration.method)) statuses.add(409);
  if (body) statuses.add(413).add(415);
  if ((open && body) || declaration.scope) statuses.add(429);
  return [...statuses];
}

/** The operation object of one route. */
function operationOf(route: RouteEntry, declaration: RouteDeclaration): Json {
  const request = declaration.request ?? {};
  const parameters = [
    ...parametersOf(request.params, 'path'),
    ...parametersOf(request.query, 'query'),
  ];
  // Every `{name}` of the path is a parameter, schema or not.
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    if (!parameters.some((p) => p['in'] === 'path' && p['name'] === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  const requestBody = request.json
    ? {
        required: true,
        content: { 'application/json': { schema: jsonSchema(request.json, 'input') } },
      }
    : request.ownBody
      ? {
          required: true,
          content: Object.fromEntries(
            request.ownBody.contentTypes.map((type) => [
              type,
              { schema: jsonSchema(request.ownBody!.schema, 'input') },
            ]),
          ),
        }
      : undefined;
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(declaration.responses)) {
    responses[status] = responseOf(Number(status), answer);
  }
  for (const status of errorStatuses(declaration)) {
    responses[String(status)] ??= { $ref: `#/components/responses/Error${status}` };
  }
  const permission: RoutePermission = declaration.permission ?? 'session';
  return {
    operationId: operationId(route.method, route.path),
    summary: declaration.summary,
    tags: [tagOf(route.path)],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security:
      permission === 'public'
        ? []
        : [
            { [SESSION_SCHEME]: [] },
            ...(declaration.scope ? [{ [TOKEN_SCHEME]: [declaration.scope] }] : []),
          ],
    'x-permission': permission,
    ...(declaration.scope ? { 'x-scope': declaration.scope } : {}),
  };
}

/** The error answers as shared components, each the error envelope. */
function errorResponses(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        ...(status === '429'
          ? {
              headers: {
                'Retry-After': {
                  description: 'Seconds to wait before trying again',
                  schema: { type: 'integer', minimum: 0 },
                },
              },
            }
          : {}),
        content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
      },
    ]),
  );
}

/** The OpenAPI `webhooks` section from the events' descriptions. */
function webhooksOf(events: Readonly<Record<string, WebhookEventDescription>>): Json {
  return Object.fromEntries(
    Object.entries(events).map(([event, { summary, description, payload }]) => [
      event,
      {
        post: {
          operationId: `webhook${operationId('', `/${event}`)}`,
          summary,
          ...(description ? { description } : {}),
          tags: ['webhooks'],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(payload, 'output') } },
          },
          responses: {
            '2XX': { description: 'Any 2xx answer acknowledges the delivery' },
          },
        },
      },
    ]),
  );
}

/** The OpenAPI 3.1 document of `routes` (see the module comment). */
export function openApiDocument({ routes, version, webhooks }: OpenApiOptions): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    if (!route.declaration) continue;
    const path = openApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, route.declaration);
  }
  const sortedPaths = Object.fromEntries(
    Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const tags = [...new Set(routes.map((route) => tagOf(route.path)))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'PharmaBridge API',
      version,
      description:
        'Generated from the routes the server runs (functions/openapi/document.ts). Signed in, ' +
        'every route; otherwise only the public ones. Error answers are the error envelope.',
    },
    servers: [{ url: '/' }],
    tags: [
      ...tags.map((name) => ({ name })),
      ...(webhooks && Object.keys(webhooks).length ? [{ name: 'webhooks' }] : []),
    ],
    paths: sortedPaths,
    ...(webhooks && Object.keys(webhooks).length ? { webhooks: webhooksOf(webhooks) } : {}),
    components: {
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
      responses: errorResponses(),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SECURE_COOKIE,
          description: `The session cookie of a sign-in (POST /api/auth/login); ${LOCAL_COOKIE} on the local server over plain http.`,
        },
        [TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            '`Authorization: Bearer pb_...`: an API token, on the routes its scopes reach (x-scope).',
        },
      },
    },
  };
}
