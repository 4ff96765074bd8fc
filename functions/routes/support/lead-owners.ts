// Who may own a lead, as the leads routes and the routing settings say it when they refuse
// an owner: an active account whose role has the `leads` permission (functions/shared/roles.ts).
// And an owner as the leads' audit lines name one.
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { can, ROLE_LABELS, ROLES, type Role } from '../../shared/roles.ts';

const LEAD_ROLES = ROLES.filter((role) => can(role, 'leads'));
export const OWNER_PROBLEM = `must be an active account whose role works leads (${LEAD_ROLES.map((role) => ROLE_LABELS[role]).join(', ')})`;

/** An active account whose role has the `leads` permission: one that may own leads. */
export const mayOwnLeads = (account: { disabled?: boolean; role: Role } | undefined): boolean =>
  Boolean(account && !account.disabled && can(account.role, 'leads'));

/** 400 on `owner` unless it is null or an active account whose role has 'leads'. */
export async function checkOwner(
  c: Context<AppEnv>,
  owner: string | null | undefined,
): Promise<void> {
  if (!owner) return;
  const account = await c.get('services').admins.get(owner);
  if (!mayOwnLeads(account)) {
    throw new ApiError(400, 'validation_failed', `Invalid request: owner ${OWNER_PROBLEM}`, {
      owner: [OWNER_PROBLEM],
    });
  }
}

/** An owner as audit lines name it: the account's e-mail, or nobody. */
export const ownerName = (owner: string | undefined) => owner ?? 'nobody';
