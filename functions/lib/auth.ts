// Administrator authentication: the session cookie, the middleware that guards every
// admin route, the cross-site request check, and the first-run administrator.
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Logger, Services } from './context.ts';
import { ApiError } from './errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import type { SignInAttempt } from '../data/sign-in-throttle.ts';
import { currentAdmin, sessionId, sessionMeta, setSessionCookie } from './session.ts';

// The session cookie and the signed-in administrator live in session.ts (the public Lambda
// function needs them without this module's password hashing and its common-password list).
export {
  cookieName,
  currentAdmin,
  LOCAL_COOKIE,
  SECURE_COOKIE,
  sessionId,
  sessionMeta,
  setSessionCookie,
  clearSessionCookie,
} from './session.ts';

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
 * Guards an admin route: 401 without a valid session, 403 for a cross-site change.
 * Admin responses are never cached.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  checkSameOrigin(c);
  const email = await currentAdmin(c);
  if (!email) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
  c.set('admin', { email });
  await next();
  c.header('Cache-Control', 'no-store');
};

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

/**
 * Refuses even reads from another site, for admin data that is personal or commercial
 * (leads, analytics): requireAdmin checks only changes for their origin.
 */
export const sameSiteReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    c.header('Cache-Control', 'no-store');
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
  await next();
};

/**
 * Refuses state-changing requests from another site. Browsers send Origin on every
 * cross-origin POST/PUT/DELETE and Sec-Fetch-Site on every request; the allowed origins
 * are the request's own (the local server, http://localhost:PORT) and the configured
 * public site (behind CloudFront the Lambda sees its own host, the browser the site's).
 */
export function checkSameOrigin(c: Context<AppEnv>): void {
  if (!UNSAFE_METHODS.has(c.req.method)) return;
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new ApiError(403, 'forbidden', 'Cross-site requests are not allowed');
  }
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
  const forwardedHost = c.req.header('x-forwarded-host');
  if (forwardedHost) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'https';
    allowed.add(`${proto}://${forwardedHost.split(',')[0]!.trim()}`);
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
