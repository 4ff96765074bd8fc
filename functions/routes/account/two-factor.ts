// /api/account/two-factor: turning two-factor sign-in on (enrolment, then a confirming
// code) and off, and new recovery codes.
import { Hono } from 'hono';
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
import {
  confirmEnrolmentRequestSchema,
  disableTwoFactorRequestSchema,
  enrolmentSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesRequestSchema,
  type Enrolment,
  type RecoveryCodes,
} from '../../shared/account.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { confirmIdentity, fieldError, ipOf, me, self } from '../support/identity.ts';

/** A started two-factor enrolment waits this long for its confirming code. */
const ENROLMENT_TTL_SECONDS = 15 * 60;

export const startEnrolment = defineRoute(
  {
    method: 'post',
    path: '/enrolment',
    permission: 'session',
    summary: "Starts turning on two-factor sign-in: the authenticator app's secret and URI",
    responses: { 201: enrolmentSchema },
  },
  async (c) => {
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
  },
);

export const confirmEnrolment = defineRoute(
  {
    method: 'post',
    path: '/enrolment/confirm',
    permission: 'session',
    summary: "Turns two-factor sign-in on with the app's current code; answers recovery codes",
    request: { json: confirmEnrolmentRequestSchema },
    responses: { 200: recoveryCodesSchema },
  },
  async (c, { json: { code } }) => {
    const services = c.get('services');
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

export const disableTwoFactor = defineRoute(
  {
    method: 'post',
    path: '/disable',
    permission: 'session',
    summary: 'Turns two-factor sign-in off, given the password and a code',
    request: { json: disableTwoFactorRequestSchema },
    responses: { 204: null },
  },
  async (c, { json: { password, code } }) => {
    const services = c.get('services');
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

export const replaceRecoveryCodes = defineRoute(
  {
    method: 'post',
    path: '/recovery-codes',
    permission: 'session',
    summary: 'New recovery codes, given a code; the old ones stop working',
    request: { json: regenerateRecoveryCodesRequestSchema },
    responses: { 200: recoveryCodesSchema },
  },
  async (c, { json: { code } }) => {
    const services = c.get('services');
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

export const twoFactor = mount(new Hono<AppEnv>().use(requireAdmin), [
  startEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  replaceRecoveryCodes,
]);
