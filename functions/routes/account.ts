// /api/account: the signed-in administrator's own account (password, two-factor sign-in,
// sessions) and the team (administrators, invitations, disable/enable). Every change is
// audited (docs/decisions.md "Administrator accounts").
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { normalizeEmail } from '../data/admins.ts';
import { usableInvitations } from '../data/invitations.ts';
import { isConditionalFailure } from '../data/table.ts';
import { sessionKeyOf } from '../data/sessions.ts';
import { beginCredentialCheck, clearSessionCookie, requireAdmin, sessionId } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { withPasswordCheck } from '../lib/password-check.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { checkSecondFactor, parseSecondFactor, WRONG_CODE } from '../lib/second-factor.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
  totpStep,
} from '../lib/totp.ts';
import { jsonBody, params, requireJson } from '../lib/validate.ts';
import { sendInvitation } from '../mail/invitation.ts';
import {
  changePasswordRequestSchema,
  confirmEnrolmentRequestSchema,
  disableTwoFactorRequestSchema,
  emailSchema,
  hashIdSchema,
  inviteRequestSchema,
  regenerateRecoveryCodesRequestSchema,
  type Account,
  type Administrators,
  type Enrolment,
  type InviteResponse,
  type RecoveryCodes,
  type SessionSummary,
} from '../shared/account.ts';

/** An invitation link works for 72 hours. */
export const INVITATION_TTL_SECONDS = 72 * 3600;
/** A started two-factor enrolment waits this long for its confirming code. */
const ENROLMENT_TTL_SECONDS = 15 * 60;

const changePasswordSchema = withPasswordCheck(changePasswordRequestSchema, 'newPassword');
const idParam = params(z.object({ id: hashIdSchema }));
const emailParam = params(z.object({ email: emailSchema }));

type AccountContext = Context<AppEnv>;
const me = (c: AccountContext) => c.get('admin')!.email;
const ipOf = (c: AccountContext) => c.get('services').clientIp(c);

/** The signed-in admin's record; gone only if deleted under a live session. */
async function self(c: AccountContext) {
  const admin = await c.get('services').admins.get(me(c));
  if (!admin) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
  return admin;
}

const fieldError = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: ${field} ${problem}`, {
    [field]: [problem],
  });

/**
 * Checks the admin's password (and then a code) before a sensitive change, counted by
 * the sign-in throttle like a sign-in, so a stolen session cannot guess them freely.
 */
async function confirmIdentity(
  c: AccountContext,
  checks: { password?: { field: string; value: string }; code?: { field: string; value: string } },
) {
  const services = c.get('services');
  const admin = await self(c);
  const factor = checks.code ? parseSecondFactor(checks.code.value, checks.code.field) : undefined;
  const attempt = await beginCredentialCheck(c, admin.email);
  if (checks.password && !(await verifyPassword(checks.password.value, admin.passwordHash))) {
    await services.signInThrottle.failed(attempt);
    throw fieldError(checks.password.field, 'is incorrect');
  }
  let recoveryLeft: number | undefined;
  if (checks.code && factor) {
    // Counted toward the account-wide limit on wrong codes too: a stolen session does not
    // get to guess codes beside the sign-in's.
    const result = await checkSecondFactor(c, admin, factor);
    if (!result.ok) {
      await services.signInThrottle.failed(attempt);
      throw fieldError(checks.code.field, WRONG_CODE);
    }
    if (result.kind === 'recovery') recoveryLeft = result.left;
  }
  await services.signInThrottle.succeeded(attempt);
  return { admin, recoveryLeft };
}

export const account = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const services = c.get('services');
    const admin = await self(c);
    return c.json<Account>({
      email: admin.email,
      ...(admin.name ? { name: admin.name } : {}),
      twoFactor: {
        enabled: Boolean(admin.totpSecret),
        ...(admin.totpEnabledAt ? { enabledAt: admin.totpEnabledAt } : {}),
        recoveryCodesLeft: admin.totpSecret
          ? await services.twoFactor.recoveryCodesLeft(admin.email)
          : 0,
      },
    });
  })
  .put('/password', requireJson, jsonBody(changePasswordSchema), async (c) => {
    const services = c.get('services');
    const { currentPassword, newPassword } = c.req.valid('json');
    const { admin } = await confirmIdentity(c, {
      password: { field: 'currentPassword', value: currentPassword },
    });
    if (newPassword === currentPassword)
      throw fieldError('newPassword', 'must differ from the current password');
    await services.admins.setPassword(admin.email, await hashPassword(newPassword));
    const ended = await services.sessions.endAll(admin.email, sessionKeyOf(sessionId(c)!));
    await services.audit.record({
      actor: admin.email,
      action: 'password-change',
      summary: `Changed their password; ${ended} other session${ended === 1 ? '' : 's'} ended`,
      ip: ipOf(c),
    });
    return c.json({ otherSessionsEnded: ended });
  })
  .get('/sessions', async (c) => {
    const services = c.get('services');
    const current = sessionKeyOf(sessionId(c)!);
    const sessions = await services.sessions.list(me(c));
    return c.json({
      sessions: sessions.map((session): SessionSummary => ({
        id: session.key,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        ...(session.userAgent ? { userAgent: session.userAgent } : {}),
        ...(session.ip ? { ip: session.ip } : {}),
        current: session.key === current,
      })),
    });
  })
  .delete('/sessions/:id', idParam, async (c) => {
    const services = c.get('services');
    const { id } = c.req.valid('param');
    const email = me(c);
    if (!(await services.sessions.end(email, id))) throw notFound('Session');
    const current = id === sessionKeyOf(sessionId(c)!);
    if (current) clearSessionCookie(c);
    await services.audit.record({
      actor: email,
      action: 'session-end',
      summary: current ? 'Ended this session' : 'Ended another of their sessions',
      ip: ipOf(c),
    });
    return c.body(null, 204);
  })
  .get('/admins', async (c) => {
    const services = c.get('services');
    const [admins, invitations] = await Promise.all([
      services.admins.list(),
      services.invitations.list(),
    ]);
    return c.json<Administrators>({ admins, invitations: usableInvitations(invitations, admins) });
  })
  .post('/invitations', requireJson, jsonBody(inviteRequestSchema), async (c) => {
    const services = c.get('services');
    const email = normalizeEmail(c.req.valid('json').email);
    const actor = me(c);
    if (await services.admins.get(email)) throw fieldError('email', 'is already an administrator');
    const invitation = await services.invitations
      .create(email, actor, INVITATION_TTL_SECONDS)
      .catch((error: unknown) => {
        // The inviting admin was disabled while this request was on its way.
        if (isConditionalFailure(error))
          throw new ApiError(401, 'unauthorized', 'Sign in to continue');
        throw error;
      });
    const emailed = await sendInvitation(
      services,
      email,
      actor,
      invitation.token,
      invitation.expiresAt,
    );
    await services.audit.record({
      actor,
      action: 'invite',
      summary: `Invited ${email} (link valid for 72 hours${emailed ? ', sent by email' : ''})`,
      ip: ipOf(c),
    });
    return c.json<InviteResponse>({ ...invitation, emailed }, 201);
  })
  .delete('/invitations/:id', idParam, async (c) => {
    const services = c.get('services');
    const revoked = await services.invitations.revoke(c.req.valid('param').id);
    if (!revoked) throw notFound('Invitation');
    await services.audit.record({
      actor: me(c),
      action: 'invite-revoke',
      summary: `Withdrew the invitation for ${revoked.email}`,
      ip: ipOf(c),
    });
    return c.body(null, 204);
  })
  .post('/admins/:email/disable', emailParam, async (c) => {
    const services = c.get('services');
    const target = normalizeEmail(c.req.valid('param').email);
    const actor = me(c);
    const result = await services.admins.disable(target, actor);
    switch (result) {
      case 'self':
        throw new ApiError(
          409,
          'conflict',
          'You cannot disable your own account; another administrator can, so an active administrator always remains',
        );
      case 'not-found':
        throw notFound('Administrator');
      case 'already-disabled':
        throw new ApiError(409, 'conflict', `${target} is already disabled`);
      case 'actor-inactive':
        throw new ApiError(401, 'unauthorized', 'Sign in to continue');
      case 'disabled':
        break;
    }
    const ended = await services.sessions.endAll(target);
    // Their links go too; an invitation is also refused at acceptance once its maker is
    // not active (functions/data/invitations.ts), so one racing this still creates nobody.
    const withdrawn = (await services.invitations.revokeBy(target)).length;
    await services.audit.record({
      actor,
      action: 'admin-disable',
      summary: `Disabled ${target}; ${ended} session${ended === 1 ? '' : 's'} ended${
        withdrawn > 0 ? `; ${withdrawn} open invitation${withdrawn === 1 ? '' : 's'} withdrawn` : ''
      }`,
      ip: ipOf(c),
    });
    return c.body(null, 204);
  })
  .post('/admins/:email/enable', emailParam, async (c) => {
    const services = c.get('services');
    const target = normalizeEmail(c.req.valid('param').email);
    if (!(await services.admins.enable(target))) {
      if (!(await services.admins.get(target))) throw notFound('Administrator');
      throw new ApiError(409, 'conflict', `${target} is not disabled`);
    }
    await services.audit.record({
      actor: me(c),
      action: 'admin-enable',
      summary: `Enabled ${target} again`,
      ip: ipOf(c),
    });
    return c.body(null, 204);
  })
  .post('/two-factor/enrolment', async (c) => {
    const services = c.get('services');
    const admin = await self(c);
    if (admin.totpSecret)
      throw new ApiError(409, 'conflict', 'Two-factor sign-in is already on; turn it off first');
    const secret = newTotpSecret();
    const expiresAt = new Date(services.now().getTime() + ENROLMENT_TTL_SECONDS * 1000);
    await services.twoFactor.startEnrolment(admin.email, secret, expiresAt);
    return c.json<Enrolment>(
      { secret, uri: otpauthUri(secret, admin.email), expiresAt: expiresAt.toISOString() },
      201,
    );
  })
  .post(
    '/two-factor/enrolment/confirm',
    requireJson,
    jsonBody(confirmEnrolmentRequestSchema),
    async (c) => {
      const services = c.get('services');
      const { code } = c.req.valid('json');
      const email = me(c);
      const enrolment = await services.twoFactor.enrolment(email);
      if (!enrolment)
        throw new ApiError(409, 'conflict', 'The set-up has expired or was finished; start again');
      const step = totpStep(enrolment.secret, code, services.now());
      if (step === undefined)
        throw fieldError('code', 'is not the current code of the app; check the phone’s clock');
      const codes = newRecoveryCodes();
      const hashes = codes.map((recovery) => hashRecoveryCode(normalizeRecoveryCode(recovery)!));
      if (!(await services.twoFactor.confirm(email, enrolment.secret, step, hashes)))
        throw new ApiError(
          409,
          'conflict',
          'Two-factor sign-in is already on, or the set-up changed; reload',
        );
      await services.audit.record({
        actor: email,
        action: 'two-factor-enable',
        summary: 'Turned on two-factor sign-in (10 recovery codes issued)',
        ip: ipOf(c),
      });
      return c.json<RecoveryCodes>({ recoveryCodes: codes });
    },
  )
  .post('/two-factor/disable', requireJson, jsonBody(disableTwoFactorRequestSchema), async (c) => {
    const services = c.get('services');
    const { password, code } = c.req.valid('json');
    const current = await self(c);
    if (!current.totpSecret) throw new ApiError(409, 'conflict', 'Two-factor sign-in is not on');
    const { admin } = await confirmIdentity(c, {
      password: { field: 'password', value: password },
      code: { field: 'code', value: code },
    });
    await services.twoFactor.disable(admin.email);
    await services.audit.record({
      actor: admin.email,
      action: 'two-factor-disable',
      summary: 'Turned off two-factor sign-in',
      ip: ipOf(c),
    });
    return c.body(null, 204);
  })
  .post(
    '/two-factor/recovery-codes',
    requireJson,
    jsonBody(regenerateRecoveryCodesRequestSchema),
    async (c) => {
      const services = c.get('services');
      const { code } = c.req.valid('json');
      const current = await self(c);
      if (!current.totpSecret) throw new ApiError(409, 'conflict', 'Two-factor sign-in is not on');
      const { admin } = await confirmIdentity(c, { code: { field: 'code', value: code } });
      const codes = newRecoveryCodes();
      await services.twoFactor.replaceRecoveryCodes(
        admin.email,
        codes.map((recovery) => hashRecoveryCode(normalizeRecoveryCode(recovery)!)),
      );
      await services.audit.record({
        actor: admin.email,
        action: 'recovery-codes',
        summary: 'Made new recovery codes (the old ones no longer work)',
        ip: ipOf(c),
      });
      return c.json<RecoveryCodes>({ recoveryCodes: codes });
    },
  );
