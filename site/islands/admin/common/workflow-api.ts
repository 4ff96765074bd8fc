// Governed publishing's calls (issue 23; functions/routes/workflow.ts): the working copy,
// review, publishing now or at a time, comments and preview links. Every answer is parsed
// with its route's schema (functions/shared/workflow.ts, docs/decisions/0526-admin-parses-answers.md).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { landingPageSchema } from '../../../../functions/shared/api/pages.ts';
import type { LandingContent } from '../../../../functions/shared/landing-content.ts';
import {
  commentEntrySchema,
  createdPreviewLinkSchema,
  scheduleEntrySchema,
  signatureSchema,
  workflowSummariesSchema,
  workingCopySchema,
  type ApproveRequest,
  type CommentEntry,
  type CommentRequest,
  type FlaggedClaim,
  type PageWithWorkflow,
  type ScheduleEntry,
  type WorkflowStatus,
  type WorkflowSummaries,
  type WorkingCopy,
} from '../../../../functions/shared/workflow.ts';
import { noContent, request } from '../api.ts';
import type { LandingPage } from './pages-api.ts';

export type { WorkflowStatus, WorkingCopy, ScheduleEntry, CommentEntry, PageWithWorkflow };

export const WORKFLOW_SUMMARY_KEY = ['/api/admin/workflow'] as const;
export const workflowSummaryQuery = queryOptions({
  queryKey: WORKFLOW_SUMMARY_KEY,
  queryFn: () => request(workflowSummariesSchema, 'GET', '/api/admin/workflow'),
});
export type { WorkflowSummaries, FlaggedClaim };

const base = (id: string) => `/api/landing-pages/${id}`;

export const saveWorkingCopy = (
  id: string,
  body: { title: string; slug: string; content: unknown; revision: number },
) => request(workingCopySchema, 'PUT', `${base(id)}/draft`, body);

export const discardWorkingCopy = (id: string) => request(noContent, 'DELETE', `${base(id)}/draft`);

export const submitForReview = (id: string, note?: string) =>
  request(workingCopySchema, 'POST', `${base(id)}/submit`, note ? { note } : {});

export const approve = (id: string, body: ApproveRequest) =>
  request(signatureSchema, 'POST', `${base(id)}/approve`, body);

export const reject = (id: string, comment: string) =>
  request(workingCopySchema, 'POST', `${base(id)}/reject`, { comment });

/** Published now (200, the page) or scheduled (202, the schedule entry). */
const pageOrScheduleSchema = z.union([landingPageSchema, scheduleEntrySchema]);

export const publish = (id: string, at?: string) =>
  request(pageOrScheduleSchema, 'POST', `${base(id)}/publish`, at ? { at } : {});

/**
 * Publishes now over the errors of the checks before publishing (issue 38), saying why: the
 * audit entry and the version's publication keep the reason and the errors
 * (functions/shared/page-checks.ts).
 */
export const publishOverChecks = (id: string, reason: string) =>
  request(pageOrScheduleSchema, 'POST', `${base(id)}/publish`, {
    overrideChecks: { reason },
  });

export const unpublish = (id: string, body: { at?: string; redirectTo?: string }) =>
  request(pageOrScheduleSchema, 'POST', `${base(id)}/unpublish`, body);

export const cancelSchedule = (id: string, action: ScheduleEntry['action']) =>
  request(noContent, 'DELETE', `${base(id)}/schedule/${action}`);

export const addComment = (id: string, body: CommentRequest) =>
  request(commentEntrySchema, 'POST', `${base(id)}/comments`, body);

/** Resolves (true) or reopens (false) a thread by its first comment. */
export const setResolved = (id: string, commentId: string, resolved: boolean) =>
  request(
    commentEntrySchema,
    'POST',
    `${base(id)}/comments/${encodeURIComponent(commentId)}/${resolved ? 'resolve' : 'reopen'}`,
  );

export const createPreviewLink = (id: string, days: number) =>
  request(createdPreviewLinkSchema, 'POST', `${base(id)}/preview-links`, { days });

export const revokePreviewLink = (id: string, linkId: string) =>
  request(noContent, 'DELETE', `${base(id)}/preview-links/${linkId}`);

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
  page.workflow.workingCopy ? copyAsPage(page, page.workflow.workingCopy) : page;

/**
 * Whether a change to a page goes to its working copy (docs/decisions/0136-admin-roles-and-gap.md):
 * when one exists, or when a live page may not change at once (the role cannot publish, or review
 * is required). Otherwise SPEC's PUT saves the page live. `page` is the list's copy until
 * GET /api/admin/pages/:id has answered with its workflow.
 */
export function savesToCopy(
  page: LandingPage | PageWithWorkflow,
  mayPublish: boolean,
  copySavedHere = false,
): boolean {
  const workflow = 'workflow' in page ? page.workflow : undefined;
  return (
    Boolean(workflow?.workingCopy) ||
    copySavedHere ||
    (page.isActive && (!mayPublish || (workflow?.approvalsRequired ?? 0) > 0))
  );
}

/** A time as the admin's clock shows it, and the same in UTC (for the tooltip). */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export { utcTime } from './signatures.tsx';
