// What the account routes share: who is signed in, their record, and checking their
// password or code again before a sensitive change.
import type { Context } from 'hono';
import { beginCredentialCheck } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { checkSecondFactor, parseSecondFactor, WRONG_CODE } from '../../lib/second-factor.ts';

export type AccountContext = Context<AppEnv>;
export const me = (c: AccountContext) => c.get('admin')!.email;
export const ipOf = (c: AccountContext) => c.get('services').clientIp(c);

/** The signed-in admin's record; gone only if deleted under a live session. */
export async function self(c: AccountContext) {
  const admin = await c.get('services').admins.get(me(c));
  if (!admin) throw new ApiError(401, 'unauthorized', 'Sign in to continue');
  return admin;
}

export const fieldError = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `Invalid request: ${field} ${problem}`, {
    [field]: [problem],
  });

/**
 * Checks the admin's password (and then a code) before a sensitive change, counted by
 * the sign-in throttle like a sign-in, so a stolen session cannot guess them freely.
 */
export async function confirmIdentity(
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

/**
 * An electronic signature's identity check (page, variant and form approvals): the password
 * again, and a code when the account signs in with two-factor codes, through
 * confirmIdentity (the sign-in throttle and the account-wide code limit count them).
 * Returns the signer's printed name (account name, else e-mail) and e-mail.
 */
export async function confirmSigner(
  c: AccountContext,
  { password, code }: { password: string; code?: string | undefined },
): Promise<{ email: string; name: string }> {
  const signer = await self(c);
  if (signer.totpSecret && !code) {
    throw fieldError('code', 'is required: your account signs in with two-factor codes');
  }
  const { admin } = await confirmIdentity(c, {
    password: { field: 'password', value: password },
    ...(signer.totpSecret && code ? { code: { field: 'code', value: code } } : {}),
  });
  return { email: admin.email, name: admin.name ?? admin.email };
}
