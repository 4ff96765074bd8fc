// /api/account/admins: the team (administrators and open invitations), disabling or
// enabling an administrator, and a password reset link for one (shown once, to pass on).
import { Hono } from 'hono';
import * as z from 'zod';
import { normalizeEmail } from '../../data/admins.ts';
import { usableInvitations } from '../../data/invitations.ts';
import { requirePermission } from '../../lib/auth.ts';
import { ROLE_LABELS } from '../../shared/roles.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { resetLinkUrl } from '../../mail/password-reset.ts';
import {
  administratorsSchema,
  adminSummarySchema,
  emailSchema,
  resetLinkSchema,
  setRoleRequestSchema,
  type Administrators,
  type ResetLink,
} from '../../shared/account.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { ipOf, me } from '../support/identity.ts';

const emailParam = z.object({ email: emailSchema });

export const listAdmins = defineRoute(
  {
    method: 'get',
    path: '/',
    permission: 'accounts',
    summary: 'The team: every administrator and the open invitations',
    responses: { 200: administratorsSchema },
  },
  async (c) => {
    const services = c.get('services');
    const [admins, invitations] = await Promise.all([
      services.admins.list(),
      services.invitations.list(),
    ]);
    return c.json<Administrators>({ admins, invitations: usableInvitations(invitations, admins) });
  },
);

export const disableAdmin = defineRoute(
  {
    method: 'post',
    path: '/:email/disable',
    permission: 'accounts',
    summary: 'Disables another administrator: their sessions, invitations and reset link end',
    request: { params: emailParam },
    responses: { 204: null },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const target = normalizeEmail(params.email);
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
    // And their password reset link: enabled again, they need a new one.
    await services.passwordResets.revokeFor(target);
    await services.audit.record({
      actor,
      action: 'admin-disable',
      summary: `Disabled ${target}; ${ended} session${ended === 1 ? '' : 's'} ended${
        withdrawn > 0 ? `; ${withdrawn} open invitation${withdrawn === 1 ? '' : 's'} withdrawn` : ''
      }`,
      ip: ipOf(c),
    });
    return c.body(null, 204);
  },
);

export const enableAdmin = defineRoute(
  {
    method: 'post',
    path: '/:email/enable',
    permission: 'accounts',
    summary: 'Enables a disabled administrator again',
    request: { params: emailParam },
    responses: { 204: null },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const target = normalizeEmail(params.email);
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
  },
);

export const setRole = defineRoute(
  {
    method: 'patch',
    path: '/:email',
    permission: 'accounts',
    summary: "Changes an administrator's role (the last active admin keeps theirs)",
    request: { params: emailParam, json: setRoleRequestSchema },
    responses: { 200: adminSummarySchema },
  },
  async (c, { params, json: { role } }) => {
    const services = c.get('services');
    const target = normalizeEmail(params.email);
    const actor = me(c);
    const before = (await services.admins.get(target))?.role;
    const result = await services.admins.setRole(target, role, actor);
    switch (result) {
      case 'not-found':
        throw notFound('Administrator');
      case 'disabled':
        throw new ApiError(409, 'conflict', `${target} is disabled; enable the account first`);
      case 'last-admin':
        throw new ApiError(409, 'conflict', 'The last active admin cannot be given another role', {
          role: ['must stay Admin: no other active admin would remain'],
        });
      case 'actor-inactive':
        throw new ApiError(401, 'unauthorized', 'Sign in to continue');
      case 'changed':
        break;
    }
    if (before !== role) {
      await services.audit.record({
        actor,
        action: 'admin-role',
        summary: `Changed the role of ${target} from ${ROLE_LABELS[before ?? role]} to ${ROLE_LABELS[role]}`,
        ip: ipOf(c),
      });
    }
    const updated = (await services.admins.list()).find((admin) => admin.email === target);
    return c.json(updated);
  },
);

/**
 * A password reset link for another account, answered once (201) for the admin to pass on;
 * not mailed. One's own password is changed with the current one (PUT /api/account/password).
 */
export const issueResetLink = defineRoute(
  {
    method: 'post',
    path: '/:email/password-reset',
    permission: 'accounts',
    summary: 'A password reset link for another administrator, answered once to pass on',
    request: { params: emailParam },
    responses: { 201: resetLinkSchema },
  },
  async (c, { params }) => {
    const services = c.get('services');
    const target = normalizeEmail(params.email);
    const actor = me(c);
    if (target === actor) {
      throw new ApiError(
        409,
        'conflict',
        'A reset link is for another administrator; change your own password in the Password section',
      );
    }
    const admin = await services.admins.get(target);
    if (!admin) throw notFound('Administrator');
    const link = admin.disabled ? undefined : await services.passwordResets.create(target);
    if (!link)
      throw new ApiError(409, 'conflict', `${target} is disabled; enable the account first`);
    await services.audit.record({
      actor,
      action: 'password-reset-link',
      summary: `Made a password reset link for ${target} (valid for 30 minutes, shown once)`,
      ip: ipOf(c),
    });
    // The origin the admin uses (requireAdmin checked it is ours), else SITE_URL.
    const origin = c.req.header('origin') ?? services.config.siteUrl;
    return c.json<ResetLink>(
      { url: resetLinkUrl(origin, link.token), expiresAt: link.expiresAt.toISOString() },
      201,
    );
  },
);

export const admins = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  listAdmins,
  setRole,
  disableAdmin,
  enableAdmin,
  issueResetLink,
]);
