// Administrator authentication: the session cookie, the middleware that guards every
// admin route, the cross-site request check, and the first-run administrator.
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Logger, Services } from './context.ts';
import { ApiError } from './errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import type { SignInAttempt } from '../data/sign-in-throttle.ts';

/** `__Host-`: only this exact host, path /, Secure; no subdomain can set or read it. */
export const SECURE_COOKIE = '__Host-pb_session';
/**
 * Browsers refuse `__Host-` cookies without Secure, and plain-http localhost has no TLS,
 * so the local server (http://localhost) uses this name and no Secure flag.
 */
export const LOCAL_COOKIE = 'pb_session';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isPlainHttpLocalhost(c: Context): boolean {
  const url = new URL(c.req.url);
  const forwardedProto = c.req.header('x-forwarded-proto');
  const scheme = forwardedProto ? forwardedProto.split(',')[0]!.trim() : url.protocol.slice(0, -1);
  return (
    scheme === 'http' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]')
  );
}

export const cookieName = (c: Context) => (isPlainHttpLocalhost(c) ? LOCAL_COOKIE : SECURE_COOKIE);

export function setSessionCookie(c: Context, id: string, expiresAt: Date): void {
  const secure = !isPlainHttpLocalhost(c);
  setCookie(c, cookieName(c), id, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  const secure = !isPlainHttpLocalhost(c);
  deleteCookie(c, cookieName(c), {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Strict',
  });
}

export function sessionId(c: Context): string | undefined {
  const value = getCookie(c, cookieName(c));
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/**
 * The signed-in admin's e-mail, or undefined (no cookie, unknown or expired session, or
 * an administrator who has been disabled: their sessions stop working at once).
 */
export async function currentAdmin(c: Context<AppEnv>): Promise<string | undefined> {
  const id = sessionId(c);
  if (!id) return undefined;
  const services = c.get('services');
  const session = await services.sessions.get(id);
  if (!session) return undefined;
  const admin = await services.admins.get(session.email);
  if (!admin || admin.disabled) return undefined;
  await services.sessions.touch(session, sessionMeta(c));
  return admin.email;
}

/** What an admin's session list shows about where a session came from. */
export const sessionMeta = (c: Context<AppEnv>) => ({
  userAgent: c.req.header('user-agent') ?? '',
  ip: c.get('services').clientIp(c),
});

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
