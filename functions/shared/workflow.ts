// Governed publishing (issue 23, docs/decisions/0132-working-copy.md): the working copy
// of a page, review with electronic signatures, schedules, preview links and the settings
// that govern them. The request and response shapes of /api/landing-pages/:id/{draft,
// submit, approve, reject, publish, unpublish, comments, preview-links} and
// /api/admin/settings, shared by the API and the admin.
import * as z from 'zod';
import { checklistEntrySchema, SIGNATURE_MEANINGS, type ChecklistEntry } from './signatures.ts';
import { submittedContentSchema } from './block-sync.ts';
import { landingContentSchema, seoSchema } from './landing-content.ts';
import { landingPageSchema, titleSchema } from './api/pages.ts';
import { pageMediaSchema } from './media.ts';
import { slugSchema } from './slug.ts';
import { codeSchema, currentPasswordSchema, emailSchema } from './account.ts';
import { redirectToSchema } from './redirects.ts';
import { pageClaimsSchema } from './claims/page-claims.ts';
import { DEFAULT_JOB_CODE_PREFIX, jobCodePrefixSchema } from './job-codes.ts';
import { lifecycleSummarySchema } from './api/lifecycle.ts';
import { overrideChecksSchema, pageChecksSchema } from './page-checks.ts';

/** How many distinct reviewers must approve a working copy: 0 publishes directly. */
export const MAX_APPROVALS_REQUIRED = 3;
/** The reviewer checklist's size: items every approval confirms one by one (issue 36). */
export const MAX_CHECKLIST_ITEMS = 12;
export const CHECKLIST_ITEM_MAX = 200;
/** The longest approval period `maxApprovalMonths` may set (five years). */
export const MAX_APPROVAL_MONTHS = 60;

/**
 * The publishing settings (docs/decisions/0549-publishing-settings.md), admins only:
 * - `approvalsRequired`: distinct reviewers' signatures a working copy needs;
 * - `claimsLint`: text that reads like a claim outside a claim token is listed in the Review
 *   tab (`warn`) or refused like an unapproved claim (`block`);
 * - `withdrawnClaims`: pages using a withdrawn claim are flagged (`flag`) or their live
 *   versions taken down at once (`unpublish`);
 * - `openCommentsBlockApproval`: a working copy with unresolved comments cannot be approved;
 * - `reviewChecklist`: items every approval (page, variant, claim) confirms one by one;
 * - `jobCodePrefix`: the first part of every new job code (docs/decisions/0550-job-codes.md).
 * - `maxApprovalMonths`: publishing needs an expiry within that many months of the
 *   publication (0: off; docs/decisions/0557-approval-period.md).
 * - `checksBlockPublishing`: errors of the checks before publishing refuse submit and publish
 *   (docs/decisions/0564-checks-before-publishing.md); off, they are listed only.
 * - `locales`: the site's locales, en-US first (functions/shared/locales.ts, issue 39).
 */
export const settingsSchema = z.strictObject({
  approvalsRequired: z.number().int().min(0).max(MAX_APPROVALS_REQUIRED),
  claimsLint: z.enum(['warn', 'block']),
  withdrawnClaims: z.enum(['flag', 'unpublish']),
  openCommentsBlockApproval: z.boolean(),
  reviewChecklist: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'an item is empty')
        .max(CHECKLIST_ITEM_MAX, `an item is longer than ${CHECKLIST_ITEM_MAX} characters`),
    )
    .max(MAX_CHECKLIST_ITEMS, `has more than ${MAX_CHECKLIST_ITEMS} items`)
    .refine((items) => new Set(items).size === items.length, 'lists an item twice'),
  jobCodePrefix: jobCodePrefixSchema,
  maxApprovalMonths: z.number().int().min(0).max(MAX_APPROVAL_MONTHS),
  checksBlockPublishing: z.boolean(),
  /**
   * The site's locales as stored; a change is checked by localesSchema
   * (functions/shared/settings-update.ts), kept out of this module, which the public function loads.
   */
  locales: z.array(z.string()).min(1),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = {
  approvalsRequired: 0,
  claimsLint: 'warn',
  withdrawnClaims: 'flag',
  openCommentsBlockApproval: true,
  reviewChecklist: [],
  jobCodePrefix: DEFAULT_JOB_CODE_PREFIX,
  maxApprovalMonths: 0,
  checksBlockPublishing: true,
  locales: ['en-US'],
};
/** PUT /api/admin/settings (functions/shared/settings-update.ts): the settings to change. */
export type SettingsUpdate = Partial<Settings>;

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

/**
 * POST /api/landing-pages/:id/approve (and the variant, form and claim approvals): an
 * electronic signature (docs/decisions/0530-signature-components-and-checklist.md).
 * `email` is the user ID, required on the session's first signature (21 CFR 11.200(a)(1)(i))
 * and checked whenever given; `checklist` answers the reviewer checklist item by item.
 */
export const approveSchema = z.strictObject({
  email: emailSchema.optional(),
  password: currentPasswordSchema,
  code: codeSchema.optional(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  comment: z.string().trim().max(2000).optional(),
  checklist: z
    .array(z.boolean())
    .max(MAX_CHECKLIST_ITEMS, `has more than ${MAX_CHECKLIST_ITEMS} answers`)
    .optional(),
});
export type ApproveRequest = z.input<typeof approveSchema>;

/** Who signs, as the approve routes hand it to the stores (functions/routes/support/identity.ts). */
export interface Signer {
  email: string;
  /** The printed name: the account's name, else its e-mail. */
  name: string;
  /** The checklist items confirmed; empty when the checklist has none. */
  checklist: ChecklistEntry[];
}
/** A signature record's checklist part: absent when there was no checklist to confirm. */
export const checklistPart = (signer: Pick<Signer, 'checklist'>) =>
  signer.checklist.length > 0 ? { checklist: signer.checklist } : {};

export const rejectSchema = z.strictObject({ comment: commentTextSchema });

/** An ISO time with its offset; publishing "at" a past time publishes now. */
const atSchema = z.iso.datetime({ offset: true });
export const publishSchema = z.strictObject({
  at: atSchema.optional(),
  /** Publishes over the checks' errors, saying why (publishers; issue 38). */
  overrideChecks: overrideChecksSchema.optional(),
});
export const unpublishSchema = z.strictObject({
  at: atSchema.optional(),
  /** A site path (or an absolute https URL) the page's address redirects to once it is down. */
  redirectTo: redirectToSchema.optional(),
});

/** The longest passage a comment quotes from the block it is anchored to. */
export const QUOTE_MAX = 500;

/**
 * Where a comment points (docs/decisions/0527-annotations.md): a block of the working copy
 * or of the live content by its id (`layout`'s, or the derived layout's for a page without
 * one), optionally a field inside that block by its path from the block (`headline`,
 * `items.0.text`) and the passage it is about.
 */
export const commentAnchorSchema = z.strictObject({
  blockId: z.string().trim().min(1, 'is required').max(100),
  field: z
    .string()
    .trim()
    .max(200)
    .regex(
      /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/,
      'is not a field path such as headline or items.0.text',
    )
    .optional(),
  quote: z
    .string()
    .trim()
    .min(1, 'is empty')
    .max(QUOTE_MAX, `is longer than ${QUOTE_MAX} characters`)
    .optional(),
});
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

/**
 * POST /api/landing-pages/:id/comments: `text` (`body` is its older name, still accepted), an
 * anchor to a block, or `replyTo`, the id of the thread's first comment (a reply has its
 * thread's anchor, none of its own).
 */
export const commentSchema = z
  .strictObject({
    text: commentTextSchema.optional(),
    body: commentTextSchema.optional(),
    anchor: commentAnchorSchema.optional(),
    replyTo: z.string().trim().min(1, 'is empty').max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.text === undefined && value.body === undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'is required' });
    }
    if (value.replyTo !== undefined && value.anchor !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['anchor'],
        message: "is the thread's: a reply has none of its own",
      });
    }
  });
export type CommentRequest = z.input<typeof commentSchema>;

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
  /** The reviewer checklist items confirmed as signed (absent: there was no checklist). */
  checklist: z.array(checklistEntrySchema).optional(),
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

/**
 * A comment, a rejection's reason, a submission's note or an approval's remark
 * (docs/decisions/0527-annotations.md). Only comments open threads that can be resolved;
 * `body` repeats `text` for clients written before it was named so.
 */
export const commentEntrySchema = z.object({
  id: z.string(),
  author: z.string(),
  at: z.string(),
  text: z.string(),
  body: z.string(),
  /** The working copy revision it refers to (undefined: the live version). */
  revision: z.number().optional(),
  kind: z.enum(['comment', 'rejection', 'submission', 'approval']),
  anchor: commentAnchorSchema.optional(),
  /** The thread's first comment, on a reply. */
  replyTo: z.string().optional(),
  /** Set on a thread's first comment while the thread is resolved. */
  resolved: z.object({ by: z.string(), at: z.string() }).optional(),
  /** The accounts its `@name`s named, e-mailed once each (never the author). */
  mentions: z.array(z.string()).optional(),
  /** The `@name`s that named an account, lowercased, as written (the admin highlights them). */
  mentionedAs: z.array(z.string()).optional(),
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
/** POST /api/landing-pages/:id/preview-links: the new link, with its URL this once. */
export const createdPreviewLinkSchema = previewLinkSchema.extend({ url: z.string() });
export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;

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
/**
 * The claims check of the content under review (issue 36, docs/decisions/0522-claims-rules.md):
 * what publishing would refuse, and what the claims lint finds (refused too with
 * `claimsLint: 'block'`), for the Review tab. Shapes of functions/shared/claims/rules.ts.
 */
export const claimsCheckSchema = z.object({
  lint: z.enum(['warn', 'block']),
  refusals: z.array(
    z.object({ path: z.string(), key: z.string().optional(), message: z.string() }),
  ),
  findings: z.array(
    z.object({
      path: z.string(),
      excerpt: z.string(),
      words: z.string(),
      why: z.enum(['figure', 'absolute']),
      candidates: z.array(z.string()),
    }),
  ),
});

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
  /** The claims check of the working copy (the live content while there is none). */
  claimsCheck: claimsCheckSchema,
  /** The checks before publishing of the same content (issue 38). */
  checks: pageChecksSchema,
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

/** GET /api/admin/pages/:id: the page as stored now (the live copy) and its workflow. */
export const pageWithWorkflowSchema = landingPageSchema.extend({ workflow: workflowStatusSchema });
export type PageWithWorkflow = z.infer<typeof pageWithWorkflowSchema>;

/**
 * A claim a page says that is not approved now (issue 36, docs/decisions/0538-claim-withdrawal.md):
 * the Pages list flags the page.
 */
export const flaggedClaimSchema = z.object({
  key: z.string(),
  /** `withdrawn`, `lapsed` (expired, or no current evidence), `draft` or `unknown`. */
  problem: z.enum(['withdrawn', 'lapsed', 'draft', 'unknown']),
  /** Said by the live version (visitors read it), else only by the working copy. */
  live: z.boolean(),
});
export type FlaggedClaim = z.infer<typeof flaggedClaimSchema>;

/**
 * Per page and locale (issue 39), what the Pages list shows: its version there is live, its
 * working copy's state, the default locale's texts changed since it was translated.
 */
export const localeSummarySchema = z.object({
  live: z.boolean(),
  state: z.enum(WORKFLOW_STATES).nullable(),
  sourceChanged: z.boolean(),
});
export type LocaleSummary = z.infer<typeof localeSummarySchema>;

/** GET /api/admin/workflow: per page, what the Pages list shows of its workflow. */
export const workflowSummarySchema = z.object({
  workingCopy: z
    .object({
      state: z.enum(WORKFLOW_STATES),
      revision: z.number(),
      updatedAt: z.string(),
      updatedBy: z.string(),
      /** Errors the checks before publishing found at its last save (issue 38). */
      checkErrors: z.number(),
    })
    .nullable(),
  schedule: z.array(scheduleEntrySchema),
  /** The claims it says that are not approved now: the page is flagged. */
  claims: z.array(flaggedClaimSchema),
  /** Its effective expiry and whether it expired (issue 37). */
  lifecycle: lifecycleSummarySchema,
  /** Its versions in other locales, by locale (issue 39); absent for a page without any. */
  locales: z.record(z.string(), localeSummarySchema).optional(),
});
export type WorkflowSummary = z.infer<typeof workflowSummarySchema>;
/** GET /api/admin/workflow's answer: the summary of each page, by its id. */
export const workflowSummariesSchema = z.record(z.string(), workflowSummarySchema);
export type WorkflowSummaries = z.infer<typeof workflowSummariesSchema>;

/**
 * GET /api/preview (the token as `Authorization: Bearer`): what a preview link shows, with
 * the library images its content uses by object path and the claims it says (their
 * wordings, references and evidence, or why one is not shown), so the link renders them
 * without an account.
 */
export const previewSchema = z.object({
  title: z.string(),
  slug: z.string(),
  content: landingContentSchema,
  revision: z.number(),
  state: z.enum([...WORKFLOW_STATES, 'live']),
  expiresAt: z.string(),
  media: z.record(z.string(), pageMediaSchema),
  claims: pageClaimsSchema,
});
export type Preview = z.infer<typeof previewSchema>;
