// What the account routes share: who is signed in, their record, and checking their
// password or code again before a sensitive change.
import type { Context } from 'hono';
import { normalizeEmail } from '../../data/admins.ts';
import { beginCredentialCheck, signedIn } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { checkSecondFactor, parseSecondFactor, WRONG_CODE } from '../../lib/second-factor.ts';
import type { Signer } from '../../shared/workflow.ts';
import type { ChecklistEntry } from '../../shared/signatures.ts';

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
 * The reviewer checklist's answers (docs/decisions/0530-signature-components-and-checklist.md):
 * one `true` per item of the setting, in its order; the items as the signature keeps them.
 */
export function confirmedChecklist(
  items: readonly string[],
  answers: readonly boolean[] | undefined,
): ChecklistEntry[] {
  if (items.length === 0 && (answers ?? []).length === 0) return [];
  const given = answers ?? [];
  if (given.length !== items.length) {
    const count = `${items.length} item${items.length === 1 ? '' : 's'}`;
    throw fieldError(
      'checklist',
      given.length === 0
        ? `is required: confirm each of the reviewer checklist's ${count}`
        : `has ${given.length} answer${given.length === 1 ? '' : 's'}, but the reviewer checklist has ${count}: reload and confirm each`,
    );
  }
  const open = items.findIndex((_, index) => given[index] !== true);
  if (open >= 0) {
    throw fieldError('checklist', `item ${open + 1} ("${items[open]}") is not confirmed`);
  }
  return items.map((item) => ({ item, confirmed: true as const }));
}

/**
 * An electronic signature (page, variant, form and claim approvals;
 * docs/decisions/0133-e-signatures.md, docs/decisions/0530-signature-components-and-checklist.md):
 * - the e-mail (user ID) on the session's first signature, 21 CFR 11.200(a)(1)(i), and
 *   whenever given it must be the signed-in account's;
 * - the reviewer checklist confirmed item by item (the publishing settings');
 * - the password again, and a code when the account signs in with two-factor codes,
 *   through confirmIdentity (the sign-in throttle and the account-wide code limit count them).
 * Then `write` stores the signature with the signer (printed name: account name, else
 * e-mail; the checklist as confirmed), and only once it is written the session counts as
 * having signed.
 */
export async function confirmSigner<T>(
  c: AccountContext,
  request: {
    email?: string | undefined;
    password: string;
    code?: string | undefined;
    checklist?: boolean[] | undefined;
  },
  write: (signer: Signer) => Promise<T>,
): Promise<T> {
  const services = c.get('services');
  const { session } = signedIn(c);
  const signer = await self(c);
  if (request.email === undefined && !session.signed) {
    throw fieldError(
      'email',
      'is required for the first signature of a session: enter your e-mail address with your password',
    );
  }
  if (request.email !== undefined && normalizeEmail(request.email) !== signer.email) {
    throw fieldError('email', "is not the signed-in account's: sign with your own e-mail address");
  }
  const checklist = confirmedChecklist(
    (await services.workflow.settings()).reviewChecklist,
    request.checklist,
  );
  if (signer.totpSecret && !request.code) {
    throw fieldError('code', 'is required: your account signs in with two-factor codes');
  }
  const { admin } = await confirmIdentity(c, {
    password: { field: 'password', value: request.password },
    ...(signer.totpSecret && request.code ? { code: { field: 'code', value: request.code } } : {}),
  });
  const result = await write({ email: admin.email, name: admin.name ?? admin.email, checklist });
  if (!session.signed) await services.sessions.markSigned(session.key);
  return result;
}
