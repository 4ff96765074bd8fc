// A bulk change of leads (POST /api/admin/leads/bulk): a status or an owner for up to 100 leads,
// a few at a time, answered lead by lead (a lead gone or changed meanwhile fails alone). Each
// change is audited by lead id like one lead's; the new owner gets one e-mail for them all.
import type { Context } from 'hono';
import { LeadConflictError } from '../../data/leads/changes.ts';
import type { Lead } from '../../data/leads/lead-item.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notifyLeadOwner } from '../../mail/lead-owner.ts';
import type { LeadStatus } from '../../shared/leads/basics.ts';
import type { LeadBulk, LeadBulkResult } from '../../shared/leads/changes.ts';
import { actorEmail } from './actor.ts';
import { audit } from './audit.ts';
import { checkOwner, ownerName } from './lead-owners.ts';

/** Runs `work` over items, `limit` at a time, keeping their order. */
export async function inTurn<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(work))));
  }
  return results;
}

/** The bulk change's outcome for each lead, in the order asked. */
export async function changeInBulk(c: Context<AppEnv>, bulk: LeadBulk): Promise<LeadBulkResult> {
  const services = c.get('services');
  const status: LeadStatus | undefined =
    bulk.action === 'spam' ? 'spam' : bulk.action === 'status' ? bulk.status : undefined;
  const owner = bulk.action === 'owner' ? bulk.owner : undefined;
  if (bulk.action === 'owner') await checkOwner(c, owner);
  const assigned: Lead[] = [];
  let rescued = false;
  const results = await inTurn(bulk.ids, 5, async (id) => {
    const current = await services.leads.record(id);
    if (!current) return { id, outcome: 'not-found' as const, message: 'Lead not found' };
    const { lead } = current;
    const statusChanges = status !== undefined && status !== lead.status;
    const ownerChanges = owner !== undefined && (owner ?? undefined) !== lead.owner;
    if (!statusChanges && !ownerChanges) return { id, outcome: 'unchanged' as const };
    try {
      await services.leads.update(
        current,
        { ...(statusChanges ? { status } : {}), ...(ownerChanges ? { owner } : {}) },
        actorEmail(c),
        { forward: await services.leadRouting.forwards() },
      );
    } catch (error) {
      if (error instanceof LeadConflictError) {
        return { id, outcome: 'conflict' as const, message: error.message };
      }
      throw error;
    }
    if (statusChanges) {
      await audit(c, 'lead-status', `Lead ${id}: status ${lead.status} → ${status} (bulk)`, id);
      if (lead.status === 'spam') rescued = true;
    }
    if (ownerChanges) {
      await audit(
        c,
        'lead-owner',
        `Lead ${id}: owner ${ownerName(lead.owner)} → ${ownerName(owner ?? undefined)} (bulk)`,
        id,
      );
      assigned.push(lead);
    }
    return { id, outcome: 'ok' as const };
  });
  if (rescued) services.leadWebhook?.kick();
  if (owner && assigned.length) await notifyLeadOwner(services, assigned, owner, actorEmail(c));
  const failed = results.filter((r) => r.outcome === 'not-found' || r.outcome === 'conflict');
  return { results, succeeded: results.length - failed.length, failed: failed.length };
}
