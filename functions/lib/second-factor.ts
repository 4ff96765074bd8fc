// The second step of a sign-in, and the checks that ask for a code again (turning
// two-factor sign-in off, new recovery codes): an authenticator code or a recovery code,
// checked under the account-wide limit on wrong codes (functions/data/two-factor/wrong-codes.ts).
import type { Context } from 'hono';
import { TotpSecretUnreadable } from '../data/two-factor/store.ts';
import { CODE_FAILURE_LIMIT } from '../data/two-factor/wrong-codes.ts';
import type { Admin } from '../data/admins.ts';
import { codeLockAlert, sendAccountAlert } from '../mail/account-alert.ts';
import type { AppEnv, Services } from './context.ts';
import { ApiError } from './errors.ts';
import { hashRecoveryCode, isTotpCode, normalizeRecoveryCode, totpStep } from '../core/totp.ts';

export type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; hash: string };

export const CODE_FORMAT = 'must be a 6-digit code or a recovery code (xxxx-xxxx-xxxx)';

/** What kind of code was typed; a 400 naming `field` when it can be neither. */
export function parseSecondFactor(input: string, field = 'code'): SecondFactor {
  if (isTotpCode(input)) return { kind: 'totp', code: input.replace(/\s/g, '') };
  const recovery = normalizeRecoveryCode(input);
  if (recovery) return { kind: 'recovery', hash: hashRecoveryCode(recovery) };
  throw new ApiError(400, 'validation_failed', `Invalid request: ${field} ${CODE_FORMAT}`, {
    [field]: [CODE_FORMAT],
  });
}

export type SecondFactorResult =
  { ok: true; kind: 'totp' } | { ok: true; kind: 'recovery'; left: number } | { ok: false };

/**
 * Checks the code and uses it up: a TOTP code's time step is recorded (the same code, or
 * an older one, cannot be used again), a recovery code is deleted.
 */
export async function spendSecondFactor(
  services: Services,
  admin: Admin,
  factor: SecondFactor,
): Promise<SecondFactorResult> {
  if (!admin.totpSecret) return { ok: false };
  if (factor.kind === 'totp') {
    const secret = await totpSecretOf(services, admin);
    if (secret === undefined) return { ok: false };
    const step = totpStep(secret, factor.code, services.now());
    if (step === undefined) return { ok: false };
    return (await services.twoFactor.useStep(admin.email, step))
      ? { ok: true, kind: 'totp' }
      : { ok: false };
  }
  if (!(await services.twoFactor.consumeRecoveryCode(admin.email, factor.hash)))
    return { ok: false };
  return {
    ok: true,
    kind: 'recovery',
    left: await services.twoFactor.recoveryCodesLeft(admin.email),
  };
}

/**
 * The admin's TOTP secret in clear (functions/data/two-factor/store.ts decrypts it). One this
 * server cannot decrypt (its key changed) is a 503 saying what to do, never a wrong code.
 */
async function totpSecretOf(services: Services, admin: Admin): Promise<string | undefined> {
  try {
    return await services.twoFactor.secretOf(admin);
  } catch (error) {
    if (!(error instanceof TotpSecretUnreadable)) throw error;
    services.log.error('two-factor secret unreadable', {
      email: admin.email,
      error: error.message,
    });
    throw new ApiError(
      503,
      'unavailable',
      'Authenticator codes cannot be checked: this server cannot decrypt the stored two-factor secret (its key, LEAD_SETTINGS_KEY or DATA_DIR/lead-settings.key, or the KMS key, changed). Sign in with a recovery code, or restore the key.',
    );
  }
}

export const WRONG_CODE = 'is incorrect or was already used';

const waitFor = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

/**
 * spendSecondFactor under the account-wide limit on wrong codes: while the account's
 * second step is locked no code is checked (a 429 with Retry-After); the wrong code that
 * locks it first alerts the owner by e-mail and is audited. `signInStartedAt` (the code
 * step of a sign-in): a sign-in begun before the latest lock is `stale`, ended by it.
 * `throughLock`: a trusted device's sign-in (functions/lib/trusted-device.ts), whose code is
 * checked and counted during a lock too; `duringLock` then says the lock was on.
 */
export async function checkSecondFactor(
  c: Context<AppEnv>,
  admin: Admin,
  factor: SecondFactor,
  signInStartedAt?: Date,
  options: { throughLock?: boolean } = {},
): Promise<(SecondFactorResult & { duringLock?: boolean }) | { ok: false; stale: true }> {
  const services = c.get('services');
  const verdict = await services.twoFactor.beginCodeCheck(admin.email, signInStartedAt, options);
  if (verdict.kind === 'stale') return { ok: false, stale: true };
  if (verdict.kind === 'locked') {
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    throw new ApiError(
      429,
      'rate_limited',
      `Too many wrong codes for this account; try again in ${waitFor(verdict.retryAfterSeconds)}`,
    );
  }
  const result = await spendSecondFactor(services, admin, factor);
  if (result.ok) {
    await services.twoFactor.codeCheckSucceeded(verdict.check);
    return verdict.check.duringLock ? { ...result, duringLock: true } : result;
  }
  const failure = await services.twoFactor.codeCheckFailed(verdict.check);
  if (failure.locked && failure.first) {
    const now = services.now();
    const emailed = await sendAccountAlert(
      services,
      codeLockAlert(
        admin.email,
        Math.max(verdict.check.count, CODE_FAILURE_LIMIT),
        failure.lockSeconds,
        now,
        services.config.siteUrl,
      ),
    );
    await services.audit.record({
      actor: admin.email,
      action: 'sign-in-failed',
      summary: `Two-factor sign-in locked for ${waitFor(failure.lockSeconds)} after ${CODE_FAILURE_LIMIT} wrong codes from any address; ${
        emailed ? 'the account was alerted by email' : 'the alert email could not be sent'
      }`,
      ip: services.clientIp(c),
    });
  }
  return result;
}
