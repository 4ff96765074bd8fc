// /api/account/two-factor: turning two-factor sign-in on (enrolment, then a confirming
// code) and off, and new recovery codes.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
  totpStep,
} from '../../core/totp.ts';
import { jsonBody, requireJson } from '../../lib/validate.ts';
import {
  confirmEnrolmentRequestSchema,
  disableTwoFactorRequestSchema,
  regenerateRecoveryCodesRequestSchema,
  type Enrolment,
  type RecoveryCodes,
} from '../../shared/account.ts';
import { confirmIdentity, fieldError, ipOf, me, self } from '../support/identity.ts';

/** A started two-factor enrolment waits this long for its confirming code. */
const ENROLMENT_TTL_SECONDS = 15 * 60;
const { createHandlers } = createFactory<AppEnv>();

const startEnrolment = createHandlers(async (c) => {
  const services = c.get('services');
  const admin = await self(c);
  if (admin.totpSecret)
    throw new ApiError(409, 'conflict', 'Two-factor sign-in is already on; turn it off first');
  if (!services.twoFactor.canEncrypt)
    throw new ApiError(
      503,
      'unavailable',
      'Two-factor sign-in cannot be turned on: this server has no key to encrypt its secret with (LEAD_SETTINGS_KMS_KEY or LEAD_SETTINGS_KEY); see docs/operations.md',
    );
  const secret = newTotpSecret();
  const expiresAt = new Date(services.now().getTime() + ENROLMENT_TTL_SECONDS * 1000);
  await services.twoFactor.startEnrolment(admin.email, secret, expiresAt);
  return c.json<Enrolment>(
    { secret, uri: otpauthUri(secret, admin.email), expiresAt: expiresAt.toISOString() },
    201,
  );
});

const confirmEnrolment = createHandlers(
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
    if (!(await services.twoFactor.confirm(email, enrolment.stored, step, hashes)))
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
);

const disableTwoFactor = createHandlers(
  requireJson,
  jsonBody(disableTwoFactorRequestSchema),
  async (c) => {
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
  },
);

const replaceRecoveryCodes = createHandlers(
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

export const twoFactor = new Hono<AppEnv>()
  .use(requireAdmin)
  .post('/enrolment', ...startEnrolment)
  .post('/enrolment/confirm', ...confirmEnrolment)
  .post('/disable', ...disableTwoFactor)
  .post('/recovery-codes', ...replaceRecoveryCodes);
