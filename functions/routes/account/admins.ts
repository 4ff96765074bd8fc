// /api/account/admins: the team (administrators and open invitations), and disabling or
// enabling an administrator.
import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import * as z from 'zod';
import { normalizeEmail } from '../../data/admins.ts';
import { usableInvitations } from '../../data/invitations.ts';
import { requireAdmin } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { params } from '../../lib/validate.ts';
import { emailSchema, type Administrators } from '../../shared/account.ts';
import { ipOf, me } from './identity.ts';

const emailParam = params(z.object({ email: emailSchema }));
const { createHandlers } = createFactory<AppEnv>();

const listAdmins = createHandlers(async (c) => {
  const services = c.get('services');
  const [admins, invitations] = await Promise.all([
    services.admins.list(),
    services.invitations.list(),
  ]);
  return c.json<Administrators>({ admins, invitations: usableInvitations(invitations, admins) });
});

const disableAdmin = createHandlers(emailParam, async (c) => {
  const services = c.get('services');
  const target = normalizeEmail(c.req.valid('param').email);
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
  await services.audit.record({
    actor,
    action: 'admin-disable',
    summary: `Disabled ${target}; ${ended} session${ended === 1 ? '' : 's'} ended${
      withdrawn > 0 ? `; ${withdrawn} open invitation${withdrawn === 1 ? '' : 's'} withdrawn` : ''
    }`,
    ip: ipOf(c),
  });
  return c.body(null, 204);
});

const enableAdmin = createHandlers(emailParam, async (c) => {
  const services = c.get('services');
  const target = normalizeEmail(c.req.valid('param').email);
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
});

export const admins = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', ...listAdmins)
  .post('/:email/disable', ...disableAdmin)
  .post('/:email/enable', ...enableAdmin);
