// Where an unpublished page's address sends visitors (issue 23: "a campaign that ended
// sends visitors to /demo"): a redirect from the page's public path to the target. Its
// `/legacy/<slug>` stays the page's own (functions/data/redirect-plan.ts), and publishing
// the page again takes its public path back (the page write removes the redirect).
import type { Actor } from '../data/workflow/store.ts';
import type { Services } from '../lib/context.ts';
import { publicPath } from '../shared/slug.ts';

/**
 * 302, not 301: a campaign that ended may come back, and browsers keep a 301 for good.
 * Replaces an earlier unpublish redirect of the same address.
 */
export async function addUnpublishRedirect(
  services: Pick<Services, 'redirects'>,
  page: { slug: string },
  target: string,
  actor: Actor,
): Promise<void> {
  await services.redirects.put(
    { from: publicPath(page.slug), to: target, status: 302 },
    { actor: actor.email, ip: actor.ip },
    { reason: 'unpublish', replace: true },
  );
}
