// One person's leads (/api/admin/contacts/:email): everything one e-mail address sent and
// the merged timeline. Part of functions/shared/leads/ (docs/decisions/0485-shared-contracts-by-concern.md).
import * as z from 'zod';
import { FORM_TYPES } from '../contact.ts';
import { isoTime, leadStatusSchema, leadSummarySchema, timelineEntrySchema } from './lead.ts';

/** One entry of a contact's timeline: a submission, or an entry of one of its leads. */
export const contactTimelineEntrySchema = z.union([
  z.object({
    kind: z.literal('submission'),
    at: isoTime,
    leadId: z.string(),
    formType: z.enum(FORM_TYPES),
    formId: z.string().optional(),
    formTitle: z.string().optional(),
    status: leadStatusSchema,
    submission: z.number().int().optional(),
  }),
  timelineEntrySchema.extend({ leadId: z.string() }),
]);
export type ContactTimelineEntry = z.infer<typeof contactTimelineEntrySchema>;

/** GET /api/admin/contacts/:email: everything one person (one e-mail address) sent. */
export const contactSchema = z.object({
  /** Lower-cased: the contact's key. */
  email: z.string(),
  /** From the newest submission that is not spam (the newest of all if every one is). */
  name: z.string(),
  company: z.string(),
  /** The owner of the newest submission that has one. */
  owner: z.string().optional(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  /** Newest first, spam included (without a submission number). */
  submissions: z.array(leadSummarySchema),
  /** Submissions, status and owner changes and notes of every lead, oldest first. */
  timeline: z.array(contactTimelineEntrySchema),
  /** True when the contact has more submissions than the view reads (CONTACT_MAX_LEADS). */
  truncated: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;
