// Administrator authentication: the session cookie, the middleware that guards every
// admin route, the cross-site request check, and the first-run administrator.
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Services, SignedIn, TokenCall } from './context.ts';
import type { Logger } from '../core/logger.ts';
import { trustedForwarded } from './forwarded.ts';
import { ApiError } from './errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import type { SignInAttempt } from '../data/sign-in-throttle.ts';
import {
  currentAccount,
  LOCAL_COOKIE,
  SECURE_COOKIE,
  sessionId,
  sessionMeta,
  setSessionCookie,
} from './session.ts';
import { can, forbiddenMessage, ROLE_LABELS, type Permission } from '../shared/roles.ts';

// The session cookie and the signed-in administrator live in session.ts (the public Lambda
// function needs them without this module's password hashing and its common-password list).
export { LOCAL_COOKIE, sessionId, clearSessionCookie } from './session.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Signs `email` in: a new session id at every sign-in (the one the browser had, if any,
 * ends server side), the cookie, and the admin's last sign-in time.
 */
export async function startSession(c: Context<AppEnv>, email: string) {
  const services = c.get('services');
  const previous = sessionId(c);
  if (previous) await services.sessions.delete(previous);
  const session = await services.sessions.create(
    email,
    sessionTtlSeconds(services),
    sessionMeta(c),
  );
  await services.admins.recordSignIn(email);
  setSessionCookie(c, session.id, session.expiresAt);
  return { email, expiresAt: session.expiresAt.toISOString() };
}

/**
 * Guards an admin route: 401 without a valid session or API token. A session (the cookie)
 * is refused with 403 from another site (checkSameOrigin); an API token (Authorization:
 * Bearer pb_..., signInWithToken) carries no cookie, so no other site can make a browser
 * send it, and the same-site checks do not apply. Both at once answer 400. Admin responses
 * are never cached.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Once per request: a router mounted at /account also guards /account/sessions, whose
  // own router guards it again (functions/app.ts mounts in any order).
  if (c.get('admin')) return next();
  c.header('Cache-Control', 'no-store');
  const bearer = bearerToken(c);
  if (bearer !== undefined) {
    await signInWithToken(c, bearer);
  } else {
    checkSameOrigin(c);
    const account = await currentAccount(c);
    if (!account) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
    c.set('admin', account);
  }
  await next();
  c.header('Cache-Control', 'no-store');
  const token = c.get('token');
  if (token) await auditTokenCall(c, token);
};

/** The secret of `Authorization: Bearer <secret>`, or undefined without a Bearer header. */
function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer(?:[ \t]+(\S*))?\s*$/i.exec(c.req.header('authorization') ?? '');
  return match ? (match[1] ?? '') : undefined;
}

/** Whether a request names an API token (sameSiteReads lets it through to requireAdmin). */
const hasBearer = (c: Context<AppEnv>) => bearerToken(c) !== undefined;

/**
 * Signs a request in as the creator of the API token it carries (docs/decisions/0567-api-tokens.md):
 * the token must be known, unrevoked and unexpired, its creator enabled, and its per-minute
 * budget left. The signed-in account is the creator with their current role, so the
 * routers' permissions check the role, and each route's scope check (define-route.ts) the
 * token's scopes.
 */
async function signInWithToken(c: Context<AppEnv>, secret: string): Promise<void> {
  if (getCookie(c, LOCAL_COOKIE) !== undefined || getCookie(c, SECURE_COOKIE) !== undefined) {
    throw new ApiError(
      400,
      'bad_request',
      'Send either a session cookie or an API token, not both',
    );
  }
  const services = c.get('services');
  const lookup = await services.apiTokens.resolve(secret);
  if (lookup.status === 'unknown') {
    throw new ApiError(
      401,
      'unauthorized',
      'This API token is not valid: check that it was copied whole',
    );
  }
  if (lookup.status === 'revoked') {
    throw new ApiError(401, 'unauthorized', 'This API token has been revoked');
  }
  if (lookup.status === 'expired') {
    throw new ApiError(
      401,
      'unauthorized',
      `This API token expired on ${lookup.token.expiresAt?.slice(0, 10)}`,
    );
  }
  const { token } = lookup;
  const creator = await services.admins.get(token.createdBy);
  if (!creator || creator.disabled) {
    throw new ApiError(
      401,
      'unauthorized',
      'The account that made this API token is disabled, so the token no longer works',
    );
  }
  const limit = services.config.env.API_TOKEN_RATE_LIMIT;
  const rate = await services.rateLimiter.hit('api-token', token.id, {
    limit,
    windowSeconds: 60,
  });
  if (!rate.allowed) {
    throw new ApiError(
      429,
      'rate_limited',
      `This API token may make ${limit} calls a minute; try again in ${wait(rate.retryAfterSeconds)}`,
      undefined,
      rate.retryAfterSeconds,
    );
  }
  await services.apiTokens.touch(token);
  c.set('admin', {
    email: creator.email,
    role: creator.role,
    // No session: routes that need one (signatures, the session list) declare no scope,
    // so a token never reaches them.
    session: { key: '', signed: false },
  });
  c.set('token', {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    createdBy: creator.email,
  });
}

/** Who a change made with an API token was made by, as the audit log names it. */
const tokenActor = (token: TokenCall) => `${token.createdBy} (API token “${token.name}”)`;

/**
 * The audit entry of a call made with an API token, read or change, whatever its answer
 * (issue 40: each call audited as the token).
 */
async function auditTokenCall(c: Context<AppEnv>, token: TokenCall): Promise<void> {
  const services = c.get('services');
  const path = new URL(c.req.url).pathname;
  try {
    await services.audit.record({
      actor: tokenActor(token),
      action: 'api-call',
      summary: `API token “${token.name}” of ${token.createdBy} called ${c.req.method} ${path}: ${c.res.status}`,
      ip: services.clientIp(c),
    });
  } catch (error) {
    // The change is made and audited in its own transaction already (as the creator): a
    // failure here is logged, not turned into an error answer for a change that happened.
    services.log.error('API token call not audited', {
      token: token.id,
      method: c.req.method,
      path,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The signed-in account (set by requireAdmin, which every admin router runs first). */
export function signedIn(c: Context<AppEnv>): SignedIn {
  const admin = c.get('admin');
  if (!admin) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
  return admin;
}

/**
 * Refuses with 403 naming the permission unless the signed-in account's role has it
 * (docs/decisions/0131-roles.md); the refusal is audited. For routes whose permission
 * depends on the request (a live page needs `publish`), call it from the handler.
 */
export async function assertPermission(
  c: Context<AppEnv>,
  needed: Permission | readonly Permission[],
): Promise<void> {
  const { email, role } = signedIn(c);
  // Any one of several will do (comments: editing or reviewing); a refusal names the first.
  const options = typeof needed === 'string' ? [needed] : needed;
  if (options.some((option) => can(role, option))) return;
  const permission = options[0]!;
  await c.get('services').audit.record({
    actor: email,
    action: 'forbidden',
    summary: `Refused ${c.req.method} ${new URL(c.req.url).pathname}: the ${ROLE_LABELS[role]} role lacks the ${permission} permission`,
    ip: c.get('services').clientIp(c),
  });
  throw new ApiError(
    403,
    'forbidden',
    forbiddenMessage(role, permission),
    undefined,
    undefined,
    undefined,
    permission,
  );
}

/**
 * requireAdmin, then the role's permission: `router.use(requirePermission('leads'))`.
 * With `writesOnly`, reads (GET, HEAD) need only a session: every role may look at pages
 * and images, and the permission guards the changes.
 */
export function requirePermission(
  permission: Permission | readonly Permission[],
  { writesOnly = false } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireAdmin(c, async () => {
      if (!writesOnly || UNSAFE_METHODS.has(c.req.method)) await assertPermission(c, permission);
      await next();
    });
  };
}

/**
 * One handler's permission, beyond its router's: checked before the handler's input is read,
 * so a role that lacks it hears of the permission, never of a field. Behind requireAdmin
 * (the router's requirePermission), which has signed the caller in.
 */
export function handlerPermission(
  permission: Permission | readonly Permission[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertPermission(c, permission);
    await next();
  };
}

const REFUSAL_REASONS = {
  pair: 'too many failures from this address for this account',
  ip: 'too many failures from this address',
  account: 'the account is slowed down after repeated failures',
} as const;

const wait = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

/**
 * Before a password or code of `email` is checked (sign-in, and the account actions that
 * ask for them again): throttled, a 429 with Retry-After and one message whichever limit
 * it was, so the answer says nothing about the account. The refusal is audited once per
 * window and limit, so an attacker cannot flood the log.
 */
export async function beginCredentialCheck(
  c: Context<AppEnv>,
  email: string,
): Promise<SignInAttempt> {
  const services = c.get('services');
  const ip = services.clientIp(c);
  const verdict = await services.signInThrottle.begin(email, ip);
  if (verdict.allowed) return verdict.attempt;
  if (verdict.first) {
    await services.audit.record({
      actor: email,
      action: 'sign-in-failed',
      summary: `Sign-in refused: ${REFUSAL_REASONS[verdict.limit]}`,
      ip,
    });
  }
  c.header('Retry-After', String(verdict.retryAfterSeconds));
  throw new ApiError(
    429,
    'rate_limited',
    `Too many sign-in attempts; try again in ${wait(verdict.retryAfterSeconds)}`,
  );
}

/** The same-origin check alone, for the sign-in routes (login CSRF). */
export const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  checkSameOrigin(c);
  await next();
  c.header('Cache-Control', 'no-store');
};

/** Browsers send `Sec-Fetch-Site` on every request; anything but these came from another site. */
const isOtherSite = (c: Context<AppEnv>) => {
  const fetchSite = c.req.header('sec-fetch-site');
  return fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
};

/**
 * Refuses even reads from another site. requireAdmin does so for every admin route; this
 * stays for routes that name it before requireAdmin (leads, analytics), so their 403 comes
 * before the session is looked up.
 */
export const sameSiteReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  // An API token carries no cookie: requireAdmin checks it (and refuses it with a cookie).
  if (isOtherSite(c) && !hasBearer(c)) {
    c.header('Cache-Control', 'no-store');
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
  await next();
};

/**
 * Refuses admin requests from another site, reads included: they answer private data (and
 * GET /api/s3/params a signed upload ticket, which it no longer stores: issue 33).
 * `Sec-Fetch-Site` other than same-origin/none (typed into the address bar) is refused
 * on every method, same-site as well (another subdomain is not the admin). Changes must
 * also carry no foreign Origin, which older browsers without Sec-Fetch-Site do send on
 * cross-origin POST/PUT/DELETE. The allowed origins are the request's own (the local
 * server, http://localhost:PORT) and the configured public site (behind CloudFront the
 * Lambda sees its own host, the browser the site's: SITE_URL covers it).
 */
export function checkSameOrigin(c: Context<AppEnv>): void {
  if (isOtherSite(c)) {
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
  if (!UNSAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('origin');
  if (origin === undefined) return;
  if (!allowedOrigins(c).has(origin)) {
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
}

function allowedOrigins(c: Context<AppEnv>): Set<string> {
  const allowed = new Set<string>([new URL(c.get('services').config.siteUrl).origin]);
  const own = new URL(c.req.url);
  allowed.add(own.origin);
  // A proxy of ours in front of `npm start` (TRUST_PROXY) names the host the browser used.
  // In AWS TRUST_PROXY is unset: CloudFront passes viewer headers through, so a viewer's
  // X-Forwarded-Host would arrive as written, and SITE_URL already names the site.
  const forwardedHost = trustedForwarded(c, 'x-forwarded-host');
  if (forwardedHost) {
    const proto = trustedForwarded(c, 'x-forwarded-proto') === 'http' ? 'http' : 'https';
    allowed.add(`${proto}://${forwardedHost}`);
  }
  return allowed;
}

export const sessionTtlSeconds = (services: Services) =>
  Math.round(services.config.env.SESSION_TTL_HOURS * 3600);

export type BootstrapResult =
  | { kind: 'exists' }
  | { kind: 'created'; email: string }
  | { kind: 'setup'; token: string; expiresAt: Date };

/**
 * First run: with no administrator, ADMIN_EMAIL/ADMIN_PASSWORD create one; without them
 * a one-time setup token is issued (the caller prints the link). No default credentials.
 */
export async function bootstrapAdmin(services: Services, log: Logger): Promise<BootstrapResult> {
  const { admins, config, audit } = services;
  if (await admins.any()) return { kind: 'exists' };
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config.env;
  if (email && password) {
    const problem = passwordProblem(password);
    if (problem) throw new BootstrapError(`ADMIN_PASSWORD ${problem}`);
    const created = await admins.create(email, await hashPassword(password), { first: true });
    if (!created) return { kind: 'exists' };
    await audit.record({
      actor: 'system',
      action: 'setup',
      summary: `First administrator ${email} created from ADMIN_EMAIL`,
    });
    log.info('first administrator created from ADMIN_EMAIL', { email });
    return { kind: 'created', email };
  }
  if (email || password) {
    throw new BootstrapError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    services.now().getTime() + config.env.SETUP_TOKEN_TTL_MINUTES * 60_000,
  );
  await admins.saveSetupToken(token, expiresAt);
  return { kind: 'setup', token, expiresAt };
}

export class BootstrapError extends Error {
  override name = 'BootstrapError';
}
