// The API's contract for landing pages and the admin's page routes: request and response
// schemas, imported by the routes (validation), the API tests (response checks) and the
// islands (typed client, form checks). The other resources keep theirs beside this file
// (contact.ts, events.ts, leads.ts, media.ts, account.ts); `api` re-exports nothing of
// theirs so each stays the one home of its shapes.
import * as z from 'zod';
import { submittedContentSchema } from './block-sync.ts';
import { landingContentSchema } from './landing-content.ts';
import { pageIdSchema, slugSchema } from './slug.ts';
import { templateIdSchema } from './page-templates.ts';

// ---------------------------------------------------------------------------------------
// Landing pages (docs/requirements.md §3, §7).

export const titleSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters');

/**
 * A page as the API returns it. `revision` counts the page's writes: the edit form sends
 * back the one it read, and a stale one is refused with 409 instead of overwriting.
 */
export const landingPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  content: landingContentSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.number().int().min(1),
  /** Who made the last change (absent on pages written before it was recorded). */
  updatedBy: z.string().optional(),
});
export type LandingPageDto = z.infer<typeof landingPageSchema>;

/**
 * GET /api/landing-pages/{slug}, the public read (landing-page-by-slug.ts): the page
 * without `updatedBy`, since an admin's e-mail is nobody else's business (issue 21), plus
 * the library images it uses. Strict, so a field added to pages later is not public until
 * it is named here.
 */
export const publicLandingPageSchema = landingPageSchema
  .omit({ updatedBy: true })
  .extend({ media: z.record(z.string(), z.unknown()) })
  .strict();
export type PublicLandingPageDto = z.infer<typeof publicLandingPageSchema>;

export const pageListSchema = z.array(landingPageSchema);

/** Where a new page's content comes from when the body carries none. */
export const START_FROM = ['placeholder', 'template', 'copy'] as const;

/**
 * POST /api/landing-pages. docs/requirements.md §3's defaults hold when the body leaves them out:
 * active, placeholder content. The admin's create form sends `isActive: false` (a draft)
 * unless "Publish now" is ticked, and `startFrom` (`copy` with `copyOf`, `template` with an
 * optional `templateId`: functions/shared/page-templates.ts).
 */
export const createPageSchema = z
  .strictObject({
    title: titleSchema,
    slug: slugSchema,
    isActive: z.boolean().default(true),
    content: submittedContentSchema.optional(),
    startFrom: z.enum(START_FROM).optional(),
    copyOf: pageIdSchema.optional(),
    /** With `startFrom: 'template'`: a built-in or saved template; absent: product pitch. */
    templateId: templateIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.content !== undefined && body.startFrom !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['startFrom'],
        message: 'cannot be combined with content; send one or the other',
      });
    }
    if (body.startFrom === 'copy' && body.copyOf === undefined) {
      ctx.addIssue({ code: 'custom', path: ['copyOf'], message: 'is required to copy a page' });
    }
    if (body.copyOf !== undefined && body.startFrom !== 'copy') {
      ctx.addIssue({
        code: 'custom',
        path: ['copyOf'],
        message: 'is only allowed with startFrom "copy"',
      });
    }
    if (body.templateId !== undefined && body.startFrom !== 'template') {
      ctx.addIssue({
        code: 'custom',
        path: ['templateId'],
        message: 'is only allowed with startFrom "template"',
      });
    }
  });
export type CreatePageRequest = z.input<typeof createPageSchema>;

/**
 * PUT /api/landing-pages/{id}: any of the fields; `revision` is the one the client read.
 * Without it (docs/requirements.md §7's `{content}` image assignment) the write applies to the page as
 * it is now.
 */
export const updatePageSchema = z
  .strictObject({
    title: titleSchema.optional(),
    slug: slugSchema.optional(),
    isActive: z.boolean().optional(),
    content: submittedContentSchema.optional(),
    revision: z.number().int().min(1, 'must be a revision number').optional(),
  })
  .refine(
    (body) =>
      (['title', 'slug', 'isActive', 'content'] as const).some((key) => body[key] !== undefined),
    { message: 'must contain at least one of title, slug, isActive, content' },
  );
export type UpdatePageRequest = z.input<typeof updatePageSchema>;

// ---------------------------------------------------------------------------------------
// Versions and deleted pages (/api/admin).

export const VERSION_REASONS = [
  'update',
  'reset',
  'delete',
  'restore',
  // Governed publishing (functions/data/workflow/publish.ts): the live version a publish replaced.
  'publish',
  'unpublish',
] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

export const versionSummarySchema = z.object({
  versionId: z.string(),
  reason: z.enum(VERSION_REASONS),
  actor: z.string(),
  createdAt: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const pageVersionSchema = versionSummarySchema.extend({
  pageId: z.string(),
  content: landingContentSchema,
});
export type PageVersionDto = z.infer<typeof pageVersionSchema>;

export const deletedPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  deletedAt: z.string(),
  deletedBy: z.string(),
  /** When it can no longer be restored. */
  restorableUntil: z.string(),
});
export type DeletedPageDto = z.infer<typeof deletedPageSchema>;

/**
 * POST /api/admin/deleted-pages/{id}/restore: the page back, and, when it came back as a
 * draft because review is required (issue 33), the sentence that says so.
 */
export const deletedPageRestoredSchema = landingPageSchema.extend({
  notice: z.string().optional(),
});
export type DeletedPageRestored = z.infer<typeof deletedPageRestoredSchema>;

// ---------------------------------------------------------------------------------------
// The audit log (/api/admin/audit).

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'setup',
  'create',
  'update',
  'reset',
  'delete',
  'restore',
  // Administrator accounts (functions/routes/account/, auth.ts).
  'password-change',
  'password-reset-link',
  'password-reset',
  'invite',
  'invite-revoke',
  'invite-accept',
  'admin-disable',
  'admin-enable',
  'two-factor-enable',
  'two-factor-disable',
  'recovery-codes',
  'session-end',
  // Governed publishing (functions/data/workflow/, routes/workflow.ts).
  'draft-save',
  'draft-discard',
  'submit',
  'approve',
  'reject',
  'publish',
  'unpublish',
  'schedule',
  'schedule-void',
  'comment',
  'preview-link',
  'preview-link-revoke',
  'settings',
  // Redirects (functions/data/redirects.ts, routes/admin/redirects.ts).
  'redirect-add',
  'redirect-delete',
  // Roles (functions/lib/auth.ts requirePermission, routes/account/admins.ts).
  'admin-role',
  'forbidden',
  // Leads (functions/routes/leads.ts); summaries name the lead's id, never its person.
  'lead-status',
  'lead-note',
  'lead-retry',
  'lead-export',
  'lead-erase',
  'lead-owner',
  'lead-reminder',
  // Experiments (functions/data/experiments/, routes/admin/experiments.ts).
  'experiment-create',
  'experiment-update',
  'experiment-delete',
  'experiment-variant',
  'experiment-approve',
  'experiment-start',
  'experiment-pause',
  'experiment-stop',
  'experiment-promote',
  // Shared dashboards (functions/data/analytics-shares.ts).
  'share-create',
  'share-revoke',
  // Goals (functions/data/goals.ts).
  'goal-create',
  'goal-delete',
  'goal-funnel',
  // Forms (functions/data/forms.ts; under review: functions/data/form-review/).
  'form-save',
  'form-delete',
  'form-copy-save',
  'form-submit',
  'form-approve',
  'form-publish',
  // Page templates (functions/data/page-templates.ts).
  'template-save',
  'template-delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every audit action has a label; the type makes a new action without one a compile error. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  setup: 'Setup',
  create: 'Created',
  update: 'Updated',
  reset: 'Reset',
  delete: 'Deleted',
  restore: 'Restored',
  'password-change': 'Password changed',
  'password-reset-link': 'Password reset link made',
  'password-reset': 'Password reset by link',
  invite: 'Invited an administrator',
  'invite-revoke': 'Invitation withdrawn',
  'invite-accept': 'Invitation accepted',
  'admin-disable': 'Administrator disabled',
  'admin-enable': 'Administrator enabled',
  'two-factor-enable': 'Two-factor sign-in on',
  'two-factor-disable': 'Two-factor sign-in off',
  'recovery-codes': 'New recovery codes',
  'session-end': 'Session ended',
  'admin-role': 'Role changed',
  forbidden: 'Refused by role',
  'draft-save': 'Working copy saved',
  'draft-discard': 'Working copy discarded',
  submit: 'Submitted for review',
  approve: 'Approved (e-signature)',
  reject: 'Rejected',
  publish: 'Published',
  unpublish: 'Unpublished',
  schedule: 'Scheduled',
  'schedule-void': 'Schedule cancelled',
  comment: 'Comment',
  'preview-link': 'Preview link made',
  'preview-link-revoke': 'Preview link revoked',
  settings: 'Settings changed',
  'redirect-add': 'Redirect added',
  'redirect-delete': 'Redirect deleted',
  'lead-status': 'Lead status changed',
  'lead-note': 'Lead note added',
  'lead-retry': 'Lead delivery retried',
  'lead-export': 'Leads exported',
  'lead-erase': 'Lead erased',
  'lead-owner': 'Lead owner changed',
  'lead-reminder': 'Lead reminder sent',
  'experiment-create': 'Experiment created',
  'experiment-update': 'Experiment changed',
  'experiment-delete': 'Experiment deleted',
  'experiment-variant': 'Experiment variant saved',
  'experiment-approve': 'Experiment variant approved (e-signature)',
  'experiment-start': 'Experiment started',
  'experiment-pause': 'Experiment paused',
  'experiment-stop': 'Experiment ended',
  'experiment-promote': 'Experiment variant promoted',
  'share-create': 'Shared dashboard made',
  'share-revoke': 'Shared dashboard revoked',
  'goal-create': 'Goal added',
  'form-save': 'Form saved',
  'form-delete': 'Form deleted',
  'form-copy-save': 'Form working copy saved',
  'form-submit': 'Form submitted for review',
  'form-approve': 'Form approved (e-signature)',
  'form-publish': 'Form published',
  'goal-delete': 'Goal deleted',
  'goal-funnel': 'Goal funnel changed',
  'template-save': 'Saved as template',
  'template-delete': 'Template deleted',
};

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  // A string, not the enum: an older client must still list entries of newer actions.
  action: z.string(),
  /** The page concerned, when there is one. */
  pageId: z.string().optional(),
  /** The lead concerned, when there is one (kept after the lead is erased). */
  leadId: z.string().optional(),
  /** Human-readable what: the page title and slug, the fields changed, a version. */
  summary: z.string(),
  ip: z.string().optional(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  cursor: z.string().max(2000).optional(),
});

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Signed; pass it back for older entries. Absent at the end of the log. */
  cursor: z.string().optional(),
});
export type AuditList = z.infer<typeof auditListSchema>;

// ---------------------------------------------------------------------------------------
// The site build (/api/admin/build).

export const BUILD_STATES = ['up-to-date', 'building', 'failed', 'disabled'] as const;

export const buildStatusSchema = z.object({
  state: z.enum(BUILD_STATES),
  /** When the running (or last) build started. */
  startedAt: z.string().optional(),
  /** When the last build finished, successful or not. */
  lastFinishedAt: z.string().optional(),
  /** Data snapshot being served: a page changed before this is in the static output. */
  publishedAt: z.string().optional(),
  /** The last lines of a failed build's log, or why the rebuild could not be requested. */
  logTail: z.string().optional(),
  /** Where the full build log is (AWS console), when there is one. */
  logUrl: z.string().optional(),
});
export type BuildStatusDto = z.infer<typeof buildStatusSchema>;
