// Shared dashboards' calls (issue 25; functions/routes/admin/analytics-shares.ts) on the
// admin's HTTP layer: the list (everyone with analytics), making one and revoking one
// (publishers and admins). Types are the shared schemas' (functions/shared/reports.ts).
import {
  shareListSchema,
  shareSchema,
  type AnalyticsShare,
  type CreateShareRequest,
} from '../../../../functions/shared/reports.ts';
import { noContent, request } from '../api.ts';

export const SHARES_KEY = ['/api/admin/analytics/shares'] as const;

export const listShares = () =>
  request(shareListSchema, 'GET', SHARES_KEY[0]).then((answer) => answer.shares);

export const createShare = (body: CreateShareRequest) =>
  request(shareSchema, 'POST', SHARES_KEY[0], body);

export const revokeShare = (id: string) =>
  request(noContent, 'DELETE', `${SHARES_KEY[0]}/${encodeURIComponent(id)}`);

export type ShareStatus = 'active' | 'revoked' | 'expired';

/** What a share's link does now: the API's own order (revoked first, then expired). */
export function shareStatus(share: AnalyticsShare, now: Date = new Date()): ShareStatus {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && share.expiresAt <= now.toISOString()) return 'expired';
  return 'active';
}

/** The expiry choices of the Share dialog, in days; null: until revoked. */
export const EXPIRY_CHOICES = [null, 7, 30, 90] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
