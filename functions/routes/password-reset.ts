// /api/auth/password-reset: "Forgot password?" (a link by e-mail) and using a reset link
// (docs/decisions/0145-password-reset-request.md to docs/decisions/0147-password-reset-confirm.md).
// No session: the link is the credential. An administrator's link for a colleague is POST
// /api/account/admins/:email/password-reset.
import { setTimeout as sleep } from 'node:timers/promises';
import { Hono, type Context } from 'hono';
import { normalizeEmail } from '../data/admins.ts';
import { sameOriginOnly } from '../lib/auth.ts';
import type { AppEnv } from '../lib/context.ts';
import { ApiError } from '../lib/errors.ts';
import { withPasswordCheck } from '../lib/password-check.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sendAccountAlert } from '../mail/account-alert.ts';
import { passwordChangedNotice, resetLinkMessage, resetLinkUrl } from '../mail/password-reset.ts';
import {
  PASSWORD_RESET_SENT,
  passwordResetAcceptedSchema,
  passwordResetConfirmSchema,
  passwordResetDoneSchema,
  passwordResetRequestSchema,
  type PasswordResetAccepted,
  type PasswordResetDone,
} from '../shared/account.ts';
import { defineRoute, mount } from './support/define-route.ts';
import { limitAddress, limitLinkAttempts } from './support/limits.ts';

/** Requests per address (an IPv6 /64) in a window: room for typos, not for a mail flood. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
const ADDRESS_WINDOW_SECONDS = 15 * 60;
/** Links per account and hour; further requests get the same answer and send nothing. */
export const RESET_LINKS_PER_ACCOUNT = 3;
const ACCOUNT_WINDOW_SECONDS = 3600;
/**
 * Every accepted request is answered this long after it began, whatever the account: the
 * link and its e-mail (a known, active account) take longer than nothing (an unknown one),
 * and the answer's timing must not say which it was.
 */
export const RESET_ANSWER_MS = 1000;

const confirmSchema = withPasswordCheck(passwordResetConfirmSchema, 'password');

const invalidLink = () =>
  new ApiError(
    400,
    'validation_failed',
    'This reset link is invalid, already used or expired; ask for a new one',
    { token: ['is invalid, already used or expired; ask for a new link'] },
  );

export const requestReset = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'public',
    summary:
      'Asks for a password reset link by e-mail; the same answer whether or not the account exists',
    middleware: [sameOriginOnly],
    request: { json: passwordResetRequestSchema },
    responses: { 202: passwordResetAcceptedSchema },
  },
  async (c, { json }) => {
    const started = Date.now();
    const services = c.get('services');
    const email = normalizeEmail(json.email);
    await limitAddress(c, 'reset-ip', {
      limit: RESET_REQUESTS_PER_ADDRESS,
      windowSeconds: ADDRESS_WINDOW_SECONDS,
    });
    // The same reads and writes for every e-mail, known or not: the account's quota, then
    // the account.
    const quota = await services.rateLimiter.hit('reset-account', email, {
      limit: RESET_LINKS_PER_ACCOUNT,
      windowSeconds: ACCOUNT_WINDOW_SECONDS,
    });
    const admin = await services.admins.get(email);
    if (quota.allowed && admin && !admin.disabled) await sendLink(c, admin.email);
    await sleep(Math.max(0, RESET_ANSWER_MS - (Date.now() - started)));
    return c.json<PasswordResetAccepted>({ message: PASSWORD_RESET_SENT }, 202);
  },
);

export const confirmReset = defineRoute(
  {
    method: 'post',
    path: '/confirm',
    permission: 'public',
    summary: "Sets a new password with a reset link's token, ending the account's sessions",
    middleware: [sameOriginOnly],
    request: { json: confirmSchema },
    responses: { 200: passwordResetDoneSchema },
  },
  async (c, { json }) => {
    const services = c.get('services');
    const { token, password } = json;
    await limitLinkAttempts(c);
    // Looked up before the (deliberately slow) hash; used up atomically after it.
    const link = await services.passwordResets.find(token);
    if (!link) throw invalidLink();
    if (!(await services.passwordResets.consume(token, link, await hashPassword(password)))) {
      throw invalidLink();
    }
    const { email } = link;
    const ended = await services.sessions.endAll(email);
    // A new password ends the lock on wrong codes, as a change does (issue 33).
    const unlocked = await services.twoFactor.endLock(email);
    await services.audit.record({
      actor: email,
      action: 'password-reset',
      summary: `Password reset by link; ${ended} session${ended === 1 ? '' : 's'} ended${
        unlocked ? '; the lock on wrong codes ended' : ''
      }`,
      ip: services.clientIp(c),
    });
    await sendAccountAlert(
      services,
      passwordChangedNotice(email, services.now(), services.config.siteUrl),
    );
    const admin = await services.admins.get(email);
    return c.json<PasswordResetDone>({ email, twoFactor: Boolean(admin?.totpSecret) });
  },
);

export const passwordReset = mount(new Hono<AppEnv>(), [requestReset, confirmReset]);

/** A new link for an active account, by e-mail (the log transport writes it to the log). */
async function sendLink(c: Context<AppEnv>, email: string): Promise<void> {
  const services = c.get('services');
  const link = await services.passwordResets.create(email);
  if (!link) return; // disabled meanwhile
  const emailed = await sendAccountAlert(
    services,
    resetLinkMessage(email, resetLinkUrl(services.config.siteUrl, link.token), link.expiresAt),
  );
  await services.audit.record({
    actor: email,
    action: 'password-reset-link',
    summary: emailed
      ? 'Asked for a password reset link; sent by email'
      : 'Asked for a password reset link; the email failed',
    ip: services.clientIp(c),
  });
}
