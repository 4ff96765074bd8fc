// The audit log (/api/admin/audit): every action it records with its label, an entry, and
// the list's query and answer. Part of functions/shared/api/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';

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
