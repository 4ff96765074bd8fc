// The administrator's session cookie and who is signed in: what the public routes need
// (a draft page is shown to a signed-in administrator), apart from auth.ts's sign-in and
// password code so the public Lambda function's bundle holds none of it.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SignedIn, VisitorEnv } from './context.ts';
import { trustedForwarded } from './forwarded.ts';

/** `__Host-`: only this exact host, path /, Secure; no subdomain can set or read it. */
export const SECURE_COOKIE = '__Host-pb_session';
/**
 * Browsers refuse `__Host-` cookies without Secure, and plain-http localhost has no TLS,
 * so the local server (http://localhost) uses this name and no Secure flag.
 */
export const LOCAL_COOKIE = 'pb_session';

export function isPlainHttpLocalhost(c: Context): boolean {
  const url = new URL(c.req.url);
  // Only a proxy of ours may say the client used https (TRUST_PROXY; functions/lib/forwarded.ts).
  const forwardedProto = trustedForwarded(c as Context<VisitorEnv>, 'x-forwarded-proto');
  const scheme = forwardedProto ?? url.protocol.slice(0, -1);
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
export async function currentAdmin<E extends VisitorEnv>(
  c: Context<E>,
): Promise<string | undefined> {
  return (await currentAccount(c))?.email;
}

/** The signed-in account with its role (functions/shared/roles.ts), as currentAdmin. */
export async function currentAccount<E extends VisitorEnv>(
  c: Context<E>,
): Promise<SignedIn | undefined> {
  const id = sessionId(c);
  if (!id) return undefined;
  const services = c.get('services');
  const session = await services.sessions.get(id);
  if (!session) return undefined;
  const admin = await services.admins.get(session.email);
  if (!admin || admin.disabled) return undefined;
  await services.sessions.touch(session, sessionMeta(c));
  return {
    email: admin.email,
    role: admin.role,
    session: { key: session.key, signed: Boolean(session.signedAt) },
  };
}

/** What an admin's session list shows about where a session came from. */
export const sessionMeta = <E extends VisitorEnv>(c: Context<E>) => ({
  userAgent: c.req.header('user-agent') ?? '',
  ip: c.get('services').clientIp(c),
});
