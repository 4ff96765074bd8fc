// A device that signed in with the second factor lately (issue 33, docs/decisions/
// 0354-trusted-devices-through-the-code-lock.md). The account-wide lock on wrong codes
// (functions/data/two-factor/wrong-codes.ts) refused the owner's right code too; a device the owner
// used with their code in the last 30 days now gets its code checked during a lock. It
// carries a cookie set by that sign-in: `v1.<expires>.<nonce>.<HMAC>`, the HMAC-SHA256 under
// an install secret (functions/data/install-secrets.ts) over the account's e-mail and its
// two-factor enrolment time, so it is worth nothing for another account or after the owner
// enrols again. HttpOnly, SameSite=Strict, Secure (its name `__Secure-`) where the site is
// https, path /api/auth: the browser sends it with sign-ins and nothing else. It never
// replaces the password or the code; it only lets the code be checked while the lock holds.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { normalizeEmail, type Admin } from '../data/admins.ts';
import type { AppEnv } from './context.ts';
import { isPlainHttpLocalhost } from './session.ts';

/** How long a device stays trusted after its last sign-in with a code. */
export const TRUSTED_DEVICE_DAYS = 30;
export const TRUSTED_DEVICE_PATH = '/api/auth';
/** `__Secure-`: the browser keeps it only when set Secure over https, by this host. */
export const SECURE_DEVICE_COOKIE = '__Secure-pb_device';
/** Plain-http localhost (the local server) cannot set a Secure cookie. */
export const LOCAL_DEVICE_COOKIE = 'pb_device';
const SECRET_NAME = 'trusted-device';
const FORMAT = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const cookieName = (c: Context) =>
  isPlainHttpLocalhost(c) ? LOCAL_DEVICE_COOKIE : SECURE_DEVICE_COOKIE;

async function mac(c: Context<AppEnv>, admin: Admin, expires: string, nonce: string) {
  const key = await c.get('services').secrets.get(SECRET_NAME);
  return createHmac('sha256', key)
    .update(
      [SECRET_NAME, normalizeEmail(admin.email), admin.totpEnabledAt ?? '', expires, nonce].join(
        '\n',
      ),
    )
    .digest('base64url');
}

/** After a sign-in with the second factor: this device is trusted for 30 days from now. */
export async function trustDevice(c: Context<AppEnv>, admin: Admin): Promise<void> {
  const expiresAt = new Date(c.get('services').now().getTime() + TRUSTED_DEVICE_DAYS * 86_400_000);
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const nonce = randomBytes(16).toString('base64url');
  setCookie(c, cookieName(c), `v1.${expires}.${nonce}.${await mac(c, admin, expires, nonce)}`, {
    path: TRUSTED_DEVICE_PATH,
    httpOnly: true,
    secure: !isPlainHttpLocalhost(c),
    sameSite: 'Strict',
    expires: expiresAt,
    maxAge: TRUSTED_DEVICE_DAYS * 86_400,
  });
}

/** Whether the request comes from a device `admin` signed in on with a code lately. */
export async function isTrustedDevice(c: Context<AppEnv>, admin: Admin): Promise<boolean> {
  const value = getCookie(c, cookieName(c));
  const parts = value ? FORMAT.exec(value) : null;
  if (!parts) return false;
  const [, expires = '', nonce = '', given = ''] = parts;
  if (Number(expires) * 1000 <= c.get('services').now().getTime()) return false;
  const expected = Buffer.from(await mac(c, admin, expires, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
