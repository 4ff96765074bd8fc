// Where an unpublished page's address sends visitors (issue 23: "a campaign that ended
// sends visitors to /demo"): a redirect from the page's path (and /legacy/<slug>) to the
// target, stored by the redirects module.
import type { Actor } from '../data/workflow.ts';
import type { Services } from '../lib/context.ts';

export interface UnpublishRedirects {
  addForUnpublish(
    page: { slug: string; title: string },
    target: string,
    actor: Actor,
  ): Promise<void>;
}

export async function addUnpublishRedirect(
  services: Partial<Pick<Services, never>> & object,
  page: { slug: string; title: string },
  target: string,
  actor: Actor,
): Promise<void> {
  const redirects = (services as { redirects?: UnpublishRedirects }).redirects;
  if (!redirects) throw new Error('The redirects module is not wired into the services');
  await redirects.addForUnpublish(page, target, actor);
}
