// /api/auth: sign-in (password, then a code when two-factor sign-in is on), sign-out, the
// current administrator, the one-time first-run setup and accepting an invitation
// (docs/decisions/0024-admin-sessions.md, docs/decisions/0039-sign-in-throttling.md,
// docs/decisions/0042-two-factor-totp.md).
import * as z from 'zod';
import { Hono } from 'hono';
import { normalizeEmail } from '../data/admins.ts';
import {
  beginCredentialCheck,
  clearSessionCookie,
  requireAdmin,
  sameOriginOnly,
  sessionId,
  startSession,
} from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError } from '../lib/errors.ts';
import { burnVerification, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { withPasswordCheck } from '../lib/password-check.ts';
import { checkSecondFactor, parseSecondFactor, WRONG_CODE } from '../lib/second-factor.ts';
import { isTrustedDevice, trustDevice } from '../lib/trusted-device.ts';
import { limitLinkAttempts } from './support/limits.ts';
import {
  acceptInvitationRequestSchema,
  loginCodeRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  meSchema,
  sessionInfoSchema,
  setupCheckSchema,
  setupRequestSchema,
  tokenSchema,
  type LoginResponse,
  type Me,
  type SetupCheck,
} from '../shared/account.ts';
import { ROLE_PERMISSIONS } from '../shared/roles.ts';
import { defineRoute, mount } from './support/define-route.ts';

/** The password was right and a code is due: this long to type it, this many tries. */
const PENDING_TTL_SECONDS = 5 * 60;
const MAX_CODE_ATTEMPTS = 5;

const INVALID_CREDENTIALS = 'Incorrect email or password';
const SIGN_IN_EXPIRED = 'This sign-in has expired; sign in again with your password';

const setupSchema = withPasswordCheck(setupRequestSchema, 'password');
const acceptSchema = withPasswordCheck(acceptInvitationRequestSchema, 'password');

/** The setup page's link token; one that is malformed is simply not valid (never a 400). */
const setupQuery = z.object({ token: tokenSchema.optional().catch(undefined) });

export const signIn = defineRoute(
  {
    method: 'post',
    path: '/login',
    permission: 'public',
    summary: 'Signs in with e-mail and password: a session, or a token for the second step',
    middleware: [sameOriginOnly],
    request: { json: loginRequestSchema },
    responses: { 200: loginResponseSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const { email: rawEmail, password } = json;
    const email = normalizeEmail(rawEmail);
    const ip = services.clientIp(c);
    const attempt = await beginCredentialCheck(c, email);
    const admin = await services.admins.get(email);
    const ok = admin
      ? await verifyPassword(password, admin.passwordHash)
      : (await burnVerification(password), false);
    // A disabled account gets the same answer as a wrong password, so the answer tells an
    // attacker nothing about which accounts exist or what state they are in.
    if (!admin || !ok || admin.disabled) {
      await services.signInThrottle.failed(attempt);
      await services.audit.record({
        actor: email,
        action: 'sign-in-failed',
        summary: !admin
          ? 'Sign-in failed: unknown email'
          : !ok
            ? 'Sign-in failed: wrong password'
            : 'Sign-in refused: the account is disabled',
        ip,
      });
      throw new ApiError(401, 'unauthorized', INVALID_CREDENTIALS);
    }
    await services.signInThrottle.succeeded(attempt);
    if (admin.totpSecret) {
      // No session yet: only a token for the second step, stored as its hash.
      const pending = await services.sessions.createPending(admin.email, PENDING_TTL_SECONDS);
      return c.json<LoginResponse>({
        status: 'code-required',
        token: pending.token,
        expiresAt: pending.expiresAt.toISOString(),
      });
    }
    const result = await startSession(c, admin.email);
    await services.audit.record({
      actor: admin.email,
      action: 'sign-in',
      summary: 'Signed in',
      ip,
    });
    return c.json<LoginResponse>({ status: 'signed-in', ...result });
  },
);

export const signInWithCode = defineRoute(
  {
    method: 'post',
    path: '/login/code',
    permission: 'public',
    summary: "Signs in with the second step's token and an authenticator or recovery code",
    middleware: [sameOriginOnly],
    request: { json: loginCodeRequestSchema },
    responses: { 200: loginResponseSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const { token, code } = json;
    const ip = services.clientIp(c);
    const factor = parseSecondFactor(code);
    const expired = () =>
      new ApiError(400, 'validation_failed', SIGN_IN_EXPIRED, { token: ['has expired'] });
    const pending = await services.sessions.getPending(token);
    if (!pending) throw expired();
    const attempt = await beginCredentialCheck(c, pending.email);
    const admin = await services.admins.get(pending.email);
    if (!admin || admin.disabled || !admin.totpSecret) {
      await services.sessions.consumePending(token);
      throw expired();
    }
    // When the password step began: a lock of the account's second step (too many wrong
    // codes, from anywhere) ends every sign-in that was waiting for a code. A device that
    // signed in with a code in the last 30 days gets its code checked during a lock too.
    const startedAt = new Date(pending.expiresAt.getTime() - PENDING_TTL_SECONDS * 1000);
    const result = await checkSecondFactor(c, admin, factor, startedAt, {
      throughLock: await isTrustedDevice(c, admin),
    });
    if ('stale' in result) {
      await services.sessions.consumePending(token);
      throw expired();
    }
    if (!result.ok) {
      await services.signInThrottle.failed(attempt);
      await services.sessions.failPending(token, MAX_CODE_ATTEMPTS);
      await services.audit.record({
        actor: admin.email,
        action: 'sign-in-failed',
        summary:
          factor.kind === 'totp'
            ? 'Sign-in failed: wrong or reused authenticator code'
            : 'Sign-in failed: wrong or used recovery code',
        ip,
      });
      throw new ApiError(401, 'unauthorized', `The code ${WRONG_CODE}`, { code: [WRONG_CODE] });
    }
    if (!(await services.sessions.consumePending(token))) throw expired();
    await services.signInThrottle.succeeded(attempt);
    const session = await startSession(c, admin.email);
    // This device is trusted for the next 30 days (functions/lib/trusted-device.ts).
    await trustDevice(c, admin);
    await services.audit.record({
      actor: admin.email,
      action: 'sign-in',
      summary: `${
        result.kind === 'totp'
          ? 'Signed in with an authenticator code'
          : `Signed in with a recovery code (${result.left} left)`
      }${result.duringLock ? ', from a trusted device while the code lock was on' : ''}`,
      ip,
    });
    return c.json<LoginResponse>({ status: 'signed-in', ...session });
  },
);

export const signOut = defineRoute(
  {
    method: 'post',
    path: '/logout',
    permission: 'public',
    summary: "Signs out: ends the session and clears the browser's cache and storage of the site",
    middleware: [sameOriginOnly],
    responses: { 204: null },
  },
  async (c) => {
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
    // The browser's cache and storage of this origin go too (a shared computer keeps no
    // admin answers or local drafts); "cookies" would also end the trusted-device cookie,
    // and the session's own is cleared above (docs/decisions/0352-http-answers-of-the-local-server-and-the-edge.md).
    c.header('Clear-Site-Data', '"cache", "storage"');
    return c.body(null, 204);
  },
);

export const getMe = defineRoute(
  {
    method: 'get',
    path: '/me',
    permission: 'session',
    summary: 'Who is signed in, until when, and what their role permits',
    middleware: [requireAdmin],
    responses: { 200: meSchema },
  },
  async (c) => {
    const services = c.get('services');
    const [session, settings] = await Promise.all([
      services.sessions.get(sessionId(c)!),
      services.workflow.settings(),
    ]);
    const { email, role } = c.get('admin')!;
    return c.json<Me>({
      email,
      ...(session ? { expiresAt: session.expiresAt.toISOString() } : {}),
      role,
      permissions: ROLE_PERMISSIONS[role].slice(),
      signing: {
        signedThisSession: Boolean(session?.signedAt),
        checklist: settings.reviewChecklist,
      },
    });
  },
);

export const checkSetupLink = defineRoute(
  {
    method: 'get',
    path: '/setup',
    permission: 'public',
    summary:
      'Whether the first-run setup is needed, and whether a setup or invitation link is valid',
    middleware: [sameOriginOnly],
    request: { query: setupQuery },
    responses: { 200: setupCheckSchema },
  },
  async (c, { query }) => {
    const services = c.get('services');
    const { token } = query;
    const needed = !(await services.admins.any());
    if (needed) {
      const valid = Boolean(token) && (await services.admins.isSetupTokenValid(token!));
      return c.json<SetupCheck>({ needed, valid });
    }
    const invitation = token ? await services.invitations.find(token) : undefined;
    return c.json<SetupCheck>(
      invitation
        ? {
            needed,
            valid: true,
            invitation: { email: invitation.email, invitedBy: invitation.invitedBy },
          }
        : { needed, valid: false },
    );
  },
);

export const setUp = defineRoute(
  {
    method: 'post',
    path: '/setup',
    permission: 'public',
    summary: 'Creates the first administrator with the setup link, and signs them in',
    middleware: [sameOriginOnly],
    request: { json: setupSchema },
    responses: { 201: sessionInfoSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const { token, email: rawEmail, name, password } = json;
    const email = normalizeEmail(rawEmail);
    const ip = services.clientIp(c);
    await limitLinkAttempts(c);
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
      ...(name ? { name } : {}),
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
  },
);

export const acceptInvitation = defineRoute(
  {
    method: 'post',
    path: '/invitation',
    permission: 'public',
    summary:
      'Accepts an invitation: the new administrator names themselves, sets a password and is signed in',
    middleware: [sameOriginOnly],
    request: { json: acceptSchema },
    responses: { 201: sessionInfoSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const { token, name, password } = json;
    const ip = services.clientIp(c);
    await limitLinkAttempts(c);
    const invalid = () =>
      new ApiError(400, 'validation_failed', 'The invitation link is invalid, used or expired', {
        token: ['is invalid, used or expired'],
      });
    // Checked before the (deliberately slow) password hash, then again atomically below.
    if (!(await services.invitations.find(token))) throw invalid();
    const result = await services.invitations.accept(token, name, await hashPassword(password));
    if (result.kind === 'invalid') throw invalid();
    if (result.kind === 'taken') {
      throw new ApiError(
        409,
        'conflict',
        `${result.email} is already an administrator; sign in instead`,
      );
    }
    const { email, invitedBy } = result.invitation;
    // Any other invitation of this e-mail is spent: it now names an administrator.
    const closed = (await services.invitations.closeFor(email)).length;
    await services.audit.record({
      actor: email,
      action: 'invite-accept',
      summary: `Joined as an administrator (invited by ${invitedBy})${
        closed > 0 ? `; ${closed} other invitation${closed === 1 ? '' : 's'} closed` : ''
      }`,
      ip,
    });
    const session = await startSession(c, email);
    await services.audit.record({
      actor: email,
      action: 'sign-in',
      summary: 'Signed in after accepting the invitation',
      ip,
    });
    return c.json(session, 201);
  },
);

export const auth = mount(new Hono<AppEnv>(), [
  signIn,
  signInWithCode,
  signOut,
  getMe,
  checkSetupLink,
  setUp,
  acceptInvitation,
]);
