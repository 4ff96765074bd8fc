// What goes with every admin change to a page: who made it (for the audit entry that the
// repository writes in the change's own transaction) and the rebuild request that follows
// the commit. The repository's refusals are domain errors the app's error handler answers
// (functions/core/domain-errors.ts).
import type { Context } from 'hono';
import { BuildRequestLog } from '../../data/build-requests.ts';
import type { LandingPage, PageChange } from '../../data/landing-pages/page-item.ts';
import {
  afterPageWrite,
  readRedirects,
  redirectWrites,
  touchesRedirects,
  type PageAddresses,
} from '../../data/redirect-plan.ts';
import type { AppEnv } from '../../lib/context.ts';
import { assertPermission } from '../../lib/auth.ts';
import type { AuditAction } from '../../shared/api/audit.ts';
import type { BuildStatus } from '../../shared/api/build.ts';
import { EDITOR_SECTIONS, type LandingContent } from '../../shared/landing-content.ts';
import { sameJson } from '../../shared/stable-json.ts';
import { actorEmail } from './actor.ts';

/**
 * What a change to a page needs (docs/decisions/0131-roles.md): `edit` always, and `publish`
 * when visitors would see it: the page is live, or the change makes it live.
 */
export async function assertMayChange(
  c: Context<AppEnv>,
  page: { isActive: boolean } | undefined,
  makesLive = false,
): Promise<void> {
  await assertPermission(c, 'edit');
  if (page?.isActive || makesLive) await assertPermission(c, 'publish');
}

/** The audit side of a change: the repository writes it with the change itself. */
export function pageChange(
  c: Context<AppEnv>,
  action: AuditAction,
  detail?: PageChange['detail'],
): PageChange {
  return {
    actor: actorEmail(c),
    ip: c.get('services').clientIp(c),
    action,
    ...(detail ? { detail } : {}),
  };
}

const buildRequests = (c: Context<AppEnv>) => {
  const { db, tableName, now } = c.get('services');
  return new BuildRequestLog(db, tableName, now);
};

/**
 * Asks for a site rebuild after a committed change. The change is saved whatever happens
 * here: a refused request is logged and recorded, and shows as the build status.
 */
export async function requestRebuild(
  c: Context<AppEnv>,
  action: AuditAction | 'manual',
  page?: { slug: string },
): Promise<void> {
  const services = c.get('services');
  const reason = `${action}${page ? ` /${page.slug}` : ''} by ${actorEmail(c)}`;
  try {
    await services.rebuilder.request(reason);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    services.log.error('site rebuild request failed', {
      requestId: c.get('requestId'),
      error: message,
    });
    await buildRequests(c)
      .failed(reason, message)
      .catch(() => undefined);
    return;
  }
  await buildRequests(c)
    .succeeded()
    .catch(() => undefined);
}

/**
 * Whether a page write changes what the public site is built from, asked before the write
 * (docs/decisions/0420-drafts-ask-no-rebuild.md): the build renders active pages only and
 * publishes the redirects, so a draft created, saved or renamed changes nothing visitors
 * get, unless it takes an address a redirect started from (the write removes that redirect).
 */
export async function changesPublicSite(
  c: Context<AppEnv>,
  before: PageAddresses | undefined,
  after: PageAddresses,
): Promise<boolean> {
  if (before?.isActive || after.isActive) return true;
  if (!touchesRedirects(before, after)) return false;
  const { db, tableName } = c.get('services');
  const current = await readRedirects(db, tableName);
  const made = { actor: actorEmail(c), at: '' };
  return (
    redirectWrites(tableName, current, afterPageWrite(current, before, after, made)).length > 0
  );
}

/** The rebuilder's status, showing a rebuild request that failed after the last build began. */
export async function buildStatus(c: Context<AppEnv>): Promise<BuildStatus> {
  const [status, failure] = await Promise.all([
    c.get('services').rebuilder.status(),
    buildRequests(c).lastFailure(),
  ]);
  if (!failure || (status.startedAt !== undefined && failure.at < status.startedAt)) return status;
  return {
    ...status,
    state: 'failed',
    logTail: `The rebuild could not be requested (${failure.at}, after "${failure.reason}"): ${failure.message}`,
  };
}

/** Which fields a save changed, for the audit log ("changed title, content (hero, seo)"). */
export function describeUpdate(
  before: LandingPage | undefined,
  after: LandingPage,
): string | undefined {
  if (!before) return undefined;
  const changed: string[] = [];
  for (const field of ['title', 'slug', 'isActive'] as const) {
    if (before[field] !== after[field]) changed.push(field);
  }
  const sections = (Object.keys(after.content) as (keyof LandingContent)[])
    .concat(Object.keys(before.content) as (keyof LandingContent)[])
    .filter((key, index, all) => all.indexOf(key) === index)
    .filter((key) => !sameJson(before.content[key], after.content[key]))
    .sort((a, b) => sectionOrder(a) - sectionOrder(b) || a.localeCompare(b));
  if (sections.length) changed.push(`content (${sections.join(', ')})`);
  return changed.length ? `changed ${changed.join(', ')}` : 'saved unchanged';
}

const sectionOrder = (key: string) => {
  const index = (EDITOR_SECTIONS as readonly string[]).indexOf(key);
  return index === -1 ? EDITOR_SECTIONS.length : index;
};
