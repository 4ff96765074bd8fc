// Job codes and the publication record (issue 37; docs/decisions/0550-job-codes.md,
// docs/decisions/0551-publication-record.md): every publication of a page (a write after which
// visitors see something new) gets `<prefix>-<YYYY>-<NNNN>` from a yearly counter, with the
// page's publication number, `PB-2026-0042 v3`. The page keeps its live version's publication
// (who published it, when, and the signatures that covered the content); a version keeps the
// publication of the state it replaced. The public page carries only the code and one date
// (docs/decisions/0552-job-code-on-the-live-page.md). Imported by the public function: keep
// it small (zod and signatures.ts only).
import * as z from 'zod';
import { checklistEntrySchema, SIGNATURE_MEANINGS } from './signatures.ts';
import { checksOverrideSchema } from './page-checks.ts';

export const DEFAULT_JOB_CODE_PREFIX = 'PB';

/** The setting `jobCodePrefix`: capital letters and digits, a letter first, 2-10 characters. */
export const jobCodePrefixSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Z][A-Z0-9]{1,9}$/,
    'must be 2 to 10 capital letters or digits, starting with a letter (for example PB)',
  );

/** "PB-2026-0042": the sequence has at least four digits (the 10,000th of a year has five). */
export const formatJobCode = (prefix: string, year: string, sequence: number) =>
  `${prefix}-${year}-${String(sequence).padStart(4, '0')}`;

/** A signature that covered the content published, as the publication keeps it. */
export const publicationApprovalSchema = z.object({
  /** Printed name (the account name, else the e-mail). */
  signerName: z.string(),
  signerEmail: z.string(),
  /** UTC, ISO 8601. */
  signedAt: z.string(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  checklist: z.array(checklistEntrySchema).optional(),
});
export type PublicationApproval = z.infer<typeof publicationApprovalSchema>;

export const publicationSchema = z.object({
  /** "PB-2026-0042": unique to this publication across the installation. */
  jobCode: z.string(),
  /** The page's publication number: how many times it has gone live with something new. */
  version: z.number().int().min(1),
  /** UTC, ISO 8601. */
  publishedAt: z.string(),
  /** The e-mail of whoever published it (the scheduler runs as its scheduler). */
  publishedBy: z.string(),
  /** The signatures that covered the content published; empty for an unsigned write. */
  approvals: z.array(publicationApprovalSchema),
  /** Published over the errors of the checks before publishing, and why (issue 38). */
  checksOverride: checksOverrideSchema.optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** "PB-2026-0042 v3" */
export const jobCodeLabel = (publication: Pick<Publication, 'jobCode' | 'version'>) =>
  `${publication.jobCode} v${publication.version}`;

/**
 * What the public page carries of its publication: the label and one day, the latest
 * approval's (`approved`) or, for content nobody signed, the publication's. Never a name or
 * an e-mail.
 */
export const publicPublicationSchema = z.strictObject({
  jobCode: z.string(),
  date: z.iso.date(),
  approved: z.boolean(),
});
export type PublicPublication = z.infer<typeof publicPublicationSchema>;

export function publicPublication(publication: Publication): PublicPublication {
  const latest = publication.approvals
    .map((approval) => approval.signedAt)
    .sort()
    .at(-1);
  return {
    jobCode: jobCodeLabel(publication),
    date: (latest ?? publication.publishedAt).slice(0, 10),
    approved: latest !== undefined,
  };
}

// The page prints it in its language: site/islands/landing/landing-page.tsx jobCodeLine
// ("PB-2026-0042 v3 · Approved 2026-12-04", "... · Freigegeben am 04.12.2026").
