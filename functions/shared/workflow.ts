// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): the working copy
// of a page, review with electronic signatures, schedules, preview links and the settings
// that govern them. The request and response shapes of /api/landing-pages/:id/{draft,
// submit, approve, reject, publish, unpublish, comments, preview-links} and
// /api/admin/settings, shared by the API and the admin.
import * as z from 'zod';
import { submittedContentSchema } from './block-sync.ts';
import { landingContentSchema, seoSchema } from './landing-content.ts';
import { titleSchema } from './api/pages.ts';
import { slugSchema } from './slug.ts';
import { codeSchema, currentPasswordSchema } from './account.ts';
import { redirectToSchema } from './redirects.ts';

/** How many distinct reviewers must approve a working copy: 0 publishes directly. */
export const MAX_APPROVALS_REQUIRED = 3;
export const settingsSchema = z.strictObject({
  approvalsRequired: z.number().int().min(0).max(MAX_APPROVALS_REQUIRED),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = { approvalsRequired: 0 };

/** A working copy is being edited (draft) or waits for its approvals (in_review). */
export const WORKFLOW_STATES = ['draft', 'in_review'] as const;

const revisionSchema = z.number().int().min(1);
const commentTextSchema = z.string().trim().min(1, 'is required').max(2000);

/** PUT /api/landing-pages/:id/draft */
export const saveDraftSchema = z.strictObject({
  title: titleSchema,
  slug: slugSchema,
  content: submittedContentSchema,
  /** SEO settings, also accepted inside content (content.seo); this one wins. */
  seo: seoSchema.optional(),
  /** The working copy's revision as loaded; the live page's when there is none yet. */
  revision: revisionSchema,
});

export const submitSchema = z.strictObject({ note: z.string().trim().max(2000).optional() });

/** What a signature means: approval, for a discipline of medical-legal-regulatory review. */
export const SIGNATURE_MEANINGS = [
  'approved',
  'approved-medical',
  'approved-legal',
  'approved-regulatory',
] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];
export const MEANING_LABELS: Record<SignatureMeaning, string> = {
  approved: 'approved',
  'approved-medical': 'approved, medical',
  'approved-legal': 'approved, legal',
  'approved-regulatory': 'approved, regulatory',
};

/** POST /api/landing-pages/:id/approve: an electronic signature (password, code). */
export const approveSchema = z.strictObject({
  password: currentPasswordSchema,
  code: codeSchema.optional(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  comment: z.string().trim().max(2000).optional(),
});
export type ApproveRequest = z.input<typeof approveSchema>;

export const rejectSchema = z.strictObject({ comment: commentTextSchema });

/** An ISO time with its offset; publishing "at" a past time publishes now. */
const atSchema = z.iso.datetime({ offset: true });
export const publishSchema = z.strictObject({ at: atSchema.optional() });
export const unpublishSchema = z.strictObject({
  at: atSchema.optional(),
  /** A site path (or an absolute https URL) the page's address redirects to once it is down. */
  redirectTo: redirectToSchema.optional(),
});

export const commentSchema = z.strictObject({ body: commentTextSchema });

/** Preview links live 7 days unless asked otherwise, 30 at most. */
export const PREVIEW_LINK_DEFAULT_DAYS = 7;
export const PREVIEW_LINK_MAX_DAYS = 30;
export const previewLinkRequestSchema = z.strictObject({
  days: z.number().int().min(1).max(PREVIEW_LINK_MAX_DAYS).optional(),
});

// ---- Responses -----------------------------------------------------------------------

export const signatureSchema = z.object({
  id: z.string(),
  /** The signer's printed name (their account name, else their e-mail). */
  signerName: z.string(),
  signerEmail: z.string(),
  /** UTC, ISO 8601. */
  signedAt: z.string(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  comment: z.string().optional(),
  /** SHA-256 (hex) of the exact title, slug and content signed (contentHash). */
  contentHash: z.string(),
  /** The working copy's revision signed. */
  revision: z.number(),
  /** True while the working copy still has exactly the content signed. */
  current: z.boolean(),
});
export type Signature = z.infer<typeof signatureSchema>;

export const workingCopySchema = z.object({
  title: z.string(),
  slug: z.string(),
  content: landingContentSchema,
  revision: z.number(),
  /** The live page's revision this copy started from. */
  baseRevision: z.number(),
  state: z.enum(WORKFLOW_STATES),
  contentHash: z.string(),
  /** Everyone who edited it: none of them may approve it. */
  authors: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  submittedAt: z.string().optional(),
  submittedBy: z.string().optional(),
  note: z.string().optional(),
});
export type WorkingCopy = z.infer<typeof workingCopySchema>;

export const scheduleEntrySchema = z.object({
  action: z.enum(['publish', 'unpublish']),
  at: z.string(),
  by: z.string(),
  /** The content it publishes (publish only): an edit voids the schedule. */
  contentHash: z.string().optional(),
  redirectTo: z.string().optional(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

export const commentEntrySchema = z.object({
  id: z.string(),
  author: z.string(),
  at: z.string(),
  body: z.string(),
  /** The working copy revision it refers to (undefined: the live version). */
  revision: z.number().optional(),
  kind: z.enum(['comment', 'rejection', 'submission']),
});
export type CommentEntry = z.infer<typeof commentEntrySchema>;

export const previewLinkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  /** Only in the answer that creates it: the link is never shown again. */
  url: z.string().optional(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/**
 * 202 of a change to a live page that went into its working copy instead, because the
 * settings require approvals before visitors see it (issue 33): SPEC's PUT, a version
 * restore, a reset to the template. `message` says so in a sentence for the admin to show.
 */
export const savedToCopySchema = z.object({
  savedTo: z.literal('working-copy'),
  message: z.string(),
  workingCopy: workingCopySchema,
});
export type SavedToCopy = z.infer<typeof savedToCopySchema>;

/** GET /api/admin/pages/:id's workflow part, beside the page (the live copy) itself. */
export const workflowStatusSchema = z.object({
  workingCopy: workingCopySchema.nullable(),
  /** Signatures on this page's working copies, newest first (current ones count). */
  approvals: z.array(signatureSchema),
  approvalsRequired: z.number(),
  /** Distinct current approvals still missing before the working copy can be published. */
  approvalsMissing: z.number(),
  schedule: z.array(scheduleEntrySchema),
  comments: z.array(commentEntrySchema),
  previewLinks: z.array(previewLinkSchema),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** GET /api/admin/workflow: per page, what the Pages list shows of its workflow. */
export const workflowSummarySchema = z.object({
  workingCopy: z
    .object({
      state: z.enum(WORKFLOW_STATES),
      revision: z.number(),
      updatedAt: z.string(),
      updatedBy: z.string(),
    })
    .nullable(),
  schedule: z.array(scheduleEntrySchema),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;
export type WorkflowSummaries = Record<string, WorkflowSummary>;

/** GET /api/preview (the token as `Authorization: Bearer`): what a preview link shows. */
export const previewSchema = z.object({
  title: z.string(),
  slug: z.string(),
  content: landingContentSchema,
  revision: z.number(),
  state: z.enum([...WORKFLOW_STATES, 'live']),
  expiresAt: z.string(),
});
export type Preview = z.infer<typeof previewSchema>;
