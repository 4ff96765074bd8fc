// The parts every e-signature shares (pages, variants, forms, claims): what it means
// (docs/decisions/0133-e-signatures.md), approval for a discipline of medical-legal-regulatory
// review, and the reviewer checklist items it confirms
// (docs/decisions/0530-signature-components-and-checklist.md). Apart from
// functions/shared/workflow.ts so the claims' schemas use them without importing the workflow's.
import * as z from 'zod';

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

/** A reviewer checklist item as a signature keeps it: confirmed, in the words signed. */
export const checklistEntrySchema = z.object({ item: z.string(), confirmed: z.literal(true) });
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;
