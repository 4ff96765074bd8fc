// The second step of a sign-in, and the checks that ask for a code again (turning
// two-factor sign-in off, new recovery codes): an authenticator code or a recovery code.
import type { Admin } from '../data/admins.ts';
import type { Services } from './context.ts';
import { ApiError } from './errors.ts';
import { hashRecoveryCode, isTotpCode, normalizeRecoveryCode, totpStep } from './totp.ts';

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
    const step = totpStep(admin.totpSecret, factor.code, services.now());
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

export const WRONG_CODE = 'is incorrect or was already used';
