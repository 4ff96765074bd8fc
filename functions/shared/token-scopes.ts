// The scopes an API token may hold and what each needs of its creator's role (issue 40,
// docs/decisions/0567-api-tokens.md). Apart from the tokens' request schemas
// (functions/shared/api-tokens.ts): the route kernel (functions/routes/support/define-route.ts)
// and the error envelope need only these, and the public function carries them.
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
