// /api/account: the signed-in administrator's own account and password. The rest of the
// account is under /api/account/sessions, admins, invitations and two-factor (this
// folder); every change is audited (docs/decisions/0041-admin-accounts.md).
import { Hono } from 'hono';
import { sessionKeyOf } from '../../data/sessions.ts';
import { requireAdmin, sessionId } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { withPasswordCheck } from '../../lib/password-check.ts';
import { hashPassword } from '../../lib/passwords.ts';
import {
  accountSchema,
  changePasswordRequestSchema,
  passwordChangedSchema,
  type Account,
  type PasswordChanged,
} from '../../shared/account.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { confirmIdentity, fieldError, ipOf, self } from '../support/identity.ts';

const changePasswordSchema = withPasswordCheck(changePasswordRequestSchema, 'newPassword');

export const getAccount = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'session',
    summary: "The signed-in administrator's own account and two-factor state",
    responses: { 200: accountSchema },
  },
  async (c) => {
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
  },
);

export const changePassword = defineRoute(
  {
    method: 'put',
    path: '/password',
    permission: 'session',
    summary: 'Changes their own password, given the current one; their other sessions end',
    request: { json: changePasswordSchema },
    responses: { 200: passwordChangedSchema },
  },
  async (c, { json: { currentPassword, newPassword } }) => {
    const services = c.get('services');
    const { admin } = await confirmIdentity(c, {
      password: { field: 'currentPassword', value: currentPassword },
    });
    if (newPassword === currentPassword)
      throw fieldError('newPassword', 'must differ from the current password');
    await services.admins.setPassword(admin.email, await hashPassword(newPassword));
    const ended = await services.sessions.endAll(admin.email, sessionKeyOf(sessionId(c)!));
    // Whoever typed the wrong codes had the old password: a new one ends the lock (issue 33).
    const unlocked = await services.twoFactor.endLock(admin.email);
    await services.audit.record({
      actor: admin.email,
      action: 'password-change',
      summary: `Changed their password; ${ended} other session${ended === 1 ? '' : 's'} ended${
        unlocked ? '; the lock on wrong codes ended' : ''
      }`,
      ip: ipOf(c),
    });
    return c.json<PasswordChanged>({ otherSessionsEnded: ended });
  },
);

export const profile = mount(new Hono<AppEnv>().use(requireAdmin), [getAccount, changePassword]);
