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
  'comment-resolve',
  'comment-reopen',
  'preview-link',
  'preview-link-revoke',
  'settings',
  // A page's review-by date and expiry (functions/data/workflow/lifecycle.ts).
  'lifecycle',
  'lifecycle-reminder',
  'expire',
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
  // Claims and evidence (functions/data/claims/).
  'evidence-create',
  'evidence-update',
  'evidence-withdraw',
  'claim-create',
  'claim-update',
  'claim-approve',
  'claim-withdraw',
  'claims-seed',
  // The audit trail itself (functions/routes/admin/audit.ts).
  'audit-export',
  // Inspection packages (functions/routes/admin/pages.ts).
  'inspection-package',
  // Calendar feeds (functions/data/calendar/feeds.ts).
  'calendar-feed-create',
  'calendar-feed-revoke',
  // API tokens (functions/data/api-tokens.ts) and the calls made with them (lib/auth.ts).
  'token-create',
  'token-revoke',
  'api-call',
  // Webhook subscriptions (functions/data/webhook-subscriptions.ts, issue 40).
  'webhook-create',
  'webhook-update',
  'webhook-delete',
  'webhook-disable',
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
  lifecycle: 'Review-by and expiry set',
  'lifecycle-reminder': 'Review-by or expiry reminder',
  expire: 'Expired',
  comment: 'Comment',
  'comment-resolve': 'Comment thread resolved',
  'comment-reopen': 'Comment thread reopened',
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
  'evidence-create': 'Evidence added',
  'evidence-update': 'Evidence changed',
  'evidence-withdraw': 'Evidence withdrawn',
  'claim-create': 'Claim added',
  'claim-update': 'Claim changed',
  'claim-approve': 'Claim approved (e-signature)',
  'claim-withdraw': 'Claim withdrawn',
  'claims-seed': 'Claims seeded from the policy file',
  'audit-export': 'Audit trail exported',
  'inspection-package': 'Inspection package downloaded',
  'calendar-feed-create': 'Calendar feed made',
  'calendar-feed-revoke': 'Calendar feed revoked',
  'webhook-create': 'Webhook added',
  'webhook-update': 'Webhook changed',
  'webhook-delete': 'Webhook deleted',
  'webhook-disable': 'Webhook switched off after failures',
  'template-save': 'Saved as template',
  'template-delete': 'Template deleted',
  'token-create': 'API token made',
  'token-revoke': 'API token revoked',
  'api-call': 'API token call',
};

/**
 * An electronic signature's manifestation (21 CFR 11.50) in the audit entry that records it:
 * the printed name, the date and time with its zone, and the meaning
 * (docs/decisions/0531-signature-manifestation.md).
 */
export const auditSignatureSchema = z.object({
  signerName: z.string(),
  signerEmail: z.string(),
  /** ISO 8601 in UTC ("Z"). */
  signedAt: z.string(),
  /** The same time as people read it: "2026-11-25 14:02 UTC". */
  signedAtText: z.string(),
  meaning: z.string(),
  /** "approved, medical" */
  meaningLabel: z.string(),
  /** The reviewer checklist items confirmed, when there were any. */
  checklist: z.array(z.string()).optional(),
});
export type AuditSignature = z.infer<typeof auditSignatureSchema>;

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
  /** The signature an approval entry records (e-signatures only). */
  signature: auditSignatureSchema.optional(),
  /**
   * The entry's place in the hash chain (docs/decisions/0553-audit-hash-chain.md): its
   * position, the previous entry's hash and its own; absent on entries written before it.
   */
  seq: z.number().int().optional(),
  prevHash: z.string().optional(),
  hash: z.string().optional(),
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

/** A time as the range of /verify and /export take it: a day (its whole day, UTC) or an instant. */
const rangeBound = (end: 'from' | 'to') =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'must be a date (YYYY-MM-DD) or an ISO 8601 time',
    })
    .transform((value) =>
      value.length === 10
        ? `${value}T${end === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`
        : new Date(value).toISOString(),
    );

/** `?from&to` of /api/admin/audit/verify: both optional (without them, every kept entry). */
export const auditRangeSchema = z
  .object({ from: rangeBound('from').optional(), to: rangeBound('to').optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: 'must not be before from',
  });

/** What /api/admin/audit/verify answers: the entries checked and where the chain breaks. */
export const auditVerdictSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBroken: z.object({ id: z.string(), at: z.string() }).optional(),
});
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;

/** `?from&to&format` of /api/admin/audit/export. */
export const auditExportQuerySchema = z
  .object({
    from: rangeBound('from').optional(),
    to: rangeBound('to').optional(),
    format: z.enum(AUDIT_EXPORT_FORMATS, { error: 'must be csv or json' }).default('json'),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: 'must not be before from',
  });

/** The JSON export: the range, the chain's head when it was taken, the entries oldest first. */
export const auditExportSchema = z.object({
  from: z.string().optional(),
  to: z.string(),
  exportedAt: z.string(),
  head: z
    .object({ seq: z.number().int(), hash: z.string(), lastId: z.string(), lastAt: z.string() })
    .optional(),
  entries: z.array(auditEntrySchema),
});
export type AuditExport = z.infer<typeof auditExportSchema>;

/** "2026-12-05 14:02:31 UTC": an entry's time as the verdict names it. */
const utcSecond = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The verdict as a sentence, as the audit log screen and `npm run audit:verify` say it:
 * "All 1,234 entries check out." or where the chain breaks and what that means.
 */
export function verdictSentence(verdict: AuditVerdict, formatTime = utcSecond): string {
  if (!verdict.firstBroken) {
    const count = verdict.checked.toLocaleString('en-US');
    if (verdict.checked === 0) return 'There are no entries to check.';
    return verdict.checked === 1 ? 'The one entry checks out.' : `All ${count} entries check out.`;
  }
  const { id, at } = verdict.firstBroken;
  return `The chain breaks at the entry of ${formatTime(at)} (${id}): it was changed, removed or inserted after it was written.`;
}
