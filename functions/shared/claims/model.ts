// Claims and evidence (issue 36, docs/decisions/0520-claims-and-evidence.md): the records an
// MLR reviewer signs. Evidence is what substantiates a statement (a private PDF of the asset
// store, a URL or an internal record); a claim is the one approved wording of a statement,
// tied to at least one current piece of evidence by a locator (page, section or quoted
// passage). Pages say a claim by its token `{{claim:<key>}}` (tokens.ts), never by copying
// its words.
import * as z from 'zod';
import { checklistEntrySchema, SIGNATURE_MEANINGS } from '../signatures.ts';
import { CLAIM_KEY_PATTERN } from './tokens.ts';
import { wordingProblem } from './wordings.ts';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
/** A calendar day, `YYYY-MM-DD`: evidence dates and expiry dates are days, not instants. */
const day = z.iso.date('must be a date written YYYY-MM-DD');

export const EVIDENCE_KINDS = ['document', 'url', 'internal'] as const;
export const evidenceKindSchema = z.enum(EVIDENCE_KINDS);

const evidenceFields = {
  title: text(200),
  /** Who says it: the auditor, the study, the report's publisher. */
  source: text(200),
  /** When the evidence was issued or last measured. */
  date: day,
  kind: evidenceKindSchema,
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
    .max(2000)
    .optional(),
  /** A private PDF of the asset store (the gated downloads' checks; never served publicly). */
  assetId: z.uuid('must be the id of an uploaded document').optional(),
  notes: z.string().trim().max(4000).optional(),
  expiresAt: day.optional(),
};

/** A document has its PDF, a URL its address; an internal record needs neither. */
function kindNeeds(
  value: { kind?: string | undefined; url?: string | undefined; assetId?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.kind === 'document' && !value.assetId) {
    ctx.addIssue({ code: 'custom', path: ['assetId'], message: 'is required for a document' });
  }
  if (value.kind === 'url' && !value.url) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'is required for a URL' });
  }
}

export const createEvidenceSchema = z.strictObject(evidenceFields).superRefine(kindNeeds);
/** PATCH: any field; the result must still satisfy kindNeeds (checked on the merged record). */
export const patchEvidenceSchema = z
  .strictObject({
    ...evidenceFields,
    // null clears an optional field.
    url: evidenceFields.url.nullable(),
    assetId: evidenceFields.assetId.nullable(),
    notes: evidenceFields.notes.nullable(),
    expiresAt: evidenceFields.expiresAt.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'must change at least one field');

export const claimKeySchema = z
  .string()
  .regex(CLAIM_KEY_PATTERN, 'must be 2 to 64 lowercase letters, digits and hyphens');

export const claimReferenceSchema = z.strictObject({
  evidenceId: z.uuid('must be the id of a piece of evidence'),
  /** Where in the evidence: a page, a section or a quoted passage. */
  locator: text(500),
});

/** A wording that contradicts the claim: a phrase, or `/pattern/flags` (wordings.ts). */
export const forbiddenWordingSchema = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(200)
  .superRefine((value, ctx) => {
    const problem = wordingProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const claimFields = {
  key: claimKeySchema,
  /** The approved wording, exactly as pages show it. */
  text: text(500),
  category: text(60),
  references: z.array(claimReferenceSchema).max(20),
  forbiddenWordings: z.array(forbiddenWordingSchema).max(50),
  expiresAt: day.optional(),
};

export const createClaimSchema = z.strictObject({
  ...claimFields,
  references: claimFields.references.default([]),
  forbiddenWordings: claimFields.forbiddenWordings.default([]),
});
export const patchClaimSchema = z
  .strictObject({
    ...claimFields,
    expiresAt: claimFields.expiresAt.nullable(),
    /** The revision the editor started from: a stale one is a 409. */
    revision: z.number().int().nonnegative(),
  })
  .partial()
  .required({ revision: true });

export const EVIDENCE_STATUSES = ['current', 'withdrawn'] as const;
export const CLAIM_STATUSES = ['draft', 'approved', 'withdrawn'] as const;

/** Who changed a record and when. */
const stampFields = {
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string(),
};

const withdrawalSchema = z.object({
  at: z.iso.datetime(),
  by: z.string(),
  reason: z.string(),
});

/** A piece of evidence as the API answers it. */
export const evidenceSchema = z.object({
  id: z.uuid(),
  ...evidenceFields,
  status: z.enum(EVIDENCE_STATUSES),
  /** True while it substantiates: current and not past its expiry day. */
  valid: z.boolean(),
  withdrawal: withdrawalSchema.optional(),
  ...stampFields,
});
export type Evidence = z.infer<typeof evidenceSchema>;
export type CreateEvidence = z.output<typeof createEvidenceSchema>;
export type PatchEvidence = z.output<typeof patchEvidenceSchema>;

/** The e-signature that approved a claim's wording and references (their hash). */
export const claimApprovalSchema = z.object({
  signerName: z.string(),
  signerEmail: z.string(),
  signedAt: z.iso.datetime(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  comment: z.string().optional(),
  /** The reviewer checklist items confirmed as signed (absent: there was no checklist). */
  checklist: z.array(checklistEntrySchema).optional(),
  /** SHA-256 of the key, the text and the references signed. */
  hash: z.string(),
});

/** A claim as the API answers it; `status` is what holds today (see `lapse`). */
export const claimSchema = z.object({
  id: z.uuid(),
  ...claimFields,
  status: z.enum(CLAIM_STATUSES),
  /**
   * Why an approved claim no longer counts as approved (its expiry passed, or none of its
   * references is current any more): then `status` is `draft` until it is signed again.
   */
  lapse: z.string().optional(),
  revision: z.number().int().nonnegative(),
  approval: claimApprovalSchema.optional(),
  withdrawal: withdrawalSchema.optional(),
  ...stampFields,
});
export type Claim = z.infer<typeof claimSchema>;
export type CreateClaim = z.output<typeof createClaimSchema>;
export type PatchClaim = z.output<typeof patchClaimSchema>;

/** POST .../withdraw: why, for the audit log and the people told. */
export const withdrawSchema = z.strictObject({
  reason: z.string().trim().min(1, 'must say why').max(2000),
});

export const evidenceListSchema = z.object({ evidence: z.array(evidenceSchema) });
/** A claim in the list: with how many pages say it (live version or working copy). */
export const claimListItemSchema = claimSchema.extend({ usageCount: z.number().int().min(0) });
export type ClaimListItem = z.infer<typeof claimListItemSchema>;
export const claimListSchema = z.object({ claims: z.array(claimListItemSchema) });

/** A page that says a claim: in its live version, its working copy, or both. */
export const claimUsagePageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  live: z.boolean(),
  workingCopy: z.boolean(),
  /** Content paths of the fields holding the token. */
  fields: z.array(z.string()),
});
export const claimUsageSchema = z.object({
  claim: z.object({ id: z.string(), key: z.string() }),
  pages: z.array(claimUsagePageSchema),
});
export type ClaimUsage = z.infer<typeof claimUsageSchema>;
