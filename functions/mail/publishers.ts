// Who is told about a page's publishing (a claim withdrawn, a review-by date or an expiry
// coming): every active account whose role may publish (functions/shared/roles.ts).
import type { Services } from '../lib/context.ts';
import { can } from '../shared/roles.ts';

export async function publisherEmails(services: Pick<Services, 'admins'>): Promise<string[]> {
  return (await services.admins.list())
    .filter((account) => !account.disabled && can(account.role, 'publish'))
    .map((account) => account.email);
}
