// Claims and evidence (issue 36, docs/decisions/0520-claims-and-evidence.md): the records an
// MLR reviewer signs. Evidence is what substantiates a statement (a private PDF of the asset
// store, a URL or an internal record); a claim is the one approved wording of a statement,
// tied to at least one current piece of evidence by a locator (page, section or quoted
// passage). Pages say a claim by its token `{{claim:<key>}}` (tokens.ts), never by copying
// its words.
import * as z from 'zod';
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
