// Governed publishing's calls (issue 23; functions/routes/workflow.ts): the working copy,
// review, publishing now or at a time, comments and preview links. Types are the shared
// schemas' (functions/shared/workflow.ts).
import type { LandingContent } from '../../../../functions/shared/landing-content.ts';
import type {
  ApproveRequest,
  CommentEntry,
  PreviewLink,
  ScheduleEntry,
  Signature,
  WorkflowStatus,
  WorkflowSummaries,
  WorkingCopy,
} from '../../../../functions/shared/workflow.ts';
import { request } from '../api.ts';
import type { LandingPage } from './pages-api.ts';

export type { WorkflowStatus, WorkingCopy, Signature, ScheduleEntry, CommentEntry, PreviewLink };

/** GET /api/admin/pages/:id: the live page and its workflow. */
export type PageWithWorkflow = LandingPage & { workflow?: WorkflowStatus };

export const WORKFLOW_SUMMARY_KEY = ['/api/admin/workflow'] as const;
export type { WorkflowSummaries };

const base = (id: string) => `/api/landing-pages/${id}`;

export const saveWorkingCopy = (
  id: string,
  body: { title: string; slug: string; content: unknown; revision: number },
) => request<WorkingCopy>('PUT', `${base(id)}/draft`, body);

export const discardWorkingCopy = (id: string) => request('DELETE', `${base(id)}/draft`);

export const submitForReview = (id: string, note?: string) =>
  request<WorkingCopy>('POST', `${base(id)}/submit`, note ? { note } : {});

export const approve = (id: string, body: ApproveRequest) =>
  request<Signature>('POST', `${base(id)}/approve`, body);

export const reject = (id: string, comment: string) =>
  request<WorkingCopy>('POST', `${base(id)}/reject`, { comment });

export const publish = (id: string, at?: string) =>
  request<LandingPage | ScheduleEntry>('POST', `${base(id)}/publish`, at ? { at } : {});

export const unpublish = (id: string, body: { at?: string; redirectTo?: string }) =>
  request<LandingPage | ScheduleEntry>('POST', `${base(id)}/unpublish`, body);

export const cancelSchedule = (id: string, action: ScheduleEntry['action']) =>
  request('DELETE', `${base(id)}/schedule/${action}`);

export const addComment = (id: string, body: string) =>
  request<CommentEntry>('POST', `${base(id)}/comments`, { body });

export const createPreviewLink = (id: string, days: number) =>
  request<PreviewLink & { url: string }>('POST', `${base(id)}/preview-links`, { days });

export const revokePreviewLink = (id: string, linkId: string) =>
  request('DELETE', `${base(id)}/preview-links/${linkId}`);

/** A working copy in the editor's shape: the page with the copy's fields and revision. */
export function copyAsPage(page: LandingPage, copy: WorkingCopy): LandingPage {
  return {
    ...page,
    title: copy.title,
    slug: copy.slug,
    content: copy.content as LandingContent,
    revision: copy.revision,
    updatedAt: copy.updatedAt,
    updatedBy: copy.updatedBy,
  };
}

/** The copy the editor works on: the working copy when there is one, else the page. */
export const editedCopy = (page: PageWithWorkflow): LandingPage =>
  page.workflow?.workingCopy ? copyAsPage(page, page.workflow.workingCopy) : page;

/**
 * Whether a change to a page goes to its working copy (docs/decisions/0136-admin-roles-and-gap.md):
 * when one exists, or when a live page may not change at once (the role cannot publish, or review
 * is required). Otherwise SPEC's PUT saves the page live.
 */
export function savesToCopy(
  page: PageWithWorkflow,
  mayPublish: boolean,
  copySavedHere = false,
): boolean {
  const workflow = page.workflow;
  return (
    Boolean(workflow?.workingCopy) ||
    copySavedHere ||
    (page.isActive && (!mayPublish || (workflow?.approvalsRequired ?? 0) > 0))
  );
}

/** A time as the admin's clock shows it, and the same in UTC (for the tooltip). */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export { utcTime } from './signatures.ts';
