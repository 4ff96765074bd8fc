// The Pages view's calls (docs/requirements.md §7) on the admin's HTTP layer (../api.ts):
// its query keys, the page list's cache, and the requests the page cards, the editor, the
// versions, the deleted pages and the audit log make. Types are the shared API schemas'
// (functions/shared/api/); the Leads, Analytics and Images views read the page list by
// PAGES_KEY too.
import type { QueryClient } from '@tanstack/react-query';
import type { AuditList } from '../../../../functions/shared/api/audit.ts';
import type {
  CreatePageRequest,
  LandingPageDto,
  UpdatePageRequest,
} from '../../../../functions/shared/api/pages.ts';
import type {
  DeletedPageDto,
  DeletedPageRestored,
  PageVersionDto,
  VersionSummary,
} from '../../../../functions/shared/api/versions.ts';
import type { SavedToCopy } from '../../../../functions/shared/workflow.ts';
import { request } from '../api.ts';

export type LandingPage = LandingPageDto;
export type { AuditList, VersionSummary };
export type PageVersion = PageVersionDto;
export type DeletedPage = DeletedPageDto;

export const PAGES_KEY = ['/api/landing-pages'] as const;
export const DELETED_KEY = ['/api/admin/deleted-pages'] as const;
export const AUDIT_KEY = ['/api/admin/audit'] as const;
/** One page as the admin API reads it now (fresher than the list's copy). */
export const pageKey = (id: string) => ['/api/admin/pages', id] as const;
export const versionsKey = (id: string) => ['/api/admin/pages', id, 'versions'] as const;

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

export const fetchPage = (id: string) => request<LandingPage>('GET', `/api/admin/pages/${id}`);

export const createPage = (body: CreatePageRequest) =>
  request<LandingPage>('POST', '/api/landing-pages', body);

/**
 * A change to a live page while review is required (issue 33) answers where it went
 * instead: its working copy, with the sentence to show (202, `savedTo`).
 */
export type PageOrCopy = LandingPage | SavedToCopy;
export type { SavedToCopy };
export const savedToCopy = (answer: PageOrCopy): answer is SavedToCopy => 'savedTo' in answer;

export const updatePage = (id: string, body: UpdatePageRequest) =>
  request<PageOrCopy>('PUT', `/api/landing-pages/${id}`, body);

export const resetPage = (id: string) =>
  request<PageOrCopy>('POST', `/api/landing-pages/${id}/reset-to-template`);

export const deletePage = (id: string) => request('DELETE', `/api/landing-pages/${id}`);

/** A deleted page back; a live one comes back as a draft while review is required (`notice`). */
export const restoreDeletedPage = (id: string) =>
  request<DeletedPageRestored>('POST', `/api/admin/deleted-pages/${id}/restore`);

const versionPath = (pageId: string, versionId: string) =>
  `/api/admin/pages/${pageId}/versions/${encodeURIComponent(versionId)}`;

export const fetchVersion = (pageId: string, versionId: string) =>
  request<PageVersion>('GET', versionPath(pageId, versionId));

export const restoreVersion = (pageId: string, versionId: string) =>
  request<PageOrCopy>('POST', `${versionPath(pageId, versionId)}/restore`);

/** The audit log's page of AUDIT_PAGE_SIZE entries after `cursor` (newest first). */
export const AUDIT_PAGE_SIZE = 50;
export const auditKey = (cursor: string | undefined) =>
  [
    ...AUDIT_KEY,
    cursor ? `?limit=${AUDIT_PAGE_SIZE}&cursor=${cursor}` : `?limit=${AUDIT_PAGE_SIZE}`,
  ] as const;
export const fetchAudit = (cursor: string | undefined) =>
  request<AuditList>(
    'GET',
    `/api/admin/audit?limit=${AUDIT_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
  );
