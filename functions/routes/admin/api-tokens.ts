// /api/admin/tokens (issue 40, docs/decisions/0567-api-tokens.md): API tokens for scripts and
// other systems. Admins (`accounts`) make, list and revoke them; a token is shown once, when
// made. Calls made with one: functions/lib/auth.ts (Bearer) and the scope check of
// functions/routes/support/define-route.ts.
import { Hono } from 'hono';
import * as z from 'zod';
import type { TokenRecord } from '../../data/api-tokens.ts';
import { requirePermission, signedIn } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  createdTokenSchema,
  createTokenSchema,
  roleAllowsScope,
  tokenListSchema,
  type ApiToken,
  type CreatedToken,
  type TokenList,
  type TokenScope,
} from '../../shared/api-tokens.ts';
import { ROLE_LABELS, type Role } from '../../shared/roles.ts';
import { actorOf } from '../support/actor.ts';
import { defineRoute, mount } from '../support/define-route.ts';

/** What a token's list entry shows: never its secret, its hash or its revocation. */
const listed = (token: TokenRecord): ApiToken => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  createdBy: token.createdBy,
  createdAt: token.createdAt,
  expiresAt: token.expiresAt,
  lastUsedAt: token.lastUsedAt,
});

/** The refusal of scopes `role` may not give, naming the field and the first such scope. */
export function scopesBeyondRole(role: Role, scopes: readonly TokenScope[]): ApiError | undefined {
  const beyond = scopes.find((scope) => !roleAllowsScope(role, scope));
  if (!beyond) return undefined;
  return new ApiError(400, 'validation_failed', 'Check the scopes', {
    scopes: [`Your role (${ROLE_LABELS[role]}) cannot give the ${beyond} scope`],
  });
}

export const listTokens = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary: 'The API tokens that have not been revoked (never their secrets)',
    responses: { 200: tokenListSchema },
  },
  async (c) => {
    const tokens = await c.get('services').apiTokens.list();
    return c.json<TokenList>({ tokens: tokens.map(listed) });
  },
);

export const createToken = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'accounts',
    summary: 'Makes an API token; its secret is in this answer only',
    request: { json: createTokenSchema },
    responses: { 201: createdTokenSchema },
  },
  async (c, { json }) => {
    const refusal = scopesBeyondRole(signedIn(c).role, json.scopes);
    if (refusal) throw refusal;
    const { token, secret } = await c.get('services').apiTokens.create(json, actorOf(c));
    return c.json<CreatedToken>({ ...listed(token), token: secret }, 201);
  },
);

export const revokeToken = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'accounts',
    summary: 'Revokes an API token: the next call made with it answers 401',
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    await c.get('services').apiTokens.revoke(id, actorOf(c));
    return c.body(null, 204);
  },
);

export const apiTokens = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  listTokens,
  createToken,
  revokeToken,
]);
