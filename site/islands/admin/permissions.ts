// What the signed-in account's role lets the admin show (issue 23; the matrix is
// functions/shared/roles.ts and the API enforces it). Hiding is a courtesy: a control the
// role cannot use would only end in a refusal.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { meSchema } from '../../../functions/shared/account.ts';
import type { Permission } from '../../../functions/shared/roles.ts';
import { request } from './api.ts';

export const ME_KEY = ['/api/auth/me'] as const;
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: () => request(meSchema, 'GET', '/api/auth/me'),
});

export function useMe() {
  return useQuery(meQuery).data;
}

/** True when the signed-in role has `permission`; false until /api/auth/me has answered. */
export function useCan(permission: Permission): boolean {
  return useMe()?.permissions.includes(permission) ?? false;
}
