// The Pages view's calls (docs/requirements.md §7) on the admin's HTTP layer (../api.ts):
// its query keys, the page list's cache, and the requests the page cards, the editor, the
// versions, the deleted pages and the audit log make, each answer parsed with its route's
// schema (functions/shared/api/, docs/decisions/0526-admin-parses-answers.md); the Leads,
// Analytics and Images views read the page list through pagesQuery too.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { auditListSchema, auditVerdictSchema } from '../../../../functions/shared/api/audit.ts';
import type { LifecycleRequest } from '../../../../functions/shared/api/lifecycle.ts';
import {
  landingPageSchema,
  pageListSchema,
  type CreatePageRequest,
  type LandingPageDto,
  type UpdatePageRequest,
} from '../../../../functions/shared/api/pages.ts';
import {
  deletedPageListSchema,
  deletedPageRestoredSchema,
  pageVersionSchema,
  versionListSchema,
  type DeletedPageDto,
  type PageVersionDto,
  type VersionSummary,
} from '../../../../functions/shared/api/versions.ts';
import {
  pageWithWorkflowSchema,
  savedToCopySchema,
  type SavedToCopy,
} from '../../../../functions/shared/workflow.ts';
import { noContent, request, requestFile } from '../api.ts';

export type LandingPage = LandingPageDto;
export type { VersionSummary };
export type PageVersion = PageVersionDto;
export type DeletedPage = DeletedPageDto;

export const PAGES_KEY = ['/api/landing-pages'] as const;
export const DELETED_KEY = ['/api/admin/deleted-pages'] as const;
export const AUDIT_KEY = ['/api/admin/audit'] as const;
/** One page as the admin API reads it now (fresher than the list's copy). */
export const pageKey = (id: string) => ['/api/admin/pages', id] as const;
export const versionsKey = (id: string) => ['/api/admin/pages', id, 'versions'] as const;

/** PUT /api/landing-pages/{id}/lifecycle: review-by, expiry and what happens then (issue 37). */
export const saveLifecycle = (id: string, body: LifecycleRequest) =>
  request(landingPageSchema, 'PUT', `/api/landing-pages/${id}/lifecycle`, body);

export const pagesQuery = queryOptions({
  queryKey: PAGES_KEY,
  queryFn: () => request(pageListSchema, 'GET', '/api/landing-pages'),
});
export const deletedPagesQuery = queryOptions({
  queryKey: DELETED_KEY,
  queryFn: () => request(deletedPageListSchema, 'GET', '/api/admin/deleted-pages'),
});
export const versionsQuery = (id: string) =>
  queryOptions({
    queryKey: versionsKey(id),
    queryFn: () => request(versionListSchema, 'GET', `/api/admin/pages/${id}/versions`),
  });

/**
 * Puts a page the server just returned into the list cache at once. Invalidating alone
 * leaves the old copy in place until the refetch lands, and an edit form opened in that
 * window would start from stale content.
 */
export function cachePage(client: QueryClient, page: LandingPage): void {
  client.setQueryData<LandingPage[]>(PAGES_KEY, (pages) =>
    pages?.map((cached) => (cached.id === page.id ? page : cached)),
  );
}

/** The page as stored now (fresher than the list's copy) and its workflow (issue 23). */
export const fetchPage = (id: string) =>
  request(pageWithWorkflowSchema, 'GET', `/api/admin/pages/${id}`);

export const createPage = (body: CreatePageRequest) =>
  request(landingPageSchema, 'POST', '/api/landing-pages', body);

/**
 * A change to a live page while review is required (issue 33) answers where it went
 * instead: its working copy, with the sentence to show (202, `savedTo`).
 */
const pageOrCopySchema = z.union([savedToCopySchema, landingPageSchema]);
export type PageOrCopy = z.output<typeof pageOrCopySchema>;
export type { SavedToCopy };
export const savedToCopy = (answer: PageOrCopy): answer is SavedToCopy => 'savedTo' in answer;

export const updatePage = (id: string, body: UpdatePageRequest) =>
  request(pageOrCopySchema, 'PUT', `/api/landing-pages/${id}`, body);

export const resetPage = (id: string) =>
  request(pageOrCopySchema, 'POST', `/api/landing-pages/${id}/reset-to-template`);

export const deletePage = (id: string) => request(noContent, 'DELETE', `/api/landing-pages/${id}`);

/** A deleted page back; a live one comes back as a draft while review is required (`notice`). */
export const restoreDeletedPage = (id: string) =>
  request(deletedPageRestoredSchema, 'POST', `/api/admin/deleted-pages/${id}/restore`);

const versionPath = (pageId: string, versionId: string) =>
  `/api/admin/pages/${pageId}/versions/${encodeURIComponent(versionId)}`;

export const fetchVersion = (pageId: string, versionId: string) =>
  request(pageVersionSchema, 'GET', versionPath(pageId, versionId));

export const restoreVersion = (pageId: string, versionId: string) =>
  request(pageOrCopySchema, 'POST', `${versionPath(pageId, versionId)}/restore`);

/** The audit log's page of AUDIT_PAGE_SIZE entries after `cursor` (newest first). */
export const AUDIT_PAGE_SIZE = 50;
export const auditKey = (cursor: string | undefined) =>
  [
    ...AUDIT_KEY,
    cursor ? `?limit=${AUDIT_PAGE_SIZE}&cursor=${cursor}` : `?limit=${AUDIT_PAGE_SIZE}`,
  ] as const;
export const fetchAudit = (cursor: string | undefined) =>
  request(
    auditListSchema,
    'GET',
    `/api/admin/audit?limit=${AUDIT_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
  );

/** The hash chain of every kept entry, checked (docs/decisions/0553-audit-hash-chain.md). */
export const verifyAudit = () => request(auditVerdictSchema, 'GET', '/api/admin/audit/verify');

/** The export of the entries written from `from` to `to` (ISO times), as a download. */
export const auditExportUrl = (from: string, to: string, format: 'csv' | 'json') =>
  `/api/admin/audit/export?${new URLSearchParams({ from, to, format }).toString()}`;

/**
 * The inspection package of a version visitors saw (`live`: the one they see now), as a file
 * (docs/inspection-package.md).
 */
export const downloadInspectionPackage = (pageId: string, versionId: string) =>
  requestFile(
    'GET',
    `/api/admin/pages/${pageId}/versions/${encodeURIComponent(versionId)}/package`,
    undefined,
    'inspection-package.zip',
  );
