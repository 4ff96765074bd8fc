// The audit entry of an admin change that its repository does not write itself (the media
// library, download files, leads): who, from where, what, and the lead it names, if any.
import type { Context } from 'hono';
import type { AuditAction } from '../../data/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { actorOf } from './actor.ts';

export async function audit(
  c: Context<AppEnv>,
  action: AuditAction,
  summary: string,
  leadId?: string,
): Promise<void> {
  const { email, ip } = actorOf(c);
  await c.get('services').audit.record({
    actor: email,
    action,
    summary,
    ...(leadId ? { leadId } : {}),
    ip,
  });
}
