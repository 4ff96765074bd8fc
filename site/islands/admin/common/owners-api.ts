// The accounts a lead may be given to, asked of /api/admin/leads/owners: the Leads tab's
// owner filter and the Account area's lead routing both offer them
// (docs/decisions/0450-admin-common-kernel.md).
import { leadOwnersSchema, type LeadOwners } from '../../../../functions/shared/leads/changes.ts';
import { request } from '../api.ts';

export const OWNERS_KEY = ['/api/admin/leads', 'owners'] as const;

/** The accounts a lead may be given to (active, with a role that works leads). */
export async function leadOwners(): Promise<LeadOwners> {
  return request(leadOwnersSchema, 'GET', '/api/admin/leads/owners');
}
