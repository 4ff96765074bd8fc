// /api/auth: sign-in, sign-out, the current administrator, and the one-time first-run
// setup (DECISIONS.md Admin).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { normalizeEmail } from '../data/admins.ts';
import {
  clearSessionCookie,
  requireAdmin,
  sameOriginOnly,
  sessionId,
  sessionTtlSeconds,
  setSessionCookie,
} from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError } from '../lib/errors.ts';
import {
  burnVerification,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  passwordProblem,
  verifyPassword,
} from '../lib/passwords.ts';
import { jsonBody, requireJson } from '../lib/validate.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;

const emailSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an e-mail address'));

const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'is required')
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`),
});

const setupSchema = z.strictObject({
  token: z.string().min(1, 'is required').max(200, 'is not a setup token'),
  email: emailSchema,
  password: z.string().superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

const INVALID_CREDENTIALS = 'Incorrect e-mail or password';

async function startSession(c: Context<AppEnv>, email: string) {
  const services = c.get('services');
  // A new id at every sign-in; the one the browser had (if any) ends server side.
  const previous = sessionId(c);
  if (previous) await services.sessions.delete(previous);
  const session = await services.sessions.create(email, sessionTtlSeconds(services));
  setSessionCookie(c, session.id, session.expiresAt);
  return { email, expiresAt: session.expiresAt.toISOString() };
}

export const auth = new Hono<AppEnv>()
  .post('/login', sameOriginOnly, requireJson, jsonBody(loginSchema), async (c) => {
    const services = c.get('services');
    const { email: rawEmail, password } = c.req.valid('json');
    const email = normalizeEmail(rawEmail);
    const ip = services.clientIp(c);
    const rule = {
      limit: services.config.env.LOGIN_RATE_LIMIT,
      windowSeconds: LOGIN_WINDOW_SECONDS,
    };
    const [byAccount, byIp] = await Promise.all([
      services.rateLimiter.hit('login-account', email, rule),
      services.rateLimiter.hit('login-ip', ip, rule),
    ]);
    if (!byAccount.allowed || !byIp.allowed) {
      await services.audit.record({
        actor: email,
        action: 'sign-in-failed',
        summary: 'Sign-in refused: too many attempts',
        ip,
      });
      c.header(
        'Retry-After',
        String(
          Math.max(
            byAccount.allowed ? 0 : byAccount.retryAfterSeconds,
            byIp.allowed ? 0 : byIp.retryAfterSeconds,
          ),
        ),
      );
      // One message whichever limit was hit, so it says nothing about the account.
      throw new ApiError(429, 'rate_limited', 'Too many sign-in attempts; try again later');
    }
    const admin = await services.admins.get(email);
    const ok = admin
      ? await verifyPassword(password, admin.passwordHash)
      : (await burnVerification(password), false);
    if (!admin || !ok) {
      await services.audit.record({
        actor: email,
        action: 'sign-in-failed',
        summary: admin ? 'Sign-in failed: wrong password' : 'Sign-in failed: unknown e-mail',
        ip,
      });
      throw new ApiError(401, 'unauthorized', INVALID_CREDENTIALS);
    }
    const result = await startSession(c, admin.email);
    await services.audit.record({
      actor: admin.email,
      action: 'sign-in',
      summary: 'Signed in',
      ip,
    });
    return c.json(result);
  })
  .post('/logout', sameOriginOnly, async (c) => {
    const services = c.get('services');
    const id = sessionId(c);
    if (id) {
      const session = await services.sessions.get(id);
      await services.sessions.delete(id);
      if (session) {
        await services.audit.record({
          actor: session.email,
          action: 'sign-out',
          summary: 'Signed out',
          ip: services.clientIp(c),
        });
      }
    }
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .get('/me', requireAdmin, async (c) => {
    const services = c.get('services');
    const session = await services.sessions.get(sessionId(c)!);
    return c.json({ email: c.get('admin')!.email, expiresAt: session?.expiresAt.toISOString() });
  })
  .get('/setup', sameOriginOnly, async (c) => {
    const services = c.get('services');
    const token = c.req.query('token') ?? '';
    const needed = !(await services.admins.any());
    const valid =
      needed &&
      token.length > 0 &&
      token.length <= 200 &&
      (await services.admins.isSetupTokenValid(token));
    return c.json({ needed, valid });
  })
  .post('/setup', sameOriginOnly, requireJson, jsonBody(setupSchema), async (c) => {
    const services = c.get('services');
    const { token, email: rawEmail, password } = c.req.valid('json');
    const email = normalizeEmail(rawEmail);
    const ip = services.clientIp(c);
    const limited = await services.rateLimiter.hit('setup-ip', ip, {
      limit: services.config.env.LOGIN_RATE_LIMIT,
      windowSeconds: LOGIN_WINDOW_SECONDS,
    });
    if (!limited.allowed)
      throw new ApiError(429, 'rate_limited', 'Too many attempts; try again later');
    if (await services.admins.any()) {
      throw new ApiError(409, 'conflict', 'An administrator already exists; sign in instead');
    }
    if (!(await services.admins.consumeSetupToken(token))) {
      throw new ApiError(400, 'validation_failed', 'The setup link is invalid, used or expired', {
        token: ['is invalid, used or expired'],
      });
    }
    const created = await services.admins.create(email, await hashPassword(password), {
      first: true,
    });
    if (!created)
      throw new ApiError(409, 'conflict', 'An administrator already exists; sign in instead');
    await services.audit.record({
      actor: email,
      action: 'setup',
      summary: 'First administrator created with the setup link',
      ip,
    });
    const result = await startSession(c, email);
    await services.audit.record({
      actor: email,
      action: 'sign-in',
      summary: 'Signed in after setup',
      ip,
    });
    return c.json(result, 201);
  });
