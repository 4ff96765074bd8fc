// API tokens (issue 40, docs/api.md): the tokens' requests and answers. A token carries
// scopes (./token-scopes.ts); each declared route that tokens may call names its scope
// (`scope` in functions/routes/support/define-route.ts), and a route without one refuses
// every token. A scope needs a permission of its creator's role (functions/shared/roles.ts),
// when the token is made and at every call.
import * as z from 'zod';
import { TOKEN_SCOPES, type TokenScope } from './token-scopes.ts';

export { roleAllowsScope, TOKEN_SCOPES, type TokenScope } from './token-scopes.ts';

export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** What a token's secret looks like: `pb_` and 43 base64url characters (32 random bytes). */
export const TOKEN_PREFIX = 'pb_';

/** The expiries the admin offers; the API takes any whole number of days from 1 to 365. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** POST /api/admin/tokens: a name, at least one scope, and an optional expiry. */
export const createTokenSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name')
    .max(80, 'Keep the name to 80 characters or fewer'),
  scopes: z
    .array(tokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z
    .number()
    .int('Give the expiry in whole days')
    .min(1, 'A token lasts at least 1 day')
    .max(365, 'A token lasts at most 365 days')
    .nullish(),
});

/** A token as lists show it: never its secret or the secret's hash. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(tokenScopeSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  /** null: the token does not expire. */
  expiresAt: z.string().nullable(),
  /** null: never used (updated at most once a minute). */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of POST /api/admin/tokens: the token and, this once, its secret. */
export const createdTokenSchema = apiTokenSchema.extend({
  token: z.string().startsWith(TOKEN_PREFIX),
});
export type CreatedToken = z.infer<typeof createdTokenSchema>;

/** GET /api/admin/tokens: the tokens that still work (revoked ones are gone). */
export const tokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type TokenList = z.infer<typeof tokenListSchema>;

/** Labels for the admin's scope checkboxes. */
export const SCOPE_LABELS: Record<TokenScope, string> = {
  'pages:read': 'Read pages',
  'pages:write': 'Edit working copies (never publish, approve or delete)',
  'analytics:read': 'Read analytics',
  'leads:read': 'Read leads',
  'leads:write': "Change leads' status, owner and notes",
  'forms:read': 'Read forms',
};
