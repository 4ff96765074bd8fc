// One route shape for every router (docs/decisions/0500-declared-routes.md): a named route
// declared with its method, path, summary, request schemas and responses, then its handler,
// whose input is typed from the request schemas. `mount` registers routes on a router in
// order, and `declarationOf` reads a registered route's declaration back (route-table.ts),
// from which the OpenAPI description is generated (`z.toJSONSchema`, issue 40).
//
// Validation is the one of functions/lib/validate.ts (404 for bad params, the 400 envelope
// for a bad query or body, 415 for a body that is not JSON). Under vitest every answer is
// checked against the declaration of its status, so every API test also proves the
// declarations true; in production nothing is checked.
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { errorEnvelopeSchema } from '../../shared/error-envelope.ts';
import { roleAllowsScope, type TokenScope } from '../../shared/token-scopes.ts';
import { ROLE_LABELS, type Permission } from '../../shared/roles.ts';
import { underVitest } from '../../env.ts';
import type { AppEnv, VisitorEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { jsonBody, params, query, requireJson } from '../../lib/validate.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What a route answers with one status: a JSON body's schema, `null` for no body (204, 304),
 * or the content type of anything else (a CSV, a file, an ICS calendar; several when a query
 * parameter chooses, as the audit export's `format`), optionally with a
 * `location` for a redirect.
 */
export type ResponseDeclaration =
  | z.ZodType
  | null
  | { contentType: string | readonly string[]; description?: string }
  | { redirect: true; description?: string };

export interface RequestSchemas {
  /** Path parameters: a malformed one answers 404, as a thing that cannot exist. */
  params?: z.ZodType;
  /** The query string, one value per key. */
  query?: z.ZodType;
  /** Replaces the 400 envelope of a bad query with the route's own wording. */
  queryRefusal?: (issues: readonly z.core.$ZodIssue[]) => ApiError;
  /** A JSON body: any other Content-Type answers 415. */
  json?: z.ZodType;
  /**
   * A body the handler reads and checks itself with `schema` (a beacon's JSON sent as
   * text/plain): declared for the description, never validated by the kernel.
   */
  ownBody?: { schema: z.ZodType; contentTypes: readonly string[] };
}

/**
 * Who may call a route (the OpenAPI `x-permission`; functions/routes/roles.security.test.ts
 * holds every route to it): 'public' needs no sign-in, 'session' any signed-in role, a
 * permission of functions/shared/roles.ts, or any one of several (a refusal names the first).
 * A page change declared 'publish' needs `edit`, and `publish` because visitors would see it.
 */
export type RoutePermission =
  'public' | 'session' | Permission | readonly [Permission, ...Permission[]];

/** A route's declaration: everything but its handler. */
export interface RouteDeclaration<R extends RequestSchemas = RequestSchemas> {
  method: Method;
  /** The path below the router's mount point, with Hono's `:name` parameters. */
  path: string;
  /** What the route does, in a sentence (the OpenAPI summary). */
  summary: string;
  /** Who may call it (see RoutePermission). */
  permission?: RoutePermission;
  /** The API token scope that reaches it (functions/shared/api-tokens.ts); none: no token does. */
  scope?: TokenScope;
  request?: R;
  /**
   * The answers by status. Error answers (4xx, 5xx) are the one error envelope
   * (errorEnvelopeSchema) and need not be listed.
   */
  responses: Readonly<Record<number, ResponseDeclaration>>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The handler's validated input, typed from the request schemas. */
export interface RouteInput<R extends RequestSchemas> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  json: Out<R['json']>;
}

export interface RouteSpec<E extends Env, R extends RequestSchemas> extends RouteDeclaration<R> {
  /** Run before validation, in order: authentication, permissions, body limits, ETags. */
  middleware?: readonly MiddlewareHandler<E>[];
}

export type RouteHandler<E extends Env, R extends RequestSchemas> = (
  c: Context<E>,
  input: RouteInput<R>,
) => Response | Promise<Response>;

/** A declared route, ready for `mount`. */
export interface DefinedRoute<E extends Env> {
  declaration: RouteDeclaration;
  /** The middleware, the validators and the handler, in the order they run. */
  handlers: readonly MiddlewareHandler<E>[];
}

const declarations = new WeakMap<object, RouteDeclaration>();

/** The declaration of the route whose final handler is `handler`, if it was declared. */
export const declarationOf = (handler: object): RouteDeclaration | undefined =>
  declarations.get(handler);

const CHECK_RESPONSES = underVitest();

/** A route of environment E: its declaration and its handler (see the module comment). */
function declareRoute<E extends Env, R extends RequestSchemas>(
  spec: RouteSpec<E, R>,
  handler: RouteHandler<E, R>,
  scopeCheck?: (scope: TokenScope | undefined) => MiddlewareHandler<AppEnv>,
): DefinedRoute<E> {
  const { middleware = [], ...declaration } = spec;
  const request: RequestSchemas = spec.request ?? {};
  const validators: MiddlewareHandler[] = [];
  if (request.params) validators.push(params(request.params));
  // The body before the query: a route with both (the S3 companion's complete, s3.ts)
  // names a bad body's fields even when its query is wrong too, as it always did.
  if (request.json) validators.push(requireJson, jsonBody(request.json));
  if (request.query) validators.push(query(request.query, request.queryRefusal));

  const final: MiddlewareHandler<E> = async (c) => {
    // The validators above stored these; their types are the request schemas' outputs,
    // which Hono's context, typed without them, cannot carry from there to here.
    const valid = c.req.valid.bind(c.req) as (target: string) => unknown;
    const input = {
      params: request.params ? valid('param') : undefined,
      query: request.query ? valid('query') : undefined,
      json: request.json ? valid('json') : undefined,
    } as RouteInput<R>;
    const response = await handler(c, input);
    if (CHECK_RESPONSES) await checkResponse(declaration, response);
    return response;
  };
  declarations.set(final, declaration);
  // An administrators' route checks an API token's scope (tokenScopeCheck); a visitor's route
  // takes no token. After the route's own middleware, which may be what signs the caller in
  // (a router without requireAdmin: workflow.ts's `editing`), and before the input is read.
  const checks = scopeCheck
    ? [scopeCheck(declaration.scope) as unknown as MiddlewareHandler<E>]
    : [];
  return { declaration, handlers: [...middleware, ...checks, ...validators, final] };
}

/**
 * Before every route's validators: a call made with an API token (functions/lib/auth.ts sets
 * `token`) is refused with 403 unless the route declares a scope, the token holds it, and
 * the role its creator has now still allows it (functions/shared/api-tokens.ts). The
 * routers' permission checks ran before, on the creator's current role.
 */
const tokenScopeCheck =
  (scope: TokenScope | undefined): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const token = c.get('token');
    if (!token) return next();
    if (!scope) {
      throw new ApiError(
        403,
        'forbidden',
        'API tokens cannot call this route: sign in to the admin for it',
      );
    }
    const refuse = (message: string) =>
      new ApiError(403, 'forbidden', message, undefined, undefined, undefined, undefined, scope);
    if (!token.scopes.includes(scope)) throw refuse(`This API token lacks the ${scope} scope`);
    const role = c.get('admin')?.role;
    if (!role || !roleAllowsScope(role, scope)) {
      throw refuse(
        `The role of this API token's creator (${role ? ROLE_LABELS[role] : 'none'}) no longer allows the ${scope} scope`,
      );
    }
    await next();
  };

/** The route definer of routers of environment E (its routes leave E out). */
const routeDefiner =
  <E extends Env>(scopeCheck?: typeof tokenScopeCheck) =>
  <const R extends RequestSchemas = Record<never, never>>(
    spec: RouteSpec<E, R>,
    handler: RouteHandler<E, R>,
  ): DefinedRoute<E> =>
    declareRoute<E, R>(spec, handler, scopeCheck);

/**
 * An administrators' route (a `Hono<AppEnv>` router; functions/app.ts). Pure: a bundle that
 * declares no administrators' route (the public function's) leaves it, and the token check,
 * out.
 */
export const defineRoute = /* @__PURE__ */ routeDefiner<AppEnv>(tokenScopeCheck);

/** A visitors' route (a `Hono<VisitorEnv>` router; functions/routes/public-routes.ts). */
export const defineVisitorRoute = routeDefiner<VisitorEnv>();

/** Registers `routes` on `router` in order (Hono matches the first that fits) and returns it. */
export function mount<E extends Env, R extends Hono<E>>(
  router: R,
  routes: readonly DefinedRoute<E>[],
): R {
  for (const { declaration, handlers } of routes) {
    const [first, ...rest] = handlers;
    if (first) router.on(declaration.method.toUpperCase(), declaration.path, first, ...rest);
  }
  return router;
}

/** Throws (a 500 in the test that sees it) when `response` is not what the route declared. */
async function checkResponse(declaration: RouteDeclaration, response: Response): Promise<void> {
  const { status } = response;
  const where = `${declaration.method.toUpperCase()} ${declaration.path} answered ${status}`;
  const declared: ResponseDeclaration | undefined =
    status in declaration.responses
      ? declaration.responses[status]
      : status >= 400
        ? errorEnvelopeSchema
        : undefined;
  if (declared === undefined) {
    throw new Error(`${where}, a status it does not declare`);
  }
  if (declared === null) {
    if (response.body !== null) throw new Error(`${where} with a body; it declares none`);
    return;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if ('redirect' in declared) {
    if (!response.headers.has('location')) throw new Error(`${where} without a Location`);
    return;
  }
  if ('contentType' in declared) {
    const types = [declared.contentType].flat();
    if (!types.some((type) => contentType.startsWith(type))) {
      throw new Error(`${where} as ${contentType}; it declares ${types.join(' or ')}`);
    }
    return;
  }
  if (!contentType.startsWith('application/json')) {
    throw new Error(`${where} as ${contentType || 'no content type'}; it declares JSON`);
  }
  const parsed = declared.safeParse(await response.clone().json());
  if (!parsed.success) {
    throw new Error(
      `${where} with a body its declaration refuses:\n${z.prettifyError(parsed.error)}`,
    );
  }
}
