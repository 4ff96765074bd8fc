// Who may own a lead, as the leads routes and the routing settings say it when they refuse
// an owner: an active account whose role has the `leads` permission (functions/shared/roles.ts).
import { can, ROLE_LABELS, ROLES } from '../../shared/roles.ts';

const LEAD_ROLES = ROLES.filter((role) => can(role, 'leads'));
export const OWNER_PROBLEM = `must be an active account whose role works leads (${LEAD_ROLES.map((role) => ROLE_LABELS[role]).join(', ')})`;
