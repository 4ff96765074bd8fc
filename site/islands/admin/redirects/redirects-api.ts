// The Redirects view's calls to /api/admin/redirects on the admin's HTTP layer (../api.ts).
// Answers are read with the shared schemas (functions/shared/redirects.ts), so a drifted
// contract fails here rather than on screen.
import {
  redirectListSchema,
  redirectSchema,
  type CreateRedirectRequest,
  type RedirectDto,
} from '../../../../functions/shared/redirects.ts';
import { noContent, request } from '../api.ts';

export type { CreateRedirectRequest, RedirectDto };

export const REDIRECTS_KEY = ['/api/admin/redirects'] as const;

export async function listRedirects(): Promise<RedirectDto[]> {
  return request(redirectListSchema, 'GET', '/api/admin/redirects');
}

export async function addRedirect(body: CreateRedirectRequest): Promise<RedirectDto> {
  return request(redirectSchema, 'POST', '/api/admin/redirects', body);
}

export async function deleteRedirect(redirect: RedirectDto): Promise<void> {
  await request(noContent, 'DELETE', `/api/admin/redirects/${encodeURIComponent(redirect.id)}`);
}
