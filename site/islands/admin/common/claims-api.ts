// The claims and evidence calls (issue 36, /api/admin/claims and /api/admin/evidence) on the
// admin's HTTP layer (../api.ts), shared by the Claims and Evidence views (claims/) and the
// block editor's claim picker (editor/claim-picker.tsx). Every answer is read with the API's
// own schemas (functions/shared/claims/model.ts), so a drifted contract fails here rather
// than on screen.
import type { QueryClient } from '@tanstack/react-query';
import {
  claimListSchema,
  claimSchema,
  claimUsageSchema,
  evidenceListSchema,
  evidenceSchema,
  type Claim,
  type ClaimListItem,
  type ClaimUsage,
  type CreateClaim,
  type CreateEvidence,
  type Evidence,
  type PatchClaim,
  type PatchEvidence,
} from '../../../../functions/shared/claims/model.ts';
import {
  claimWithdrawnSchema,
  evidenceWithdrawnSchema,
} from '../../../../functions/shared/claims/withdrawal.ts';
import type { ApproveRequest } from '../../../../functions/shared/workflow.ts';
import { request } from '../api.ts';

export type { Claim, ClaimListItem, ClaimUsage, Evidence };

export const CLAIMS_KEY = ['/api/admin/claims'] as const;
export const claimKey = (id: string) => [...CLAIMS_KEY, id] as const;
export const claimUsageKey = (id: string) => [...CLAIMS_KEY, id, 'usage'] as const;
export const EVIDENCE_KEY = ['/api/admin/evidence'] as const;
export const evidenceKey = (id: string) => [...EVIDENCE_KEY, id] as const;

const claimPath = (id: string) => `/api/admin/claims/${encodeURIComponent(id)}`;
const evidencePath = (id: string) => `/api/admin/evidence/${encodeURIComponent(id)}`;

export const listClaims = async (): Promise<ClaimListItem[]> =>
  (await request(claimListSchema, 'GET', '/api/admin/claims')).claims;
export const getClaim = (id: string): Promise<Claim> => request(claimSchema, 'GET', claimPath(id));
export const claimUsage = (id: string): Promise<ClaimUsage> =>
  request(claimUsageSchema, 'GET', `${claimPath(id)}/usage`);
/** A new claim starts as a draft. */
export const createClaim = (body: CreateClaim): Promise<Claim> =>
  request(claimSchema, 'POST', '/api/admin/claims', body);
/** From the revision read: a stale one is a 409 (someone else saved meanwhile). */
export const patchClaim = (id: string, body: PatchClaim): Promise<Claim> =>
  request(claimSchema, 'PATCH', claimPath(id), body);
export const approveClaim = (id: string, body: ApproveRequest): Promise<Claim> =>
  request(claimSchema, 'POST', `${claimPath(id)}/approve`, body);
export const withdrawClaim = (id: string, reason: string): Promise<Claim> =>
  request(claimWithdrawnSchema, 'POST', `${claimPath(id)}/withdraw`, { reason });

export const listEvidence = async (): Promise<Evidence[]> =>
  (await request(evidenceListSchema, 'GET', '/api/admin/evidence')).evidence;
export const getEvidence = (id: string): Promise<Evidence> =>
  request(evidenceSchema, 'GET', evidencePath(id));
export const createEvidence = (body: CreateEvidence): Promise<Evidence> =>
  request(evidenceSchema, 'POST', '/api/admin/evidence', body);
export const patchEvidence = (id: string, body: PatchEvidence): Promise<Evidence> =>
  request(evidenceSchema, 'PATCH', evidencePath(id), body);
export const withdrawEvidence = (id: string, reason: string): Promise<Evidence> =>
  request(evidenceWithdrawnSchema, 'POST', `${evidencePath(id)}/withdraw`, {
    reason,
  });

/** After any change: a claim's status depends on its evidence, the list on both. */
export function claimsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: CLAIMS_KEY });
  void client.invalidateQueries({ queryKey: EVIDENCE_KEY });
}
