// /api/account/invitations: inviting an administrator by link (and by mail when mail is
// set up), and withdrawing an invitation.
import { Hono } from 'hono';
import * as z from 'zod';
import { normalizeEmail } from '../../data/admins.ts';
import { isConditionalFailure } from '../../data/table.ts';
import { requirePermission } from '../../lib/auth.ts';
import { ROLE_LABELS } from '../../shared/roles.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { sendInvitation } from '../../mail/invitation.ts';
import {
  hashIdSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  type InviteResponse,
} from '../../shared/account.ts';
import { defineRoute, mount } from '../support/define-route.ts';
import { fieldError, ipOf, me } from '../support/identity.ts';

/** An invitation link works for 72 hours. */
export const INVITATION_TTL_SECONDS = 72 * 3600;

export const invite = defineRoute(
  {
    method: 'post',
    path: '/',
    permission: 'accounts',
    summary: 'Invites an administrator by a link, shown once (and mailed when mail is set up)',
    request: { json: inviteRequestSchema },
    responses: { 201: inviteResponseSchema },
  },
  async (c, { json: body }) => {
    const services = c.get('services');
    const email = normalizeEmail(body.email);
    const actor = me(c);
    if (await services.admins.get(email)) throw fieldError('email', 'is already an administrator');
    const invitation = await services.invitations
      .create(email, actor, INVITATION_TTL_SECONDS, body.role)
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
      summary: `Invited ${email} as ${ROLE_LABELS[body.role]} (link valid for 72 hours${emailed ? ', sent by email' : ''})`,
      ip: ipOf(c),
    });
    return c.json<InviteResponse>({ ...invitation, emailed }, 201);
  },
);

export const revokeInvitation = defineRoute(
  {
    method: 'delete',
    path: '/:id',
    permission: 'accounts',
    summary: 'Withdraws an open invitation: its link no longer works',
    request: { params: z.object({ id: hashIdSchema }) },
    responses: { 204: null },
  },
  async (c, { params: { id } }) => {
    const services = c.get('services');
    const revoked = await services.invitations.revoke(id);
    if (!revoked) throw notFound('Invitation');
    await services.audit.record({
      actor: me(c),
      action: 'invite-revoke',
      summary: `Withdrew the invitation for ${revoked.email}`,
      ip: ipOf(c),
    });
    return c.body(null, 204);
  },
);

export const invitations = mount(new Hono<AppEnv>().use(requirePermission('accounts')), [
  invite,
  revokeInvitation,
]);
