// API tokens (issue 40, docs/api.md): what a token may reach. A token carries scopes; each
// declared route that tokens may call names its scope (`scope` in
// functions/routes/support/define-route.ts), and a route without one refuses every token.
// A scope needs a permission of its creator's role (functions/shared/roles.ts), when the
// token is made and at every call.
import * as z from 'zod';
import { can, type Permission, type Role } from './roles.ts';

export const TOKEN_SCOPES = [
  'pages:read',
  /** Working copies only: never publish, approve or delete. */
  'pages:write',
  'analytics:read',
  'leads:read',
  /** A lead's status, owner and notes. */
  'leads:write',
  'forms:read',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** The permission a scope needs of the token's creator; 'session' is any signed-in role. */
export const SCOPE_PERMISSION: Record<TokenScope, Permission | 'session'> = {
  'pages:read': 'session',
  'pages:write': 'edit',
  'analytics:read': 'analytics',
  'leads:read': 'leads',
  'leads:write': 'leads',
  'forms:read': 'edit',
};

/** Whether `role` may hold `scope`. */
export const roleAllowsScope = (role: Role, scope: TokenScope): boolean => {
  const needed = SCOPE_PERMISSION[scope];
  return needed === 'session' || can(role, needed);
};

/** What a token's secret looks like: `pb_` and 43 base64url characters (32 random bytes). */
export const TOKEN_PREFIX = 'pb_';
