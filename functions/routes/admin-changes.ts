// What follows every admin change to a page: an audit entry and a site rebuild request.
import type { Context } from 'hono';
import type { AuditAction } from '../data/audit.ts';
import type { AppEnv } from '../lib/context.ts';

export async function recordChange(
  c: Context<AppEnv>,
  action: AuditAction,
  page: { id: string; title: string; slug: string },
  detail?: string,
): Promise<void> {
  const services = c.get('services');
  const actor = c.get('admin')?.email ?? 'unknown';
  await services.audit.record({
    actor,
    action,
    pageId: page.id,
    summary: `${page.title} (/${page.slug})${detail ? `: ${detail}` : ''}`,
    ip: services.clientIp(c),
  });
  // The change is saved whatever happens to the build; a failed request is logged and
  // shows as the build status, never as a failed save.
  try {
    await services.rebuilder.request(`${action} /${page.slug} by ${actor}`);
  } catch (error) {
    services.log.error('site rebuild request failed', {
      requestId: c.get('requestId'),
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

export const actorOf = (c: Context<AppEnv>) => c.get('admin')?.email ?? 'unknown';
