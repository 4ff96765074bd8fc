// GET /api/openapi.json (issue 40, docs/decisions/0566-openapi-description.md): the OpenAPI
// description generated from the route table (functions/openapi/document.ts). Anyone gets
// the public routes; a signed-in caller (isSignedIn) every route. Served by the admin
// function (functions/app.ts), which knows every route; app.ts passes their table in, so
// this router imports none of the others.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import type { AppEnv } from '../lib/context.ts';
import { checkSameOrigin, requireAdmin } from '../lib/auth.ts';
import { ApiError } from '../lib/errors.ts';
import { currentAccount } from '../lib/session.ts';
import {
  openApiDocument,
  type OpenApiOptions,
  type WebhookEventDescription,
} from '../openapi/document.ts';
import { defineRoute, mount } from './support/define-route.ts';

/**
 * Whether the caller may read the whole description: an API token (any valid one: the
 * description is no data; a bad token is refused with requireAdmin's 401, never answered as
 * if anonymous), or a valid session cookie on a request from our own site (a cookie another
 * site's page sends along counts for nothing, as requireAdmin refuses it). Never throws for
 * a caller who is not signed in; an unreadable store still answers 503 as everywhere.
 */
async function isSignedIn(c: Context<AppEnv>): Promise<boolean> {
  if (/^Bearer\s/i.test(c.req.header('authorization') ?? '')) {
    await requireAdmin(c, async () => {});
    return true;
  }
  try {
    checkSameOrigin(c);
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
  return (await currentAccount(c)) !== undefined;
}

/** What the document answer is checked against under vitest: an OpenAPI 3.1 object. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

interface OpenApiSources {
  /**
   * The route table of every route the app mounts (routes/route-table.ts; a function:
   * app.ts's list refers to this router).
   */
  routes: () => OpenApiOptions['routes'];
  /** The webhook events (the `webhooks` section), once their module supplies them. */
  webhooks?: () => Readonly<Record<string, WebhookEventDescription>>;
}

/** The router of /api/openapi.json over `sources`; each document is built once, on first use. */
export function openApiRouter(sources: OpenApiSources) {
  let full: Record<string, unknown> | undefined;
  let open: Record<string, unknown> | undefined;
  const build = (publicOnly: boolean) => {
    const table = sources.routes();
    return openApiDocument({
      routes: publicOnly ? table.filter((r) => r.declaration?.permission === 'public') : table,
      version: packageJson.version,
      ...(sources.webhooks && !publicOnly ? { webhooks: sources.webhooks() } : {}),
    });
  };
  const getDocument = defineRoute(
    {
      method: 'get',
      path: '/',
      permission: 'public',
      summary:
        'The OpenAPI 3.1 description of the API: the public routes, or every route when signed in',
      responses: { 200: openApiDocumentSchema },
    },
    async (c) => {
      if (await isSignedIn(c)) {
        c.header('Cache-Control', 'no-store');
        return c.json((full ??= build(false)));
      }
      c.header('Cache-Control', 'no-cache');
      return c.json((open ??= build(true)));
    },
  );
  return mount(new Hono<AppEnv>(), [getDocument]);
}
